import Testing

/// The grep options of `fastcop match` that the differential suite does not cover: file names,
/// -l, -m, -f, joined patterns and their errors, --color=auto, exit statuses.
@Suite("fastcop match: grep's options")
struct MatchOptionsTests {
    static let cases: [(arguments: [String], output: String, status: Int32)] = [
        (["-l", "é", "a.txt", "b.txt"], "a.txt\n", 0),
        (["-l", "zzz", "a.txt", "b.txt"], "", 1),
        (["-h", "x", "a.txt", "b.txt"], "x café\nx Straße\nx b\n", 0),
        (["-H", "Straße", "a.txt"], "a.txt:x Straße\n", 0),
        (["-c", "-h", "x", "a.txt", "b.txt"], "2\n1\n", 0),
        (["-m", "1", "x", "a.txt"], "x café\n", 0),
        (["-m", "1", "-c", "x", "a.txt"], "1\n", 0),
        (["-m", "1", "-A", "1", "x", "a.txt"], "x café\nx Straße\n", 0),
        (["-e", "café", "-e", "ß", "a.txt"], "x café\nx Straße\n", 0),
        (["-w", "caf", "a.txt"], "", 1),
        (["-o", "-w", #"\w+é"#, "a.txt"], "café\n", 0),
        (["--color=auto", "é", "a.txt"], "x café\n", 0),  // not a terminal: no color
        (["-e", "(a)\\1", "-e", "b", "a.txt"], "", 2),
        (["-e", "(*UCP)x", "-e", "b", "a.txt"], "", 2),
        (["-m", "-1", "x", "a.txt"], "", 2),
        (["--color=sometimes", "x", "a.txt"], "", 2),
        (["-f", "missing.txt", "a.txt"], "", 2),
        (["-f", "empty.txt", "a.txt"], "", 1),
        (["-v", "-f", "empty.txt", "a.txt"], "x café\nx Straße\nother\n", 0),
        (["-f", "patterns.txt", "a.txt"], "x café\nother\n", 0),
        (["-F", "-e", "é", "-e", "(", "a.txt", "b.txt"], "a.txt:x café\nb.txt:(\n", 0),
        (["-c", "-q", "x", "a.txt"], "", 0),
    ]

    @Test("options, output and exit status", arguments: cases)
    func option(arguments: [String], output: String, status: Int32) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("a.txt", "x café\nx Straße\nother\n")
            try tool.write("b.txt", "x b\n(\n")
            try tool.write("empty.txt", "")
            try tool.write("patterns.txt", "é\nth\n")
            let result = try tool.run(["match"] + arguments)
            #expect(result.stdout == output)
            #expect(result.status == status, "\(result.stderr)")
        }
    }

    /// Patterns (an `-f` file's bytes, or one `-e` value), an input, and grep's output: the
    /// patterns are split at each LF byte and a CR before it stays in the pattern.
    static let splitCases: [(patterns: String, fromFile: Bool, input: String, output: String)] = [
        ("x\r\nb\n", true, "b\nx\r\nx\n", "b\nx\r\n"),
        ("ü\r\n", true, "ü\nü\r\n", "ü\r\n"),
        ("é\r\nß", false, "é\r\nß\né\n", "é\r\nß\n"),
        ("\n", true, "ß\n\n", "ß\n\n"),
    ]

