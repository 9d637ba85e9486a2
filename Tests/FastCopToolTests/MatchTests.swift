import Testing

@Suite("fastcop match")
struct MatchTests {
    static let text = "café au lait\nStraße\nplain\nRÉSUMÉ\n👨‍👩‍👧 family\ne\u{301}clair\n"

    static let cases: [(arguments: [String], output: String)] = [
        (["é"], "café au lait\n"),  // É is not é without -i, nor is e + U+0301
        (["-i", "é"], "café au lait\nRÉSUMÉ\n"),
        (["-i", "résumé"], "RÉSUMÉ\n"),
        (["--invert", "a"], "RÉSUMÉ\n"),
        (["--whole-line", "\\w+"], "Straße\nplain\nRÉSUMÉ\n"),
        (["-x", "pla"], ""),
        (["--count", "a"], "5\n"),
        (["-c", "-v", "a"], "1\n"),
        (["-n", "ß"], "2:Straße\n"),
        (["-n", "-v", "[a-z]"], "4:RÉSUMÉ\n"),
        (["-F", "a."], ""),
        (["👨‍👩‍👧"], "👨‍👩‍👧 family\n"),
        (["e\u{301}"], "e\u{301}clair\n"),
        (["^\\X{6}$"], "Straße\nRÉSUMÉ\ne\u{301}clair\n"),  // six grapheme clusters each
    ]

    @Test("selects lines like grep -P", arguments: cases)
    func select(arguments: [String], output: String) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.txt", Self.text)
            let result = try tool.run(["match"] + arguments + ["in.txt"])
            #expect(result.stdout == output)
            #expect(result.status == (output.isEmpty || output == "0\n" ? 1 : 0))
        }
    }

    @Test("several files get name prefixes; stdin is read without a file or for -")
    func filesAndStdin() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("a.txt", "x1\ny\n")
            try tool.write("b.txt", "x2\r\n")
            var result = try tool.run(["match", "x", "a.txt", "b.txt"])
            #expect(result.stdout == "a.txt:x1\nb.txt:x2\r\n")
            result = try tool.run(["match", "-c", "x", "a.txt", "b.txt"])
            #expect(result.stdout == "a.txt:1\nb.txt:1\n")
            result = try tool.run(["match", "y"], stdin: Array("x\ny\n".utf8))
            #expect(result.stdout == "y\n")
            result = try tool.run(["match", "y", "-"], stdin: Array("y".utf8))
            #expect(result.stdout == "y\n")
        }
    }

    @Test("invalid UTF-8 lines are searched as grep -P does and reported once; a bad pattern or file is status 2")
    func problems() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.txt", bytes: Array("ok\n".utf8) + [0xFF, 0x6F, 0x6B, 0x0A] + Array("ok again\n".utf8))
            var result = try tool.run(["match", "ok", "in.txt"])
            #expect(result.status == 0)
            #expect(result.stdoutBytes == Array("ok\n".utf8) + [0xFF] + Array("ok\nok again\n".utf8))
            #expect(
                result.stderr == "fastcop: in.txt: 1 line is not valid UTF-8 (the first is line 2);"
                    + " they were searched as grep -P searches them: invalid bytes match nothing\n")
            result = try tool.run(["match", "-n", "^ok", "in.txt"])
            #expect(result.stdout == "1:ok\n3:ok again\n")
            result = try tool.run(["match", "-c", "^.ok", "in.txt"])
            #expect(result.stdout == "0\n")
            #expect(result.status == 1)
            // -q prints nothing, not even the notice (as grep -q); the status still tells.
            for pattern in ["ok", "^.ok", "zz"] {
                result = try tool.run(["match", "-q", pattern, "in.txt"])
                #expect(result.stdout.isEmpty && result.stderr.isEmpty, "-q \(pattern): \(result.stderr)")
                #expect(result.status == (pattern == "ok" ? 0 : 1))
            }
            result = try tool.run(["match", "-v", "ok"], stdin: [0xE9, 0x0A])
            #expect(result.stdoutBytes == [0xE9, 0x0A])
            #expect(result.stderr.contains("stdin: 1 line is not valid UTF-8 (the first is the line at byte 0)"))
            result = try tool.run(["match", "(", "in.txt"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("the pattern does not compile:\n(\n ^\nmissing closing parenthesis"))
            result = try tool.run(["match", "x", "missing.txt"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("cannot read 'missing.txt'"))
        }
    }

    /// Arguments, the output and the status with `long.txt` (a 33 MiB line 2) and `b.txt`.
    static let longLineCases: [(arguments: [String], output: String, status: Int32)] = [
        (["é", "long.txt", "b.txt"], "long.txt:é ok\nb.txt:é b\n", 2),
        (["-n", "-c", "é", "long.txt", "b.txt"], "long.txt:1\nb.txt:1\n", 2),
        (["-q", "zz", "long.txt", "b.txt"], "", 2),
        (["-l", "é", "long.txt", "b.txt"], "long.txt\nb.txt\n", 0),  // long.txt is done at line 1
    ]

    @Test(
        "a line whose search hits a match limit is reported and left out, in both senses; the status is 2",
        arguments: [
            ([], "b\n", 2), (["-v"], "ü\n", 2), (["-c"], "1\n", 2), (["-q"], "", 0), (["-n"], "3:b\n", 2),
        ])
    func matchLimit(flags: [String], output: String, status: Int32) throws {
        try ToolRunner.withRunner { tool in
            let runaway = String(repeating: "a", count: 40) + "!"
            try tool.write("in.txt", "\(runaway)\nü\nb\n")
            let result = try tool.run(["match"] + flags + [#"(a+)+$|b"#, "in.txt"])
            #expect(result.stdout == output)
            #expect(result.status == status)
            if !flags.contains("-q") {
                #expect(result.stderr.contains("match limit exceeded; the line is left out"), "\(result.stderr)")
            }
        }
    }

    @Test("a line longer than 16 MiB is reported with its file and number; the next files are searched")
    func lineTooLong() throws {
        try ToolRunner.withRunner { tool in
            let long = String(repeating: "ß", count: 33 * 512 * 1024)
            try tool.write("long.txt", "é ok\n\(long)\nafter é\n")
            try tool.write("b.txt", "é b\n")
            for (arguments, output, status) in Self.longLineCases {
                let result = try tool.run(["match"] + arguments)
                #expect(result.stdout == output, "\(arguments)")
                #expect(result.status == status, "\(arguments)")
                let message =
                    "fastcop: long.txt: line 2 is longer than 16 MiB, the longest line match reads: the rest of the input"
                    + " was not searched\n"
                #expect(result.stderr == (status == 2 ? message : ""), "\(arguments)")
            }
        }
    }

    @Test("a large input keeps its line order across blocks and cores")
    func order() throws {
        try ToolRunner.withRunner { tool in
            let lines = (0..<200_000).map { "line \($0) \($0 % 7 == 0 ? "seven" : "other")" }
            try tool.write("in.txt", lines.joined(separator: "\n") + "\n")
            let result = try tool.run(["match", "seven", "in.txt"])
            let expected = lines.filter { $0.hasSuffix("seven") }
            #expect(result.stdout == expected.joined(separator: "\n") + "\n")
            let count = try tool.run(["match", "-c", "-v", "seven", "in.txt"])
            #expect(count.stdout == "\(lines.count - expected.count)\n")
        }
    }
}
