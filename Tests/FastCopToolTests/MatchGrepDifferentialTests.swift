import Foundation
import Testing

/// `fastcop match` against `grep -P`, run directly, on generated corpora that hold every line
/// terminator PCRE2 knows (VT, FF, CR, NEL, LS, PS) inside and at the end of lines, CRLF,
/// tabs, non-ASCII letters, empty lines, Latin-1 (invalid UTF-8) lines, a line longer than a
/// block and no final newline. Counts, printed lines and exit statuses must be identical.
///
/// grep runs with `LC_ALL=C.UTF-8` (a UTF-8 locale, present on every Debian machine) and `-a`
/// (else grep prints "binary file matches" for a file with invalid UTF-8; fastcop always
/// prints lines as text). Where grep depends on its version: before 3.10, `grep -P` leaves out
/// PCRE2_UCP, so `\w`, `\d`, `\s`, `\b` and POSIX classes are ASCII-only; fastcop (like rg
/// and grep 3.10+) makes them Unicode. Patterns with those get grep's `(*UCP)` prefix, and for
/// them `-w` and `-x` are spelled out as grep spells them internally (`(?<!\w)(?:P)(?!\w)`,
/// `^(?:P)$`), since a leading verb cannot follow grep's own wrapping; `-w` always is (its
/// wrapper is `\w`). grep 3.8 takes one
/// `-P` pattern: several fastcop patterns are compared with their joined form. `-F` is
/// compared with `grep -F`.
@Suite("fastcop match against grep -P")
struct MatchGrepDifferentialTests {
    /// Lines with every terminator and the other hard cases, in a fixed mix.
    static let corpus: [UInt8] = {
        let terminators = ["\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}"]
        let pieces = [
            "foo", "word", "a.b", "axb", "a b", "café", "Straße", "STRASSE", "straße", "ÉCOLE", "école", "naïve",
            "user@example.com", "ümlaut@exämple.de", "x", "end", "the end", "ending", "colour", "color", "abcdab",
            "ERROR 42", "error: 123", "tab\there", "\t", " ", "singing", "Ωmega9", "日本語", "foo bar foo",
            "needle", "a\u{0B}b", "a\u{85}b", "a\u{2028}b",
        ]
        var lines: [[UInt8]] = []
        for (index, piece) in pieces.enumerated() {
            lines.append(Array(piece.utf8))
            for (offset, terminator) in terminators.enumerated() where (index + offset) % 3 == 0 {
                lines.append(Array((piece + terminator).utf8))
                lines.append(Array((terminator + piece).utf8))
                lines.append(Array((piece + terminator + "x").utf8))
            }
            if index % 4 == 0 { lines.append([]) }
            if index % 5 == 0 { lines.append(Array((piece + "\r").utf8)) }  // CRLF, with the LF below
        }
        // Latin-1 lines: é, ß and a NBSP as single bytes (invalid UTF-8).
        lines.append([0x63, 0x61, 0x66, 0xE9, 0x20, 0x45, 0x52, 0x52, 0x4F, 0x52])  // "caf\xe9 ERROR"
        lines.append([0x53, 0x74, 0x72, 0x61, 0xDF, 0x65])  // "Stra\xdfe"
        lines.append([0xA0, 0x66, 0x6F, 0x6F, 0xA0])  // "\xa0foo\xa0"
        lines.append([0x61, 0xE9, 0x62])  // "a\xe9b": . must not match the invalid byte
        var bytes: [UInt8] = []
        for line in lines {
            bytes += line
            bytes.append(0x0A)
        }
        bytes += Array("last line without newline foo".utf8)
        return bytes
    }()

    /// One line longer than a block (1 MiB), between short ones.
    static let longCorpus: [UInt8] = {
        let long =
            String(repeating: "abcdefgh ", count: 140_000) + "needle ERROR" + String(repeating: " z", count: 1000)
        return Array("short foo\n\(long)\nneedle after\r\nend".utf8)
    }()

