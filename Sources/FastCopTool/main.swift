#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

exit(FastCopCommand.main(Array(CommandLine.arguments.dropFirst())).rawValue)
