import FastCopFuzzChecks
import Foundation

/// The entry point. Built with `-sanitize=fuzzer -DFUZZING` (scripts/fuzz), it hands control
/// to libFuzzer's driver, which calls ``fuzzOne(_:_:)`` for each input and takes libFuzzer's
/// usual arguments. In a plain build it replays fuzz inputs from files (see ``Replay``).
@main
enum FuzzEntry {
    static func main() throws {
        #if FUZZING
            FuzzDriver.runLibFuzzer(fuzzOne)
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
    FuzzDriver.stop(
        on: FuzzChecks.run(FuzzInput(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))),
        name: "FastCop")
    return 0
}
