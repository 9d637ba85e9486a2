import Testing

/// `fastcop clean --output-mode lines`, the mode made for pipes (Spark's `RDD.pipe`,
/// `mapPartitions` with a subprocess): exactly one output line per input line, in order.
@Suite("fastcop clean --output-mode lines (pipe mode)")
struct PipeModeTests {
    /// Rules for one text field with filters and a trial.
    static let nameRules = #"""
        {"fields": {"name": {"filters": ["stripInvisible", "collapseWhitespace", "trim"],
                             "trials": [{"length": {"minimum": 2}}], "message": "Name too short"}}}
        """#

    /// Runs the pipe mode on JSON Lines from stdin.
    static func pipe(_ tool: ToolRunner, _ input: [UInt8], rules: String = nameRules) throws -> ToolResult {
        try tool.write("rules.json", rules)
        return try tool.run(
            ["clean", "-", "--format", "jsonl", "--rules", "rules.json", "--output-mode", "lines", "--quiet"],
            stdin: input)
    }

    @Test("one line per input row, in order: ok + cleaned row, or rejected + reasons + original")
    func jsonLines() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", Rules.contacts)
            let input = #"""
                {"email": " A@B.CO ", "phone": "555 0101 234"}
                {"email": "bad", "phone": "1"}
                not json
                {"email": "c@d.co", "phone": "+44 20 7946 0958"}

