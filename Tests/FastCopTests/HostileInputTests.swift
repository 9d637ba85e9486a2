import FastCop
import Testing

/// Degenerate and oversized inputs that stay cheap enough for the everyday suite: empty
/// strings and patterns, a 64 KB pattern, NULs, invalid UTF-8, absurd quantifiers and nesting.
/// Each gives the right answer or a clear error.
@Suite("Hostile: empty, odd and oversized inputs")
struct HostileInputTests {
    @Test("the empty pattern matches the empty string everywhere", arguments: ["", "é", "ß😀", "a\r\nb"])
    func emptyPattern(input: String) throws {
        let pattern = try Pattern("")
        #expect(try pattern.hasMatch(in: input))
        #expect(try pattern.hasWholeMatch(in: input) == input.isEmpty)
        #expect(try pattern.firstMatch(in: input)?.utf8Range == 0..<0)
        // One empty match per scalar boundary, except inside a CRLF.
        let expected = input.unicodeScalars.count + 1 - (input.contains("\r\n") ? 1 : 0)
        #expect(try pattern.numberOfMatches(in: input) == expected)
        #expect(try pattern.replacing(in: input, with: "") == input)
    }

    @Test(
        "the empty string, through every call",
        arguments: [("", true), ("a*", true), ("a+", false), ("^$", true), (#"\A\z"#, true), ("(?=é)", false)])
    func emptyString(pattern: String, matches: Bool) throws {
        let compiled = try Pattern(pattern)
        #expect(try compiled.hasMatch(in: "") == matches)
        #expect(try compiled.hasWholeMatch(in: "") == matches)
        #expect(try compiled.hasMatch(in: [UInt8]()) == matches)
        #expect(try compiled.matches(in: "").count == (matches ? 1 : 0))
        #expect(try compiled.replacing(in: "", with: "x") == (matches ? "x" : ""))
        #expect(try compiled.replacing(in: "", withLiteral: "$0") == (matches ? "$0" : ""))
        #expect(Batch().hasWholeMatch(compiled, in: ["", "", ""]) == [matches, matches, matches])
    }

    /// PCRE2 as Debian builds it (link size 2) refuses compiled patterns over 64 KiB.
    @Test("a 64 KB pattern gives a short, clear error; a 32 KB one works")
    func largeLiteralPattern() throws {
        let text = String(repeating: "abcdéfgh", count: 7_282)  // 9 bytes × 7,282 ≈ 64 KB
        #expect(text.utf8.count >= 65_000)
        for options in [Pattern.Options(), .literal, .caseInsensitive] {
            let error = try #require(throws: PatternError.self) { try Pattern(text, options: options) }
            #expect(error.kind == .compile)
            #expect(error.message.contains("too large"))
            #expect(error.pattern == text)
            // The description shows an excerpt around the offset, not 64 KB twice.
            #expect(error.description.count < 300)
            #expect(error.description.hasPrefix("…"))
            #expect(error.description.contains("^\nregular expression is too large at offset"))
        }
        let half = String(text.prefix(28_000))  // about 31 KB
        let pattern = try Pattern(half)
        #expect(try pattern.hasWholeMatch(in: half))
        #expect(try !pattern.hasWholeMatch(in: half + "x"))
        #expect(try pattern.firstMatch(in: "x" + half)?.utf8Range == 1..<(1 + half.utf8.count))
    }

    @Test("a limit error on a long pattern has a short description")
    func longPatternLimitError() throws {
        let source = "^(a+)+$" + String(repeating: "|xé", count: 100)
        let pattern = try Pattern(source)
        let error = try #require(throws: PatternError.self) {
            try pattern.hasMatch(in: String(repeating: "a", count: 30) + "!")
        }
        #expect(error.isLimit)
        #expect(error.pattern == source)
        #expect(error.description.hasPrefix("pattern ^(a+)+$|xé"))
        #expect(error.description.contains("…"))
        #expect(error.description.count < 200)
    }

    @Test("a 64 KB alternation compiles or says it is too large")
    func largeAlternation() throws {
        let words = (0..<8_200).map { "w\($0)é" }
        let source = words.joined(separator: "|")
        #expect(source.utf8.count >= 64_000)
        do {
            let pattern = try Pattern(source)
            #expect(try pattern.hasWholeMatch(in: "w8199é"))
            #expect(try pattern.hasWholeMatch(in: "w0é"))
            #expect(try !pattern.hasWholeMatch(in: "w8200é"))
        } catch let error as PatternError {
            #expect(error.kind == .compile)
            #expect(error.message.contains("too large"))
        }
    }

    @Test(
        "absurd patterns fail to compile with a clear message",
        arguments: [
            (String(repeating: "(", count: 65_536), "parentheses are too deeply nested"),
            (
                String(repeating: "(", count: 300) + String(repeating: ")", count: 300),
                "parentheses are too deeply nested"
            ),
            ("a{99999999}", "number too big"),
            ("a{2,1}", "numbers out of order"),
            (#"\p{NoSuchProperty}"#, "unknown property"),
            ("[z-a]", "range out of order"),
        ])
    func absurdPatterns(source: String, message: String) throws {
        let error = try #require(throws: PatternError.self) { try Pattern(source) }
        #expect(error.kind == .compile)
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.description.contains("^"))
    }

    @Test("NUL bytes are ordinary characters in patterns and subjects")
    func nulBytes() throws {
        let pattern = try Pattern("a\u{0}b")
        #expect(try pattern.hasWholeMatch(in: "a\u{0}b"))
        #expect(try !pattern.hasMatch(in: "ab"))
        #expect(try Pattern(#"\x00+"#).firstMatch(in: "é\u{0}\u{0}ß")?.utf8Range == 2..<4)
        #expect(try Pattern(#"\x{0}"#).replacing(in: "a\u{0}b", withLiteral: "-") == "a-b")
        #expect(try Pattern("b").hasMatch(in: [0x61, 0x00, 0x62]))
    }

    @Test(
        "invalid UTF-8 in bytes is an error with its offset, in every byte call",
        arguments: [
            ([0x61, 0xC3, 0x28], 1),  // a truncated two-byte sequence
            ([0xE9], 0),  // Latin-1 é
            ([0x63, 0x61, 0x66, 0xC3, 0xA9, 0xFF], 5),  // "café" then 0xFF
            ([0xED, 0xA0, 0x80], 0),  // an encoded surrogate
            ([0xC0, 0xAF], 0),  // an overlong "/"
        ] as [([UInt8], Int)])
    func invalidUTF8(bytes: [UInt8], offset: Int) throws {
        let pattern = try Pattern(".")
        for call in [
            { _ = try pattern.hasMatch(in: bytes) }, { _ = try pattern.hasWholeMatch(in: bytes) },
            { _ = try pattern.firstMatch(in: bytes) }, { _ = try pattern.matches(in: bytes) },
        ] as [() throws -> Void] {
            let error = try #require(throws: PatternError.self) { try call() }
            #expect(error.kind == .invalidUTF8)
            #expect(error.offset == offset)
        }
    }

    /// docs/differences-from-NSRegularExpression.md, difference 7: after an empty match the
    /// same place is tried for a non-empty one, in `matches` and in `replacing` alike.
    @Test("empty-then-non-empty matches follow Perl's rule in matches and replacing")
    func lazyEmptyMatches() throws {
        let lazy = try Pattern("a*?")
        #expect(try lazy.matches(in: "aaa").map(\.utf8Range) == [0..<0, 0..<1, 1..<1, 1..<2, 2..<2, 2..<3, 3..<3])
        #expect(try lazy.replacing(in: "aaa", with: "<$0>") == "<><a><><a><><a><>")
        #expect(try lazy.replacing(in: "aaa") { "<\($0.substring)>" } == "<><a><><a><><a><>")
        let greedy = try Pattern("a*")
        #expect(try greedy.matches(in: "baaa").map(\.utf8Range) == [0..<0, 1..<4, 4..<4])
        #expect(try greedy.replacing(in: "baaé", with: "-") == "-b--é-")
    }

    @Test("a subject of 1 MB without a match is answered, not hung")
    func longSubjectNoMatch() throws {
        let subject = String(repeating: "é", count: 500_000)
        #expect(try !Pattern("ß").hasMatch(in: subject))
        #expect(try Pattern("é+").firstMatch(in: subject)?.utf8Range == 0..<1_000_000)
        // A capturing group repeated 500,000 times needs more than the first 8 MiB JIT stack:
        // the stack grows (up to 256 MiB of address space) and PCRE2's answer comes.
        #expect(try Pattern("(é)+").hasWholeMatch(in: subject))
        #expect(try Pattern("(é)+").wholeMatch(in: subject)?.utf8Range == 0..<1_000_000)
        #expect(try Pattern("(?:é)+").hasWholeMatch(in: subject))
        #expect(try Pattern(".").numberOfMatches(in: subject) == 500_000)
    }
}
