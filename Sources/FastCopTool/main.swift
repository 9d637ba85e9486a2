import FastCopRecords

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

SignalMask.unblockTermination()
exit(FastCopCommand.main(Array(CommandLine.arguments.dropFirst())).rawValue)
