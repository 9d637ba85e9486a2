import Foundation
import Testing

@Suite("fastcop clean --jobs")
struct CleanJobsTests {
    /// About 5 MB of rows: more than one 4 MiB block, so the next block is read while one is
    /// processed, and rows cross the blocks' edges.
    static let input: String = {
        var text = "name,email,phone\n"
        for row in 0..<70_000 {
            let name = row % 7 == 0 ? "\"Zoë, \(row)\"" : "  Ada\u{A0}\u{A0}Lovelace \(row) "
            let email = row % 5 == 0 ? "bad\(row)@" : " ADA.\(row)@Example.COM "
            text += "\(name),\(email),+44 (20) 7946-\(row % 10_000)\(row % 3 == 0 ? "\r\n" : "\n")"
        }
        return text
    }()

    static let rules = #"""
        {"fields": {
          "name": {"filters": ["collapseWhitespace", "trim"]},
          "email": {"filters": ["trim", "lowercase"], "trials": ["email"]},
          "phone": {"filters": [{"regexReplace": {"pattern": "[^0-9+]", "replacement": ""}}],
                    "trials": [{"format": "\\+?[0-9]{7,15}"}]}
        }}
        """#

    @Test("one worker and many write the same bytes, in input order", arguments: ["1", "3"])
    func sameOutput(jobs: String) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.csv", Self.input)
            try tool.write("rules.json", Self.rules)
            let base = ["clean", "in.csv", "--rules", "rules.json", "--summary", "none"]
            _ = try tool.run(base + ["-o", "all.csv", "--rejects", "all-rejects.csv"])
            let result = try tool.run(base + ["--jobs", jobs, "-o", "some.csv", "--rejects", "some-rejects.csv"])
            #expect(result.status == 1, "\(result.stderr)")
            let clean = try #require(tool.read("some.csv"))
            #expect(clean == tool.read("all.csv"))
            #expect(tool.read("some-rejects.csv") == tool.read("all-rejects.csv"))
            #expect(clean.lines.count - 1 == 70_000 - 14_000)
        }
    }

    @Test(
        "a count that is not a number of threads is a usage error",
        arguments: ["0", "-2", "many", "", "257", "100000"])
    func badCount(_ jobs: String) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.csv", "name\nx\n")
            try tool.write("rules.json", #"{"fields": {"name": {}}}"#)
            let result = try tool.run(["clean", "in.csv", "--rules", "rules.json", "-o", "out.csv", "--jobs", jobs])
            #expect(result.status == 2)
            #expect(result.stderr.contains("--jobs takes a number of threads"))
        }
    }
}
