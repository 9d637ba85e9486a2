import Foundation

/// The fuzz corpus on disk: the checked-in seeds (`Fuzz/corpus`) and any folder of inputs.
package enum FuzzCorpus {
    /// The file at `path`, or the regular files in the folder at `path`, sorted by name.
    package static func files(at path: String) throws -> [URL] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw FuzzCorpusError(message: "no such file or folder: \(path)")
        }
        let url = URL(fileURLWithPath: path)
        guard isFolder.boolValue else { return [url] }
        return try FileManager.default.contentsOfDirectory(atPath: path).sorted()
            .filter { !$0.hasPrefix(".") }
            .map { url.appendingPathComponent($0) }
    }

    /// The checked-in corpus folder `name` (`corpus`, `records-corpus`) under `Fuzz/`, found
    /// from `testFile`, the `#filePath` of a test in `Tests/SUITE/`.
    package static func checkedIn(_ name: String, fromTest testFile: String) -> URL {
        URL(fileURLWithPath: testFile).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz").appendingPathComponent(name)
    }

    /// The names of the files in `folder`, sorted; none when it cannot be listed (a test that
    /// expects the seeds then fails).
    package static func names(in folder: URL) -> [String] {
        ((try? files(at: folder.path)) ?? []).map(\.lastPathComponent)
    }

    /// The bytes of the seed at `index` in ``Seeds/all``, as the fuzzer reads them.
    package static func encodedSeed(_ index: Int) -> [UInt8] {
        let seed = Seeds.all[index]
        return FuzzInput.encode(
            pattern: seed.pattern, subject: seed.subject, template: seed.template, options: seed.options,
            noJIT: seed.noJIT, tight: seed.tight)
    }

    /// Runs every check on the input in `file`; returns the findings.
    package static func replay(_ file: URL) throws -> [String] {
        let bytes = [UInt8](try Data(contentsOf: file))
        return bytes.withUnsafeBufferPointer { FuzzChecks.run(FuzzInput($0)) }
    }
}

/// A corpus path that does not exist.
package struct FuzzCorpusError: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
