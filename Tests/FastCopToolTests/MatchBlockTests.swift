import Foundation
import Testing

/// `fastcop match` on inputs of several blocks (1 MiB each) and pieces, where the block search,
/// the line-by-line fallbacks and the per-block UTF-8 check all take part.
@Suite("fastcop match: large inputs and block search")
struct MatchBlockTests {
    /// `count` copies of `lines`, numbered so that each line is distinct.
    static func repeated(_ lines: [String], count: Int) -> [String] {
        (0..<count).flatMap { index in lines.map { "\(index) \($0)" } }
    }

    static let blockCases: [(name: String, lines: [String], arguments: [String], selected: [Bool])] = [
        // A scan match that runs from one line into the next selects neither.
        ("match across lines", ["xa", "b é", "a 1", "ß"], [#"a\s+\d"#], [false, false, true, false]),
        // A line ends at LF only, as in grep: `.` matches VT, NEL and LS, `$` is not before them.
        ("VT and NEL in lines", ["a\u{0B}b", "a-b", "a\u{85}b", "zoë"], ["a.b"], [true, true, true, false]),
        ("LS and FF in lines", ["ab\u{2028}", "ab\u{0C}", "ab", "b"], ["b$"], [false, false, true, true]),
        // Without --crlf the CR of a CRLF line end is part of the line, as in grep.
        ("CRLF line ends", ["ab\r", "abc\r", "b\r", "é\r"], ["b$"], [false, false, false, false]),
        ("CRLF line ends, --crlf", ["ab\r", "abc\r", "b\r", "é\r"], ["--crlf", "b$"], [true, false, true, false]),
        ("CR at the end", ["ab\r", "abc\r", "b\r", "é\r"], [#"b\r$"#], [true, false, true, false]),
        ("whole lines", ["café", "café au lait", "Straße", "é!"], ["-x", #"\d+ \w+"#], [true, false, true, false]),
        ("invert", ["zoë", "other", "ß", "zoë again"], ["-v", "zoë"], [false, true, true, false]),
        // Lookarounds and \K are judged line by line.
        ("lookbehind", ["éx", "ex", "x", "ßx"], [#"(?<=é|ß)x"#], [true, false, false, true]),
        ("empty matches", ["", "é", "x", "👨‍👩‍👧"], ["x*"], [true, true, true, true]),
        // Lines without the pattern's required byte (ë's last byte) are skipped unsearched.
        ("rare required byte", ["plain", "zoë here", "Zoe", "ß"], ["zoë"], [false, true, false, false]),
        (
            "rare required byte, inverted", ["plain", "zoë here", "Zoe", "ß"], ["-v", "zoë"], [true, false, true, true]
        ),
        // Case-insensitive: the required byte may be recorded in either case.
        ("ignoring case", ["ZOË x", "zoë", "Zoe", "ß"], ["-i", "zoë"], [true, true, false, false]),
        ("inline caseless", ["GAUß", "gauß", "Gaus", "é"], ["(?i)gauß"], [true, true, false, false]),
        ("rare byte, lookbehind", ["é", "ab", "éx", "cd"], [#"(?<=é)x"#], [false, false, true, false]),
    ]

    @Test("large inputs select the same lines as each line on its own", arguments: blockCases)
    func blocks(name: String, lines: [String], arguments: [String], selected: [Bool]) throws {
        try ToolRunner.withRunner { tool in
            let all = Self.repeated(lines, count: 50_000)
            try tool.write("in.txt", all.joined(separator: "\n") + "\n")
            let expected = all.indices.filter { selected[$0 % lines.count] }.map { all[$0] }
            let result = try tool.run(["match"] + arguments + ["in.txt"])
            let same = result.stdoutBytes == Array((expected.map { $0 + "\n" }.joined()).utf8)
            #expect(same, "\(name): \(result.stdoutBytes.count) bytes printed")
            let count = try tool.run(["match", "-c"] + arguments + ["in.txt"])
            #expect(count.stdout == "\(expected.count)\n", "\(name)")
            // Line numbers, read from the bytes (a CR before LF would join them in a Character).
            let numbered = try tool.run(["match", "-n"] + arguments + ["in.txt"])
            let numbers = numbered.stdoutBytes.split(separator: 0x0A).map { line in
                Int(String(decoding: line.prefix { $0 != UInt8(ascii: ":") }, as: UTF8.self))
            }
            let expectedNumbers = all.indices.filter { selected[$0 % lines.count] }.map { $0 + 1 }
            #expect(numbers == expectedNumbers, "\(name)")
        }
    }

    @Test("an invalid line deep in a large input is searched and reported once with its place")
    func invalidLine() throws {
        try ToolRunner.withRunner { tool in
            let before = Array((0..<100_000).map { "é \($0)\n" }.joined().utf8)
            let bad: [UInt8] = Array("é ".utf8) + [0xFF] + Array(" bad\n".utf8)
            let after = Array((0..<100_000).map { "ß \($0)\n" }.joined().utf8)
            try tool.write("in.txt", bytes: before + bad + after)
            let report = "in.txt: 1 line is not valid UTF-8 (the first is line 100001)"
            var result = try tool.run(["match", "-c", "[éß] ", "in.txt"])
            #expect(result.stdout == "200001\n")
            #expect(result.stderr.contains(report))
            result = try tool.run(["match", "-n", "bad|ß 99999$", "in.txt"])
            #expect(result.stdoutBytes == Array("100001:é ".utf8) + [0xFF] + Array(" bad\n200001:ß 99999\n".utf8))
            #expect(result.stderr.contains(report))
            // The invalid byte matches nothing, not even `.`.
            result = try tool.run(["match", "-c", "-v", #"^\S+ \S+$"#, "in.txt"])
            #expect(result.stdout == "1\n")
        }
    }

    @Test("a line longer than a block, a missing last newline, and a byte order mark")
    func edges() throws {
        try ToolRunner.withRunner { tool in
            let long = String(repeating: "é", count: 1_500_000) + "zoë"
            try tool.write("in.txt", "short\n" + long + "\nlast zoë")
            var result = try tool.run(["match", "-c", "zoë$", "in.txt"])
            #expect(result.stdout == "2\n")
            result = try tool.run(["match", "zoë", "in.txt"])
            let same = result.stdout == long + "\nlast zoë\n"
            #expect(same, "\(result.stdoutBytes.count) bytes printed")
            try tool.write("bom.txt", "\u{FEFF}x1\nx2\n")
            result = try tool.run(["match", "-n", "^x", "bom.txt"])
            #expect(result.stdout == "1:x1\n2:x2\n")
            result = try tool.run(["match", "-c", "x*"], stdin: Array("a\nb".utf8))
            #expect(result.stdout == "2\n")
            result = try tool.run(["match", "-c", "x*"], stdin: Array("\n".utf8))
            #expect(result.stdout == "1\n")
            result = try tool.run(["match", "-c", "x*"], stdin: [])
            #expect(result.stdout == "0\n")
        }
    }

    @Test("a file read in parts, a named pipe and a /proc file given by path give the same answers")
    func fileKinds() throws {
        try ToolRunner.withRunner { tool in
            let lines = Self.repeated(["zoë example7.com", "other ß", "example17.com"], count: 200_000)
            let text = lines.joined(separator: "\n") + "\n"
            try tool.write("in.txt", text)
            let expected = lines.filter { $0.contains("example7.com") }.map { $0 + "\n" }.joined()
            var result = try tool.run(["match", #"example7\.com"#, "in.txt"])
            #expect(result.stdout == expected, "\(result.stdoutBytes.count) bytes printed")
            // A named pipe cannot be read at offsets: it is read as a stream.
            let pipe = tool.path("pipe")
            #expect(mkfifo(pipe, 0o600) == 0)
            let writer = Thread { _ = try? Data(text.utf8).write(to: URL(fileURLWithPath: pipe)) }
            writer.start()
            result = try tool.run(["match", "-c", #"example7\.com"#, pipe])
            #expect(result.stdout == "200000\n")
            #expect(result.status == 0)
            // A /proc file says it is empty but is not.
            result = try tool.run(["match", "-c", "^", "/proc/self/status"])
            #expect((Int(result.stdout.dropLast()) ?? 0) > 5)
        }
    }
}
