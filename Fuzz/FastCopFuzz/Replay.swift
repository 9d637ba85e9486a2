import FastCop
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
        var count = 0
        for path in arguments {
            for file in try files(at: path) {
                let data = try Data(contentsOf: file)
                [UInt8](data).withUnsafeBufferPointer { FuzzChecks.run(FuzzInput($0)) }
                count += 1
            }
        }
        print("replayed \(count) inputs: no finding")
    }

    /// The file at `path`, or the regular files in the folder at `path`, sorted by name.
    static func files(at path: String) throws -> [URL] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ReplayError(message: "no such file or folder: \(path)")
        }
        let url = URL(fileURLWithPath: path)
        guard isFolder.boolValue else { return [url] }
        return try FileManager.default.contentsOfDirectory(atPath: path).sorted()
            .filter { !$0.hasPrefix(".") }
            .map { url.appendingPathComponent($0) }
    }

    struct ReplayError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static func writeSeeds(to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, seed) in Seeds.all.enumerated() {
            let bytes = FuzzInput.encode(
                pattern: seed.pattern, subject: seed.subject, template: seed.template, options: seed.options,
                noJIT: seed.noJIT, tight: seed.tight)
            let name = String(format: "seed-%03d", index)
            try Data(bytes).write(to: folder.appendingPathComponent(name))
        }
        print("wrote \(Seeds.all.count) seeds to \(folder.path)")
    }
}
