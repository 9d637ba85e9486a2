import FastCopFuzzChecks
import Foundation

/// The entry point. Built with `-sanitize=fuzzer -DFUZZING` (scripts/fuzz), it hands control
/// to libFuzzer's driver, which calls ``fuzzOne(_:_:)`` for each input and takes libFuzzer's
/// usual arguments. In a plain build it replays fuzz inputs from files (see ``Replay``).
///
/// SwiftPM links executables with `main` defined as this module's entry point, so libFuzzer's
/// own `main` is not used; its `LLVMFuzzerRunDriver` is.
@main
enum FuzzEntry {
    static func main() throws {
        #if FUZZING
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOne))
        #else
            do {
                try Replay.main(Array(CommandLine.arguments.dropFirst()))
            } catch {
                FileHandle.standardError.write(Data("FastCopFuzz: \(error)\n".utf8))
                exit(2)
            }
        #endif
    }
}

/// One input: runs every check on it. Returns 0, as libFuzzer requires; a finding prints what
/// was found and aborts, so that libFuzzer saves the input.
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let findings = FuzzChecks.run(FuzzInput(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)))
    guard findings.isEmpty else {
        fatalError("FastCop fuzz finding: " + findings.joined(separator: "\nFastCop fuzz finding: "))
    }
    return 0
}

#if FUZZING
    #if canImport(Glibc)
        import Glibc
    #endif

    /// libFuzzer's driver (`int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*cb)(const
    /// uint8_t *, size_t))`), from the runtime that `-sanitize=fuzzer` links.
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32
#endif
