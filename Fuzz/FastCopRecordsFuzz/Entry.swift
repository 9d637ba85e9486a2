import FastCopFuzzChecks
import FastCopRecordsFuzzChecks
import Foundation

/// The records fuzzer's entry point. Built with `-sanitize=fuzzer -DFUZZING` (scripts/fuzz), it
/// hands control to libFuzzer's driver, which calls ``fuzzOne(_:_:)`` for each input; in a
/// plain build it replays inputs from files, or writes the seed corpus.
@main
enum RecordsFuzzEntry {
    static func main() throws {
        #if FUZZING
            FuzzDriver.runLibFuzzer(fuzzOne)
        #else
            do {
                let arguments = Array(CommandLine.arguments.dropFirst())
                if arguments.first == "--write-seeds", arguments.count == 2 {
                    try writeSeeds(to: URL(fileURLWithPath: arguments[1]))
                } else if arguments.isEmpty {
                    print("usage: FastCopRecordsFuzz FILE_OR_FOLDER...   (replay inputs)")
                    print("       FastCopRecordsFuzz --write-seeds FOLDER (write the seed corpus)")
                } else {
                    try FuzzDriver.replay(arguments, name: "FastCopRecords", check: RecordsFuzzChecks.run)
                }
            } catch {
                FileHandle.standardError.write(Data("FastCopRecordsFuzz: \(error)\n".utf8))
                exit(2)
            }
        #endif
    }

    static func writeSeeds(to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, seed) in RecordsSeeds.all.enumerated() {
            try Data(seed).write(to: folder.appendingPathComponent(String(format: "seed-%03d", index)))
        }
        print("wrote \(RecordsSeeds.all.count) seeds to \(folder.path)")
    }
}

/// One input: runs every check on it. Returns 0, as libFuzzer requires; a finding prints what
/// was found and aborts, so that libFuzzer saves the input.
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzDriver.stop(on: RecordsFuzzChecks.run(bytes), name: "FastCopRecords")
    return 0
}