    @Test("-f and -e split patterns at LF bytes; a CR before LF is part of the pattern", arguments: splitCases)
    func splitAtLineFeeds(patterns: String, fromFile: Bool, input: String, output: String) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.txt", input)
            try tool.write("patterns.txt", patterns)
            let result = try tool.run(
                ["match"] + (fromFile ? ["-f", "patterns.txt"] : ["-e", patterns]) + ["in.txt"])
            #expect(result.stdoutBytes == Array(output.utf8), "\(result.stderr)")
            #expect(result.status == 0)
        }
    }

    /// Joined patterns: numbered references, calls, conditions and the verbs that end a search
    /// are refused (with the construct quoted); relative references, escaped backslashes,
    /// quoted text, classes, comments, atomic groups and -F texts are joined, and select what
    /// grep -P selects with the pattern alone (pattern 1 never matches; its groups shift the
    /// numbers).
    static let joinCases: [(arguments: [String], output: String, refused: String?)] = [
        (["-e", "(b)", "-e", #"(é)x\g<1>"#], "", #"'\g<1>'"#),
        (["-e", "(b)", "-e", #"(é)x\g'1'"#], "", #"'\g'1''"#),
        (["-e", "(b)", "-e", #"(é)x\g1"#], "", #"'\g1'"#),
        (["-e", "b", "-e", "(é)(?(1)é|b)"], "", "'(?(1)'"),
        (["-e", "b", "-e", "(é)(?(R1)é|b)"], "", "'(?(R1)'"),
        (["-e", "b", "-e", "(é)(?1)"], "", "'(?1)'"),
        (["-e", "b", "-e", "(?R)?é"], "", "'(?R)'"),
        (["-e", "b", "-e", #"(*pla:(é))\1"#], "", #"'\1'"#),
        (["-e", "b", "-e", #"\101"#], "", #"'\101'"#),
        (["-e", "b", "-e", "é(*COMMIT)x"], "", "'(*COMMIT)'"),
        (["-e", "b", "-e", "é(*PRUNE:n)x"], "", "'(*PRUNE:n)'"),
        (["-e", "(z)(z)", "-e", #"(é)x\g<-1>"#], "éxé\n", nil),
        (["-e", "(z)", "-e", #"(é)x\g{-1}"#], "éxé\n", nil),
        (["-e", "(z)", "-e", "(?+1)(b)"], "bb\n", nil),
        (["-e", "(z)", "-e", "(é)(?-1)"], "éé\n", nil),
        (["-e", "(z)", "-e", "(é)(?(-1)é|b)"], "éé\n", nil),
        (["-e", "(?>1)", "-e", "x"], "éxé\néxb\né\\1\n1\n", nil),
        (["-e", #"é\\1"#, "-e", "zz"], "é\\1\n", nil),
        (["-e", #"\Q\1\E"#, "-e", "zz"], "é\\1\n", nil),
        (["-e", #"[\1]é|(?#\1)bb"#, "-e", "zz"], "bb\n", nil),
        (["-e", "(*pla:b)b", "-e", "zz"], "éxb\nbb\nab\n", nil),
        (["-F", "-e", #"é\1"#, "-e", "zz"], "é\\1\n", nil),
        // A `#` under `(?x)` that is no comment (in a class, escaped) is joined, as grep -P
        // selects with the pattern alone; a comment is still refused.
        (["-e", "zz", "-e", "(?x)[#]?bb"], "bb\n", nil),
        (["-e", "zz", "-e", ##"(?x)b\#?b"##], "bb\n", nil),
        (["-e", "zz", "-e", "(?x)b b # c"], "", "a # comment under (?x) would swallow"),
        // A quote the pattern leaves open is ended before its group's `)`; one ended, or a
        // `\Q` that is quoted text itself, is left as it is.
        (["-e", #"b\Qb"#, "-e", "zz"], "bb\n", nil),
        (["-e", #"\Qé\E\\1"#, "-e", "zz"], "é\\1\n", nil),
        (["-e", #"\Q(é\Q"#, "-e", "ab"], "ab\n", nil),
    ]

    @Test("joined patterns: numbered references are refused, the rest keeps its meaning", arguments: joinCases)
    func join(arguments: [String], output: String, refused: String?) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("refs.txt", "éxé\néxb\néé\nbb\né\\1\n1\nab\n")
            let result = try tool.run(["match"] + arguments + ["refs.txt"])
            #expect(result.stdout == output)
            #expect(result.status == (refused == nil ? 0 : 2), "\(result.stderr)")
            if let refused {
                #expect(result.stderr.contains("pattern 2 ("), "\(result.stderr)")
                #expect(result.stderr.contains("cannot be joined with the others into one search: \(refused)"))
            }
        }
    }

    @Test("a pattern that cannot be joined says which and why")
    func joinError() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("a.txt", "aa\n")
            let result = try tool.run(["match", "-e", "x", "-e", "(a)\\1", "a.txt"])
            #expect(result.stderr.contains("pattern 2 ('(a)\\1') cannot be joined with the others into one search"))
            #expect(result.stderr.contains("use named groups"))
            let named = try tool.run(["match", "-e", "x", "-e", "(?<c>a)\\k<c>", "a.txt"])
            #expect(named.stdout == "aa\n")
        }
    }
}

/// `-F -f` with a blocklist too large for one PCRE2 alternation (issue 32 measured 2,000
/// literals failing with "regular expression is too large").
@Suite("fastcop match: thousands of fixed strings")
struct MatchManyLiteralsTests {
    /// 2,000 literals of the kinds blocklists hold (addresses, paths, tokens), and lines of
    /// which some hold one.
    static func data() -> (literals: [String], lines: [String]) {
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var literals: [String] = []
        var seen: Set<String> = []
        while literals.count < 2_000 {
            let literal: String
            switch next(3) {
            case 0: literal = "\(next(255) + 1).\(next(256)).\(next(256)).\(next(256))"
            case 1: literal = "/api/v\(next(3) + 1)/\(["users", "orders", "items"][next(3)])/\(next(99_999))"
            default: literal = "tok_" + String((0..<12).map { _ in Array("0123456789abcdef")[next(16)] })
            }
            if seen.insert(literal).inserted { literals.append(literal) }
        }
        let lines = (0..<3_000).map { number in
            number % 10 == 0
                ? "GET \(literals[next(literals.count)]) 200 é"
                : "GET /api/v9/users/\(next(99_999)) 200 from 10.\(next(256)).\(next(256)).\(next(256))"
        }
        return (literals, lines)
    }

    @Test("-F -f with 2,000 literals selects the lines grep -F selects; -o prints the longest literal")
    func blocklist() throws {
        let (literals, lines) = Self.data()
        let expected = lines.filter { line in literals.contains { line.contains($0) } }
        try ToolRunner.withRunner { runner in
            try runner.write("block.txt", literals.joined(separator: "\n") + "\n")
            try runner.write("log.txt", lines.joined(separator: "\n") + "\n")
            let count = try runner.run(["match", "-c", "-F", "-f", "block.txt", "log.txt"])
            #expect(count.status == 0, "\(count.stderr)")
            #expect(count.stdout == "\(expected.count)\n")
            let printed = try runner.run(["match", "-F", "-f", "block.txt", "log.txt"])
            #expect(printed.stdout == expected.map { $0 + "\n" }.joined())
            let inverted = try runner.run(["match", "-v", "-c", "-F", "-i", "-f", "block.txt", "log.txt"])
            #expect(inverted.stdout == "\(lines.count - expected.count)\n")
            // A literal and a longer one with it as a prefix: the longer one is the match, as in grep -F -o.
            try runner.write("more.txt", (literals + ["GET /a", "GET /api/v1"]).joined(separator: "\n") + "\n")
            try runner.write("one.txt", "GET /api/v1/x\n")
            let only = try runner.run(["match", "-o", "-F", "-f", "more.txt", "one.txt"])
            #expect(only.stdout == "GET /api/v1\n")
        }
    }
}