    /// Patterns that use Unicode-dependent classes (see the suite's note).
    static func usesClasses(_ pattern: String) -> Bool {
        pattern.contains(/\\[wWdDsSb]|\[\[:/)
    }

    static let patterns: [String] = [
        "foo", "a.b", "^$", "x$", "^word$", #"^[a-zë]+@[a-z]+\.[a-z]{2,}$"#, #"\w+@\w+"#, "caf.", "é", "(?i)straße",
        #"\bend\b"#, #"\d{2,}"#, #"^\s+$"#, #"\t"#, #"\r$"#, ".$", "^.", "ERROR", "[^a-z ]", #"\x{85}"#,
        #"\x{2028}"#, "colou?r", "(ab|cd)+", #"\p{L}+\d"#, "[[:alpha:]]+ing", "needle", "(?<=a)b", #"\Aword"#,
        #"o\z"#, "^.{6,12}$", #"a\Rb"#, "[^\\x00-\\x7F]",
        // Literal texts, selected without PCRE2 (one, several, non-ASCII; -i comes from flagSets).
        "foo|needle|ERROR", "end|Straße|日本語", #"a\.b|colou"#, "ab", "ωmega|école",
        // A non-atomic lookahead that sees past the line (judged line by line), and what only
        // looks like an edge or a possessive repeat in the text (block searched).
        #"o(?*\n)"#, #"(?-i)^w|\Q(?=\E|[?+]d"#,
        // Every match holds a character outside ASCII: lines of ASCII alone are skipped.
        #"\p{Greek}\w+"#, #"\p{Han}{2}"#, #"[à-ü]+\b"#, #"\p{Greek}?mega"#,
    ]

    static let flagSets: [[String]] = [
        [], ["-c"], ["-v", "-c"], ["-x"], ["-w"], ["-i"], ["-n"], ["-o"], ["-m", "3"], ["-C", "1"], ["-n", "-v"],
    ]

    @Test("every pattern with every flag gives grep -P's output and status", arguments: patterns)
    func againstGrep(pattern: String) throws {
        try Self.withCorpus(Self.corpus) { tool, path in
            for flags in Self.flagSets {
                try Self.compare(tool, pattern: pattern, flags: flags, path: path)
            }
        }
    }

    @Test("a line longer than a block, CRLF and no final newline")
    func longLine() throws {
        try Self.withCorpus(Self.longCorpus) { tool, path in
            for pattern in ["needle", "ERROR$", #"z$"#, "^short", "end$", "h needle", #"\w+ ERROR"#] {
                for flags in [[], ["-c"], ["-n"], ["-o"], ["-v"], ["-x"]] {
                    try Self.compare(tool, pattern: pattern, flags: flags, path: path)
                }
            }
        }
    }

    @Test("a file larger than two blocks is searched through a memory map, with grep's answers")
    func mappedFile() throws {
        // The corpus again and again past 24 MiB (the pages of the first 16 MiB of blocks are
        // given back while the rest is searched, and context lines before a block are read
        // again from the file), the long-line corpus in the middle, and a last line of Latin-1
        // without a newline (copied alone, with a LF after it).
        var bytes: [UInt8] = []
        while bytes.count < 24 * 1024 * 1024 {
            bytes += Self.corpus
            if bytes.count > 4 * 1024 * 1024 && bytes.count < 4 * 1024 * 1024 + Self.corpus.count {
                bytes += Self.longCorpus + [0x0A]
            }
        }
        bytes += Array("café".utf8) + [0x20, 0xE9]
        try Self.withCorpus(bytes) { tool, path in
            for pattern in ["needle", "ERROR$", #"\bcaf.\b"#, "^$", "é"] {
                for flags in [["-c"], ["-n"], ["-o"], ["-v", "-c"], ["-w", "-c"], ["-n", "-B", "2", "-A", "1"]] {
                    try Self.compare(tool, pattern: pattern, flags: flags, path: path)
                }
            }
        }
    }

    @Test("context, -m and -n across block boundaries (3 MiB of lines)")
    func contextAcrossBlocks() throws {
        // Lines of 1 to 40 bytes, a match every 997 lines: some fall near each 1 MiB block edge.
        var text = ""
        for index in 0..<150_000 {
            text += String(repeating: "é", count: index % 20) + (index % 997 == 0 ? "hit \(index)" : "l\(index)") + "\n"
        }
        try Self.withCorpus(Array(text.utf8)) { tool, path in
            for flags in [
                ["-C", "2"], ["-B", "3", "-n"], ["-A", "1"], ["-m", "100", "-A", "2"], ["-c", "-m", "7"],
            ] {
                try Self.compare(tool, pattern: "hit", flags: flags, path: path)
            }
        }
    }

    @Test("-F agrees with grep -F", arguments: ["a.b", "foo", "é", "(x", "\\", "ERROR 42", "Straße"])
    func fixedStrings(text: String) throws {
        try Self.withCorpus(Self.corpus) { tool, path in
            for flags in [["-F"], ["-F", "-c"], ["-F", "-v", "-c"], ["-F", "-i"], ["-F", "-x"], ["-F", "-w"]] {
                let ours = try tool.run(["match"] + flags + ["-e", text, path])
                let grep = try Self.grep(flags + ["-a", "-e", text, path])
                #expect(ours.stdoutBytes == grep.output, "-F \(flags) \(text)")
                #expect(ours.status == grep.status, "-F \(flags) \(text)")
            }
        }
    }

    @Test("several patterns are the joined pattern; -f reads them from a file")
    func severalPatterns() throws {
        try Self.withCorpus(Self.corpus) { tool, path in
            let sets = [
                ["foo", "^word$", "é"], ["(?i)straße", #"\d+"#], ["x$", "a.b", "needle", "^$"],
                ["foo", "needle", "end"],
            ]
            for set in sets {
                _ = try tool.write("patterns.txt", set.joined(separator: "\n") + "\n")
                let joined = set.map { "(?:\($0))" }.joined(separator: "|")
                for flags in [[], ["-c"], ["-v", "-n"], ["-o"]] {
                    let grep = try Self.grep(flags + ["-a", "-P", "(*UCP)" + joined, path])
                    let ours = try tool.run(["match"] + flags + set.flatMap { ["-e", $0] } + [path])
                    #expect(ours.stdoutBytes == grep.output, "\(set) \(flags)")
                    let fromFile = try tool.run(["match"] + flags + ["-f", "patterns.txt", path])
                    #expect(fromFile.stdoutBytes == grep.output, "-f \(set) \(flags)")
                }
            }
        }
    }

    @Test("--color=always colors as grep does")
    func color() throws {
        try Self.withCorpus(Self.corpus) { tool, path in
            for flags in [["-n"], ["-C", "1"], ["-o"], ["-H"]] {
                for pattern in ["foo", "é", "ERROR"] {
                    let ours = try tool.run(["match", "--color=always"] + flags + [pattern, path])
                    let grep = try Self.grep(["--color=always", "-a", "-P"] + flags + [pattern, path])
                    #expect(ours.stdoutBytes == grep.output, "--color \(flags) \(pattern)")
                }
            }
        }
    }

    @Test(
        "--color=always colors file names in -l and -c output as grep does",
        arguments: [["-c"], ["-l"], ["-c", "-h"], ["-c", "-H"], ["-l", "-H"], ["-c", "-v"]])
    func colorNames(flags: [String]) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("café.txt", "é x\nß\n")
            try tool.write("b.txt", "ß\n")
            for files in [["café.txt", "b.txt"], ["café.txt"]] {
                let ours = try tool.run(["match", "--color=always"] + flags + ["x"] + files.map(tool.path))
                let grep = try Self.grep(["--color=always", "-a", "-P"] + flags + ["x"] + files.map(tool.path))
                #expect(ours.stdoutBytes == grep.output, "\(flags) \(files)")
                #expect(ours.status == grep.status, "\(flags) \(files)")
            }
        }
    }

    /// Patterns that can match the empty string: grep -o prints only non-empty matches and,
    /// after an empty one, searches on from the next character (`a*?` once crashed fastcop).
    static let emptyMatches = [
        "a*?", "x*", "é*", "|b", "b*|c", "(?=o)|o+", "o*$", "a?b?", "f*o*", "(?<=é)|x", "$", ".?", "e??",
    ]
    // (Not `^`: grep 3.8 finds no `^` on a line whose first byte is not valid UTF-8, such as
    // the corpus's "\xa0foo\xa0"; fastcop, with PCRE2_MATCH_INVALID_UTF, does.)

    @Test("-o and --color with patterns that can match empty, as grep", arguments: emptyMatches)
    func emptyMatch(pattern: String) throws {
        try Self.withCorpus(Self.corpus) { tool, path in
            for flags in [
                ["-o"], ["-o", "-n"], ["-o", "-c"], ["-o", "-m", "2"], ["-o", "-C", "1"], ["--color=always"],
            ] {
                try Self.compare(tool, pattern: pattern, flags: flags, path: path)
            }
        }
    }

    @Test(
        "-A, -B, -C (even 0) separate groups with --, also with -o; with -v, matching context is shown",
        arguments: ["foo", "é", "(?=o)|o+", "x$"])
    func groupSeparators(pattern: String) throws {
        try Self.withCorpus(Self.corpus) { tool, path in
            for flags in [
                ["-C", "0"], ["-A", "0", "-n"], ["-o", "-C", "1"], ["-o", "-B", "0"], ["-v", "-o", "-C", "1"],
                ["-v", "-n", "-A", "1", "--color=always"], ["-m", "2", "-C", "0"],
            ] {
                try Self.compare(tool, pattern: pattern, flags: flags, path: path)
            }
        }
    }

    @Test(
        "context groups of different files are separated by --, as grep separates them",
        arguments: [
            ["-A", "0"], ["-A", "1"], ["-B", "1"], ["-C", "1"], ["-h", "-A", "0"], ["-n", "-A", "0"],
            ["-o", "-C", "1"], ["-m", "1", "-A", "0"], ["-v", "-o", "-A", "0"], ["--color=always", "-n", "-C", "1"],
        ])
    func separatorsBetweenFiles(flags: [String]) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("f1.txt", "é\nb ß\n")
            try tool.write("f2.txt", "ç\nb\n")
            try tool.write("f3.txt", "b é\nx\n")
            try tool.write("f4.txt", "none\n")
            for files in [
                ["f1.txt", "f4.txt", "f2.txt", "f3.txt", "f1.txt"], ["f3.txt", "f3.txt"], ["f4.txt", "f1.txt"],
            ] {
                let ours = try tool.run(["match"] + flags + ["b"] + files.map(tool.path))
                let grep = try Self.grep(flags + ["-a", "-P", "b"] + files.map(tool.path))
                #expect(ours.stdoutBytes == grep.output, "\(flags) \(files)")
                #expect(ours.status == grep.status, "\(flags) \(files)")
            }
        }
    }

    @Test("when no line can be selected (-m 0, no pattern, -v ''), nothing is printed, as grep")
    func selectsNothing() throws {
        try Self.withCorpus(Self.corpus) { tool, path in
            _ = try tool.write("empty.txt", "")
            for arguments in [
                ["-c", "-m", "0", "-e", "foo"], ["-m", "0", "-e", "("], ["-c", "-f", "empty.txt"],
                ["-v", "-c", "-e", ""],
                ["-v", "-e", "", "-e", ""], ["-v", "-x", "-c", "-e", ""],
                ["-c", "-e", ""],
                ["-v", "-c", "-f", "empty.txt"], ["-l", "-m", "0", "-e", "foo"], ["-m", "0", "foo", "missing.txt"],
            ] {
                let ours = try tool.run(["match"] + arguments + [path])
                // (grep's default syntax: grep -P takes one pattern; these need no regex.)
                let grep = try Self.grep(
                    ["-a"] + arguments.map { $0 == "empty.txt" ? tool.path("empty.txt") : $0 } + [path])
                #expect(ours.stdoutBytes == grep.output, "\(arguments)")
                #expect(ours.status == grep.status, "\(arguments)")
            }
        }
    }

    @Test("stdin is '(standard input)' in -H, -l and -c output, as grep names it")
    func standardInput() throws {
        try Self.withCorpus(Self.corpus) { tool, path in
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            for flags in [["-H"], ["-l"], ["-c", "-H"], ["-H", "-n", "-m", "2"], ["-c"]] {
                for files in [[], ["-"], ["-", path]] {
                    let ours = try tool.run(["match"] + flags + ["-e", "foo"] + files, stdin: bytes)
                    let grep = try Self.grep(flags + ["-a", "-P", "-e", "foo"] + files, stdin: path)
                    #expect(ours.stdoutBytes == grep.output, "\(flags) \(files)")
                    #expect(ours.status == grep.status, "\(flags) \(files)")
                }
            }
        }
    }

    @Test("bare --color is auto (no color off a terminal); grep's spellings of WHEN")
    func colorSpellings() throws {
        try Self.withCorpus(Self.corpus) { tool, path in
            for flags in [
                ["--color"], ["--color", "-n"], ["--colour"], ["--color=YES"], ["--color=force"], ["--color=none"],
                ["--color=if-tty"],
            ] {
                let ours = try tool.run(["match"] + flags + ["-e", "é", path])
                let grep = try Self.grep(flags + ["-a", "-P", "-e", "é", path])
                #expect(ours.stdoutBytes == grep.output, "\(flags)")
                #expect(ours.status == grep.status, "\(flags)")
            }
        }
    }

    /// Runs `fastcop match` and grep on `path` and expects the same bytes and status.
    static func compare(_ tool: ToolRunner, pattern: String, flags: [String], path: String) throws {
        let ours = try tool.run(["match"] + flags + ["-e", pattern, path])
        var grepFlags = flags
        var grepPattern = pattern
        // grep -w's own wrapper uses \w, ASCII-only before grep 3.10: spell it out with (*UCP).
        if usesClasses(pattern) || flags.contains("-w") {
            grepFlags.removeAll { $0 == "-x" || $0 == "-w" }
            if flags.contains("-x") {
                grepPattern = "^(?:\(pattern))$"
            } else if flags.contains("-w") {
                grepPattern = #"(?<!\w)(?:"# + pattern + #")(?!\w)"#
            }
            grepPattern = "(*UCP)" + grepPattern
        }
        let grep = try grep(grepFlags + ["-a", "-P", "-e", grepPattern, path])
        #expect(
            ours.stdoutBytes == grep.output,
            "\(flags) \(pattern): fastcop \(ours.stdout.debugDescription) grep \(String(decoding: grep.output, as: UTF8.self).debugDescription)"
        )
        #expect(ours.status == grep.status, "\(flags) \(pattern): status")
    }

    /// Writes `bytes` as the corpus and runs `body` with the tool and the corpus's path.
    static func withCorpus(_ bytes: [UInt8], _ body: (ToolRunner, String) throws -> Void) throws {
        try #require(FileManager.default.fileExists(atPath: "/usr/lib/locale/C.utf8"), "the C.UTF-8 locale exists")
        try ToolRunner.withRunner { tool in
            let path = try tool.write("corpus.txt", bytes: bytes)
            try body(tool, path)
        }
    }

    /// Runs grep with `LC_ALL=C.UTF-8`; its stdin is the file `stdin` when given.
    static func grep(_ arguments: [String], stdin: String? = nil) throws -> (output: [UInt8], status: Int32) {
        let process = Process()
        if let stdin { process.standardInput = FileHandle(forReadingAtPath: stdin) }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["LC_ALL=C.UTF-8", "GREP_COLORS=", "grep"] + arguments
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("grep-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        try Data().write(to: output)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (Array(try Data(contentsOf: output)), process.terminationStatus)
    }
}
