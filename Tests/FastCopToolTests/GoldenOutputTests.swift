import Foundation
import Testing

/// The tool's outputs, byte for byte, against the ones the tool wrote before the byte-level
/// row pipeline (checked in under `Golden/`, made by `Golden/make-golden`): speed work must not
/// change a byte of a clean row, a reject, a reason or a report line.
@Suite("fastcop clean and check: golden outputs")
struct GoldenOutputTests {
    /// The folder of inputs, rules and expected outputs.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// One line of `Golden/cases.txt`: a case name, its input, its rules and extra arguments.
    struct GoldenCase: CustomTestStringConvertible, Sendable {
        let name: String
        let input: String
        let rules: String
        let extra: [String]
        var testDescription: String { name }
        var isCheck: Bool { name.hasPrefix("check-") }
        var isLinesMode: Bool { extra.contains("lines") }
    }

    static let cases: [GoldenCase] = {
        let text = (try? String(contentsOf: folder.appendingPathComponent("cases.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let words = line.split(separator: " ").map(String.init)
            return GoldenCase(name: words[0], input: words[1], rules: words[2], extra: Array(words.dropFirst(3)))
        }
    }()

    static func golden(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    @Test("the cases file is read")
    func casesRead() {
        #expect(Self.cases.count >= 10)
    }

    @Test("today's output is the golden output, byte for byte", arguments: cases)
    func sameBytes(_ golden: GoldenCase) throws {
        try ToolRunner.withRunner { tool in
            try tool.write(golden.input, bytes: try Self.golden(golden.input))
            try tool.write(golden.rules, bytes: try Self.golden(golden.rules))
            if golden.isCheck {
                let result = try tool.run(["check", golden.input, "--rules", golden.rules, "--summary", "none"])
                #expect(result.stdoutBytes == (try Self.golden("\(golden.name).report")), "\(result.stderr)")
                return
            }
            var arguments = ["clean", golden.input, "--rules", golden.rules, "-o", "out.clean", "--summary", "none"]
            if !golden.isLinesMode { arguments += ["--rejects", "out.rejects"] }
            let result = try tool.run(arguments + golden.extra)
            #expect(result.status != 2, "\(result.stderr)")
            let clean = Array(try Data(contentsOf: URL(fileURLWithPath: tool.path("out.clean"))))
            #expect(clean == (try Self.golden("\(golden.name).clean")))
            if !golden.isLinesMode {
                let rejects = Array(try Data(contentsOf: URL(fileURLWithPath: tool.path("out.rejects"))))
                #expect(rejects == (try Self.golden("\(golden.name).rejects")))
            }
        }
    }
}
