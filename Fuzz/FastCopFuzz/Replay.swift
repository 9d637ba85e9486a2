import FastCopFuzzChecks
import Foundation

/// Replays fuzz inputs from files without libFuzzer, and writes the seed corpus.
enum Replay {
    static func main(_ arguments: [String]) throws {
        if arguments.first == "--leak-check" || arguments.first == "--leak-loop" {
            let rounds = arguments.count > 1 ? Int(arguments[1]) ?? 1000 : 1000
            LeakCheck.main(rounds: rounds, measure: arguments.first == "--leak-check")
            return
        }
        if arguments.first == "--write-seeds", arguments.count == 2 {
            try writeSeeds(to: URL(fileURLWithPath: arguments[1]))
            return
        }
        guard !arguments.isEmpty else {
            print("usage: FastCopFuzz FILE_OR_FOLDER...   (replay inputs)")
            print("       FastCopFuzz --write-seeds FOLDER (write the seed corpus)")
            print("       FastCopFuzz --leak-check [ROUNDS]  (create, use and drop everything; check memory growth)")
            print("       FastCopFuzz --leak-loop [ROUNDS]   (the same loop without the check, for LeakSanitizer)")
            return
        }
        try FuzzDriver.replay(arguments, name: "FastCop") { bytes in
            bytes.withUnsafeBufferPointer { FuzzChecks.run(FuzzInput($0)) }
        }
    }

    static func writeSeeds(to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in Seeds.all.indices {
            let bytes = FuzzCorpus.encodedSeed(index)
            let name = String(format: "seed-%03d", index)
            try Data(bytes).write(to: folder.appendingPathComponent(name))
        }
        print("wrote \(Seeds.all.count) seeds to \(folder.path)")
    }
}