                """#
            let result = try tool.run(
                ["clean", "-", "--format", "jsonl", "--rules", "rules.json", "--output-mode", "lines", "--quiet"],
                stdin: Array(input.utf8))
            #expect(result.status == 1)
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 5)
            #expect(lines[0] == #"ok\#t{"email": "a@b.co", "phone": "5550101234"}"#)
            #expect(
                lines[1] == #"rejected\#temail; phone\#tInvalid email; Invalid phone\#t{"email": "bad", "phone": "1"}"#)
            #expect(lines[2].hasPrefix("rejected\t\tinvalid JSON: expected a JSON object"))
            #expect(lines[2].hasSuffix("\tnot json"))
            #expect(lines[3] == #"ok\#t{"email": "c@d.co", "phone": "+442079460958"}"#)
        }
    }

    @Test(
        "each line's answer, non-ASCII text included",
        arguments: [
            (#"{"name": "  Zoë   Straße "}"#, #"ok\#t{"name": "Zoë Straße"}"#),
            ("{\"name\": \"e\u{301}te\u{301} 🙂\"}", "ok\t{\"name\": \"e\u{301}te\u{301} 🙂\"}"),
            (#"{"name": "Tim\u200B Berners-Lee", "id": 7}"#, #"ok\#t{"name": "Tim Berners-Lee", "id": 7}"#),
            (#"{"name": "a\nb\tc"}"#, #"ok\#t{"name": "a b c"}"#),
            (#"{"name": "ß"}"#, #"rejected\#tname\#tName too short\#t{"name": "ß"}"#),
            (#"{"name": "🙂"}"#, #"rejected\#tname\#tName too short\#t{"name": "🙂"}"#),
            (#"{"name": "\t"}"#, #"rejected\#tname\#tName too short\#t{"name": "\t"}"#),
        ])
    func answers(input: String, expected: String) throws {
        try ToolRunner.withRunner { tool in
            let result = try Self.pipe(tool, Array((input + "\n").utf8))
            #expect(result.stdout == expected + "\n")
            #expect(result.status == (expected.hasPrefix("ok") ? 0 : 1))
        }
    }

    @Test(
        "a line that is no JSON object is answered, never skipped",
        arguments: ["", "   ", "[1, 2]", "\"Zoë\"", "{\"name\": \"é\"", "{\"name\": \"ß\"} trailing"])
    func malformed(line: String) throws {
        try ToolRunner.withRunner { tool in
            let input = #"{"name": "Ada"}"# + "\n" + line + "\n" + #"{"name": "Émilie"}"# + "\n"
            let result = try Self.pipe(tool, Array(input.utf8))
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 4)
            #expect(lines[0] == #"ok\#t{"name": "Ada"}"#)
            #expect(lines[1].hasPrefix("rejected\t\tinvalid JSON: "))
            #expect(lines[1].hasSuffix("\t" + line))
            #expect(lines[2] == #"ok\#t{"name": "Émilie"}"#)
            #expect(result.status == 1)
        }
    }

    @Test("invalid UTF-8 is one rejected line with the reason")
    func invalidUTF8() throws {
        try ToolRunner.withRunner { tool in
            let input =
                Array(#"{"name": "Ada"}"#.utf8) + [0x0A] + Array(#"{"name": "A"#.utf8) + [0xFF, 0x22, 0x7D, 0x0A]
            let result = try Self.pipe(tool, input)
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 3)
            #expect(
                lines[1].hasPrefix(
                    "rejected\t\tinvalid UTF-8 at byte 12 of the row (if the file is Latin-1 or Windows-1252, say"
                        + " --encoding latin1 or windows-1252)\t"))
        }
    }

    @Test("many rows over several blocks and workers: every answer in its input's place")
    func order() throws {
        try ToolRunner.withRunner { tool in
            // About 5 MB: more than one 4 MiB block, each cut into tasks for all cores.
            let count = 60_000
            var input = ""
            for index in 0..<count {
                if index % 1_000 == 999 {
                    input += "\n"  // a blank line: answered as malformed
                } else if index % 3 == 0 {
                    input += #"{"id": \#(index), "name": "X"}"# + "\n"
                } else {
                    input +=
                        #"{"id": \#(index), "name": "  Zoë \#(index)   Straße  ", "pad": "\#(String(repeating: "é", count: 20))"}"#
                        + "\n"
                }
            }
            let result = try Self.pipe(tool, Array(input.utf8))
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == count)
            var wrong = 0
            for (index, line) in lines.enumerated() {
                let expected: String
                if index % 1_000 == 999 {
                    expected =
                        "rejected\t\tinvalid JSON: expected a JSON object '{', found the end of the text at column 1\t"
                } else if index % 3 == 0 {
                    expected = #"rejected\#tname\#tName too short\#t{"id": \#(index), "name": "X"}"#
                } else {
                    expected =
                        #"ok\#t{"id": \#(index), "name": "Zoë \#(index) Straße", "pad": "\#(String(repeating: "é", count: 20))"}"#
                }
                if line != expected { wrong += 1 }
            }
            #expect(wrong == 0)
        }
    }

    @Test("CSV input: no header in the output, every row once, a blank line answered")
    func csv() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"email": {"filters": ["trim"], "trials": ["email"]}}}"#)
            try tool.write("in.csv", "id,email\n1, a@b.co\n2,nope\n")
            let result = try tool.run([
                "clean", "in.csv", "-r", "rules.json", "--output-mode", "lines", "-o", "out.txt",
            ])
            #expect(result.status == 1)
            #expect(tool.read("out.txt") == "ok\t1,a@b.co\nrejected\temail\tinvalid email\t2,nope\n")

            try tool.write("blank.csv", "id,email\n1,a@b.co\n\n2,c@d.co\n")
            let blank = try tool.run([
                "clean", "blank.csv", "-r", "rules.json", "--output-mode", "lines", "-o", "-", "--quiet",
            ])
            #expect(
                blank.stdout == "ok\t1,a@b.co\nrejected\t\tmalformed CSV: 1 field, the header has 2\t\nok\t2,c@d.co\n")

            let usage = try tool.run([
                "clean", "in.csv", "-r", "rules.json", "--output-mode", "lines", "--rejects", "r.csv",
            ])
            #expect(usage.status == 2)
        }
    }

    @Test("plain lines: a blank line is a row like any other")
    func plainLines() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"line": {"filters": ["trim"], "trials": ["email"]}}}"#)
            let result = try tool.run(
                ["clean", "-", "--format", "lines", "-r", "rules.json", "--output-mode", "lines", "--quiet"],
                stdin: Array(" zoe@example.com \n\nnopé\n".utf8))
            #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 4)
            #expect(
                result.stdout
                    == "ok\tzoe@example.com\nrejected\tline\tis required\t\nrejected\tline\tinvalid email\tnopé\n")
        }
    }

    static let controlReason = "which --output-mode lines does not write in an answer"

    @Test(
        "a NUL or another control character is never written raw: shown escaped, and a row holding one is no ok answer",
        arguments: [
            // JSON Lines: a raw control character is invalid JSON; the original row shows it escaped.
            (
                "jsonl", #"{"fields": {"name": {}}}"#, Array(#"{"name": "Zoë"#.utf8) + [0x00] + Array(#""}"#.utf8),
                #"rejected\#t\#tinvalid JSON: control character in a string (escape it) at column 15\#t{"name": "Zoë\u0000"}"#
            ),
            (
                "jsonl", #"{"fields": {"name": {}}}"#, Array(#"{"name": "é"}"#.utf8) + [0x1B],
                #"rejected\#t\#tinvalid JSON: text after the object at column 15\#t{"name": "é"}\u001b"#
            ),
            // Plain lines: a clean row holding one is rejected with the reason; a failing one
            // shows it escaped; a tab stays.
            (
                "lines", #"{"fields": {"line": {}}}"#, Array("ß".utf8) + [0x00, 0x09, 0x01],
                #"rejected\#t\#tthe row holds the control character \u0000, \#(controlReason)\#tß\u0000\#t\u0001"#
            ),
            (
                "lines", #"{"fields": {"line": {"trials": [{"length": {"minimum": 3}}]}}}"#, [0x00, 0x07],
                #"rejected\#tline\#tlength must be at least 3\#t\u0000\u0007"#
            ),
            // A filter that strips it makes the row an ok answer.
            ("lines", #"{"fields": {"line": {"filters": ["stripInvisible"]}}}"#, [0x61, 0x00, 0x62], "ok\tab"),
            // CSV: a column no rule reads counts too; a CR inside a quoted field is shown as \r.
            (
                "csv", #"{"fields": {"a": {}}}"#, Array("a,b\nZoë,x".utf8) + [0x1F],
                #"rejected\#t\#tthe row holds the control character \u001f, \#(controlReason)\#tZoë,x\u001f"#
            ),
            (
                "csv", #"{"fields": {"a": {"trials": ["email"]}}}"#,
                Array("a,b\n\"1".utf8) + [0x0D] + Array("2\",x".utf8),
                #"rejected\#ta\#tinvalid email\#t"1\r2",x"#
            ),
        ] as [(String, String, [UInt8], String)])
    func controlCharacters(format: String, rules: String, input: [UInt8], answer: String) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", rules)
            let result = try tool.run(
                ["clean", "-", "--format", format, "-r", "rules.json", "--output-mode", "lines", "--quiet"],
                stdin: input + [0x0A])
            #expect(result.stdoutBytes.allSatisfy { $0 >= 0x20 || $0 == 0x09 || $0 == 0x0A }, "\(result.stdoutBytes)")
            #expect(result.stdout == answer + "\n")
            #expect(result.status == (answer.hasPrefix("ok") ? 0 : 1))
        }
    }

    @Test("an empty input gives no lines; a bad rules file writes nothing and exits 2")
    func emptyAndErrors() throws {
        try ToolRunner.withRunner { tool in
            let empty = try Self.pipe(tool, [])
            #expect(empty.stdout.isEmpty)
            #expect(empty.status == 0)
            let bad = try Self.pipe(
                tool, Array(#"{"name": "Ada"}"#.utf8), rules: #"{"fields": {"name": {"trials": ["nope"]}}}"#)
            #expect(bad.stdout.isEmpty)
            #expect(bad.status == 2)
            #expect(bad.stderr.contains("fields.name.trials[0]"))
        }
    }
}
