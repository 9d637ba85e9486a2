import Foundation
import Testing

/// What one run of the `fastcop` binary gave.
struct ToolResult {
    let status: Int32
    let stdout: String
    let stderr: String
    let stdoutBytes: [UInt8]
}

/// Runs the built `fastcop` binary as a user would, in a scratch directory.
struct ToolRunner {
    /// The scratch directory the tool runs in (removed by `cleanUp()`).
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("fastcop-tool-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The path of `name` in the scratch directory.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Writes `text` (UTF-8) to `name` in the scratch directory; returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    /// Writes raw bytes to `name` in the scratch directory; returns its path.
    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// The text of `name` in the scratch directory, or nil when it does not exist.
    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: path(name)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `name` exists in the scratch directory.
    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }

    /// The names in the scratch directory (to check no temporary file is left).
    func listing() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    /// Runs `fastcop arguments…` with `stdin` as standard input; stdout and stderr are files,
    /// as in a pipe (not a terminal).
    func run(_ arguments: [String], stdin: [UInt8]? = nil, binary: String = "fastcop") throws -> ToolResult {
        let process = Process()
        process.executableURL = try Self.binary(binary)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let id = UUID().uuidString
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(id)")
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("err-\(id)")
        let inURL = FileManager.default.temporaryDirectory.appendingPathComponent("in-\(id)")
        defer {
            for url in [outURL, errURL, inURL] { try? FileManager.default.removeItem(at: url) }
        }
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        try Data(stdin ?? []).write(to: inURL)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let input = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        try input.close()
        let stdoutBytes = Array((try? Data(contentsOf: outURL)) ?? Data())
        let stderrBytes = (try? Data(contentsOf: errURL)) ?? Data()
        return ToolResult(
            status: process.terminationStatus, stdout: String(decoding: stdoutBytes, as: UTF8.self),
            stderr: String(decoding: stderrBytes, as: UTF8.self), stdoutBytes: stdoutBytes)
    }

    /// Runs a documented command line, `fastcop ARGS…` or `scripts/fastcop ARGS…`, as written:
    /// split into words as a shell splits them (blanks separate words; 'single' quotes keep
    /// everything, "double" quotes all but a backslash before `"`, `\\`, `$` or a backquote; a
    /// backslash outside quotes keeps the next character); the built binary runs the words
    /// after the program's name.
    func run(command: String, stdin: [UInt8]? = nil) throws -> ToolResult {
        let words = try Self.shellWords(command)
        guard let program = words.first, program == "fastcop" || program == "scripts/fastcop" else {
            throw NotAFastCopCommand(command: command)
        }
        return try run(Array(words.dropFirst()), stdin: stdin)
    }

    struct NotAFastCopCommand: Error, CustomStringConvertible {
        let command: String
        var description: String { "not a fastcop command: \(command)" }
    }

    struct UnclosedQuote: Error, CustomStringConvertible {
        let command: String
        var description: String { "an unclosed quote in: \(command)" }
    }

    /// The words of a shell command line (no variables, globs or operators: none is expected).
    static func shellWords(_ line: String) throws -> [String] {
        let characters = Array(line)
        var words: [String] = []
        var word = ""
        var inWord = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            index += 1
            switch character {
            case " ", "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                inWord = true
                guard let close = characters[index...].firstIndex(of: "'") else { throw UnclosedQuote(command: line) }
                word += String(characters[index..<close])
                index = close + 1
            case "\"":
                inWord = true
                while true {
                    guard index < characters.count else { throw UnclosedQuote(command: line) }
                    let next = characters[index]
                    index += 1
                    if next == "\"" { break }
                    if next == "\\", index < characters.count, "\"\\$`".contains(characters[index]) {
                        word.append(characters[index])
                        index += 1
                    } else {
                        word.append(next)
                    }
                }
            case "\\":
                inWord = true
                guard index < characters.count else { throw UnclosedQuote(command: line) }
                word.append(characters[index])
                index += 1
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// Runs `fastcop` and cleans up the scratch directory afterwards.
    static func withRunner<T>(_ body: (ToolRunner) throws -> T) throws -> T {
        let runner = try ToolRunner()
        defer { runner.cleanUp() }
        return try body(runner)
    }

    /// The built binary `name` (`fastcop`, or an example's) beside the test bundle
    /// (`.build/<triple>/debug/`), or in the package's `.build/debug/`.
    static func binary(_ name: String = "fastcop") throws -> URL {
        var candidates: [URL] = []
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(directory.appendingPathComponent(name))
            directory = directory.deletingLastPathComponent()
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(package.appendingPathComponent(".build/debug/\(name)"))
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw BinaryNotFound(name: name, searched: candidates.map(\.path))
    }

    struct BinaryNotFound: Error, CustomStringConvertible {
        let name: String
        let searched: [String]
        var description: String {
            "the \(name) binary was not found (run `swift build` first); looked in: \(searched.joined(separator: ", "))"
        }
    }
}

/// The rules most tests use: docs/rules.md's example, without its country field.
enum Rules {
    static let contacts = #"""
        {"fields": {
          "email": {"filters": ["trim", "lowercase"], "trials": ["email"], "message": "Invalid email"},
          "phone": {"filters": [{"regexReplace": {"pattern": "[^0-9+]", "replacement": ""}}],
                    "trials": [{"format": "\\+?[0-9]{7,15}"}], "message": "Invalid phone"}
        }}
        """#
}

extension String {
    /// The non-empty lines.
    var lines: [Substring] { split(separator: "\n", omittingEmptySubsequences: true) }
}
