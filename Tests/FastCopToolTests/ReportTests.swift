import Foundation
import Testing

/// `--report FILE`: the JSON checked against the REJECTS file of the same run (the counts add
/// up, every example is a real rejected row), and the page's numbers against the run's.
@Suite("fastcop clean/check --report")
struct ReportTests {
    static let golden = GoldenOutputTests.folder

    /// A rejected row as the REJECTS file has it.
    struct Reject {
        let row: Int
        let line: Int
        let fields: [String]
        let messages: [String]
    }

    /// The rows of a CSV REJECTS file (its last four columns).
    static func rejects(_ text: String) -> [Reject] {
        CSVTestParser.records(text).dropFirst().map { record in
            let tail = Array(record.suffix(4))
            let fields = tail[2].isEmpty ? [] : tail[2].components(separatedBy: "; ")
            return Reject(
                row: Int(tail[0])!, line: Int(tail[1])!, fields: fields, messages: tail[3].components(separatedBy: "; ")
            )
        }
    }

    static func object(_ text: String?) throws -> [String: Any] {
        let data = try #require(text?.data(using: .utf8))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("the JSON report and the REJECTS file agree: totals, per field, per rule, every example")
    func jsonAgreesWithRejects() throws {
        try ToolRunner.withRunner { tool in
            let input = Self.golden.appendingPathComponent("dirty.csv").path
            let rules = Self.golden.appendingPathComponent("dirty-rules.json").path
            try Self.expectAgreement(tool, input: input, rules: rules)
        }
    }

    @Test("on many blocks and tasks (2 workers), the examples are still each rule's first rows")
    func manyTasks() throws {
        try ToolRunner.withRunner { tool in
            var rows = "id,name,email,phone\n"
            for row in 1...40_000 {
                let email = row % 7 == 0 ? "user\(row)@" : row % 13 == 0 ? "dup@" : "user\(row)@example.org"
                let phone = row % 11 == 0 ? "12" : "+4420794\(String(format: "%05d", row))"
                rows += "\(row),Name \(row),\(email),\(phone)\n"
            }
            try tool.write("many.csv", rows)
            let rules = Self.golden.appendingPathComponent("dirty-rules.json").path
            try Self.expectAgreement(tool, input: tool.path("many.csv"), rules: rules, extra: ["--jobs", "2"])
            let report = try Self.object(tool.read("report.json"))
            let failures = try #require(report["failuresByRule"] as? [[String: Any]])
            let email = try #require(failures.first { $0["kind"] as? String == "email" })
            let values = try #require((email["frequentValues"] as? [String: Any])?["values"] as? [[String: Any]])
            // "dup@" fails on every 13th row but those that are 7th rows: the most frequent, counted
            // exactly enough to stand first.
            #expect(values.first?["value"] as? String == "dup@")
        }
    }

    /// Runs `clean INPUT --rules RULES --report` and checks the report against REJECTS.
    static func expectAgreement(_ tool: ToolRunner, input: String, rules: String, extra: [String] = []) throws {
        do {
            let result = try tool.run(
                [
                    "clean", input, "--rules", rules, "-o", tool.path("clean.csv"), "--report",
                    tool.path("report.json"),
                    "--quiet",
                ] + extra)
            #expect(result.status == 1, "\(result.stderr)")
            let rejects = Self.rejects(try #require(tool.read("clean.rejects.csv")))
            let cleanRows = CSVTestParser.records(try #require(tool.read("clean.csv"))).count - 1
            let report = try Self.object(tool.read("report.json"))
            let totals = try #require(report["totals"] as? [String: Int])
            #expect(totals["rejected"] == rejects.count)
            #expect(totals["clean"] == cleanRows)
            #expect(totals["rowsIn"] == rejects.count + cleanRows)
            #expect(totals["malformed"] == rejects.filter(\.fields.isEmpty).count)

            for field in try #require(report["fields"] as? [[String: Any]]) {
                let name = try #require(field["name"] as? String)
                #expect(field["failedRows"] as? Int == rejects.filter { $0.fields.contains(name) }.count, "\(name)")
            }
            let failures = try #require(report["failuresByRule"] as? [[String: Any]])
            #expect(!failures.isEmpty)
            var failed = 0
            for rule in failures {
                let count = try #require(rule["failedRows"] as? Int)
                failed += count
                let examples = try #require(rule["examples"] as? [[String: Any]])
                #expect(examples.count == min(count, 10), "\(rule["rule"] ?? "")")
                // The examples are the rule's first failing rows, in order, each one a row of REJECTS
                // that names the rule's field and the example's message.
                let rows = examples.compactMap { $0["row"] as? Int }
                #expect(rows == rows.sorted())
                let field = rule["field"] as? String
                let matching = rejects.filter { reject in
                    field.map { reject.fields.contains($0) } ?? reject.fields.isEmpty
                }
                #expect(rows == Array(matching.prefix(rows.count).map(\.row)), "\(rule["rule"] ?? "")")
                for example in examples {
                    let reject = try #require(rejects.first { $0.row == example["row"] as? Int })
                    #expect(reject.line == example["line"] as? Int)
                    let message = try #require(example["message"] as? String)
                    #expect(reject.messages.contains(message) || reject.messages.joined(separator: "; ") == message)
                }
                let frequent = try #require(rule["frequentValues"] as? [String: Any])
                let values = try #require(frequent["values"] as? [[String: Any]])
                let counts = values.compactMap { $0["count"] as? Int }
                #expect(counts == counts.sorted(by: >))
                #expect(counts.reduce(0, +) <= count)
            }
            // Every failing field of every rejected row is one rule's failure (one rule a field here).
            #expect(failed == rejects.map { max(1, $0.fields.count) }.reduce(0, +))
        }
    }

    @Test("duplicates of a unique field: counted under unique, the example names the first row")
    func uniqueInReport() throws {
        try ToolRunner.withRunner { tool in
            try tool.write(
                "schema.json",
                #"{"fields": [{"name": "id", "type": "integer", "constraints": {"unique": true}}, {"name": "age", "type": "integer", "constraints": {"maximum": 130}}]}"#
            )
            try tool.write("in.csv", "id,age\n1,20\n2,200\n1,30\nx,40\n2,50\n1,500\n")
            let result = try tool.run([
                "clean", "in.csv", "--schema", "schema.json", "-o", "clean.csv", "--report", "report.json", "--quiet",
            ])
            #expect(result.status == 1, "\(result.stderr)")
            let report = try Self.object(tool.read("report.json"))
            let rules = try #require(report["failuresByRule"] as? [[String: Any]])
            func rule(_ kind: String) -> [String: Any]? { rules.first { $0["kind"] as? String == kind } }
            #expect(rule("unique")?["failedRows"] as? Int == 3)
            #expect(rule("maximum")?["failedRows"] as? Int == 2)
            #expect(rule("type")?["failedRows"] as? Int == 1)
            let examples = try #require(rule("unique")?["examples"] as? [[String: Any]])
            #expect(examples.compactMap { $0["row"] as? Int } == [3, 5, 6])
            #expect(examples.first?["message"] as? String == "unique error: duplicate of row 1")
            #expect(examples.first?["value"] as? String == "1")
            let frequent = try #require(rule("unique")?["frequentValues"] as? [String: Any])
            #expect(frequent["exact"] as? Bool == true)
            let values = try #require(frequent["values"] as? [[String: Any]])
            #expect(values.first?["value"] as? String == "1")
            #expect(values.first?["count"] as? Int == 2)
        }
    }

    @Test("the page: self-contained, with the run's numbers")
    func htmlPage() throws {
        try ToolRunner.withRunner { tool in
            let input = Self.golden.appendingPathComponent("dirty.csv").path
            let rules = Self.golden.appendingPathComponent("dirty-rules.json").path
            _ = try tool.run([
                "clean", input, "--rules", rules, "-o", tool.path("clean.csv"), "--report", tool.path("report.html"),
                "--report", tool.path("report.html"), "--quiet",
            ])
            let page = try #require(tool.read("report.html"))
            let rejects = Self.rejects(try #require(tool.read("clean.rejects.csv")))
            #expect(page.hasPrefix("<!DOCTYPE html>"))
            #expect(page.contains(#"<div class="card" id="rejected"><div class="value">\#(rejects.count)</div>"#))
            // Nothing is fetched: no script, no external style, font or image.
            for outside in ["<script", "http://", "https://", "<link", "@import", "url("] {
                #expect(!page.contains(outside), "\(outside)")
            }
        }
    }

    @Test("check --report writes the same report; a report file that is neither .json nor .html is refused")
    func checkAndUsage() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.csv", "email\na@b.co\nnope\n\nx@\n")
            let result = try tool.run(["check", "in.csv", "--email", "--column", "email", "--report", "r.json"])
            #expect(result.status == 1, "\(result.stderr)")
            let report = try Self.object(tool.read("r.json"))
            #expect(report["command"] as? String == "check")
            let rules = try #require(report["failuresByRule"] as? [[String: Any]])
            #expect(rules.first { $0["kind"] as? String == "email" }?["failedRows"] as? Int == 2)
            #expect((report["totals"] as? [String: Int])?["blankLinesSkipped"] == 1)

            let wrong = try tool.run(["check", "in.csv", "--email", "--column", "email", "--report", "r.txt"])
            #expect(wrong.status == 2)
            #expect(wrong.stderr.contains("--report takes a file ending in .json or .html"))
            #expect(!tool.exists("r.txt"))
        }
    }

    @Test("the text summary names the rules that fail most; --summary json counts every rule")
    func summaries() throws {
        try ToolRunner.withRunner { tool in
            let input = Self.golden.appendingPathComponent("dirty.csv").path
            let rules = Self.golden.appendingPathComponent("dirty-rules.json").path
            let text = try tool.run(["clean", input, "--rules", rules, "-o", tool.path("clean.csv")])
            #expect(text.stdout.contains("  rules failing most:\n    email: email"), "\(text.stdout)")
            let json = try tool.run([
                "clean", input, "--rules", rules, "-o", tool.path("clean.csv"), "--summary", "json",
            ])
            let summary = try Self.object(json.stdout)
            let counts = try #require(summary["failuresByRule"] as? [[String: Any]])
            #expect(counts.contains { $0["rule"] as? String == "phone: format \\+?[0-9]{7,15}" })
        }
    }
}
