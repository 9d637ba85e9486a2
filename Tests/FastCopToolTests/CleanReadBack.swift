import Foundation

/// Runs `fastcop clean` on a CSV input with rules that judge no column, and reads CLEAN back
/// with ``CSVTestParser``: what the public CSV suites compare with the rows they expect.
enum CleanReadBack {
    /// What the run gave.
    struct Outcome {
        /// CLEAN's records (its header first, when the input has one), without a byte order mark.
        var records: [[String]]
        var rowsIn: Int
        var clean: Int
        var rejected: Int
        var status: Int32
        var stderr: String
    }

    /// Rules whose one field is optional and not a column: every row that can be read is clean.
    static let rules = #"{"fields": {"not a column": {"optional": true}}}"#

    /// Cleans `input` with `arguments` (dialect flags) added to the command.
    static func run(
        _ input: [UInt8], arguments: [String] = [], delimiter: Character = ",", quote: Character = "\""
    ) throws -> Outcome {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", rules)
            try tool.write("in.csv", bytes: input)
            let result = try tool.run(
                ["clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--rejects", "rejects.csv"]
                    + arguments)
            var text = tool.read("clean.csv") ?? ""
            if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
            return Outcome(
                records: CSVTestParser.records(text, delimiter: delimiter, quote: quote),
                rowsIn: count("rows in", in: result.stdout), clean: count("clean", in: result.stdout),
                rejected: count("rejected", in: result.stdout), status: result.status, stderr: result.stderr)
        }
    }

    /// The number the summary gives on the line starting with `label` (-1 when there is none).
    static func count(_ label: String, in summary: String) -> Int {
        for line in summary.split(separator: "\n") {
            let words = line.split(separator: " ")
            let labelWords = label.split(separator: " ")
            guard words.count > labelWords.count, Array(words.prefix(labelWords.count)) == labelWords else { continue }
            return Int(words[labelWords.count].filter { $0 != "," }) ?? -1
        }
        return -1
    }
}
