import Foundation

/// The public test suites that nobody on FastCop wrote (JSONTestSuite, csv-spectrum, PapaParse's
/// cases, the email sets, PCRE2's test data), read from `../shared/suites/` beside the clone.
///
/// CI puts that folder there; a user's fresh clone has none, and the tests that read it are then
/// skipped: each such suite is `.enabled(if: PublicSuites.isPresent, PublicSuites.absentNote)`,
/// and the first look for the folder prints the note on standard error, so a run says why those
/// tests did not run. The suites are read where they are, never copied into the repository.
public enum PublicSuites {
    /// The folder, found from this file's path: `<clone>/../shared/suites`, or nil when absent.
    public static let folder: URL? = {
        let clone = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = clone.deletingLastPathComponent().appendingPathComponent("shared/suites", isDirectory: true)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            FileHandle.standardError.write(Data("note: \(absentNote) (looked for \(folder.path))\n".utf8))
            return nil
        }
        return folder.standardizedFileURL
    }()

    /// Whether the folder is there (the condition of the suites' `.enabled(if:)` trait).
    public static var isPresent: Bool { folder != nil }

    /// Why the tests that read the suites are skipped when the folder is absent.
    public static let absentNote =
        "the public test suites are not beside the clone (../shared/suites, as CI has them): their tests are skipped"

    /// The file or folder at `path` inside the suites' folder (nil without the folder).
    public static func url(_ path: String) -> URL? {
        folder?.appendingPathComponent(path)
    }

    /// The bytes of the file at `path` inside the suites' folder (empty without the folder).
    public static func bytes(_ path: String) throws -> [UInt8] {
        guard let url = url(path) else { return [] }
        return Array(try Data(contentsOf: url))
    }

    /// The names of the files in the folder at `path` inside the suites' folder, sorted (empty
    /// without the folder), for a test's argument table.
    public static func files(in path: String) -> [String] {
        guard let url = url(path) else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }
}
