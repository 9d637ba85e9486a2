import Testing

@testable import FastCop

/// Patterns that are only literal texts, read from their source, and the scan for them.
@Suite("Line engine: literal sets")
struct LiteralSetTests {
    static let cases: [(source: String, options: Pattern.Options, texts: [String]?, exact: Bool)] = [
        ("apple|banana|cherry", [], ["apple", "banana", "cherry"], true),
        (#"example7\.com"#, [], ["example7.com"], true),
        ("(?:foo)|(?:bar baz)", [], ["foo", "bar baz"], true),  // several -e, joined
        (#"(?:a\.b)|(?:\(x)"#, [], ["a.b", "(x"], true),  // -F texts, escaped
        ("(?:ab|cd)|ef", [], ["ab", "cd", "ef"], true),
        ("Straße|Łódź", [], ["Straße", "Łódź"], true),
        ("a.b (x", [.literal], ["a.b (x"], true),
        ("WARNING|error", [.caseInsensitive], ["warning", "error"], true),
        ("a|bc", [], ["a", "bc"], true),  // a text of one byte: the automaton's
        ("foo|", [], [], true),  // the empty text matches every line: nothing is looked for
        ("ok|yes", [.caseInsensitive], ["ok", "yes"], true),  // with U+212A and U+017F to confirm
        ("日本語|x", [.caseInsensitive], ["日本語", "x"], true),  // no other case
        ("timeout|refused|reset by peer", [.caseInsensitive], ["timeout", "refused", "reset by peer"], true),
        // Alternatives that require a literal: each gives its longest run, confirmed by PCRE2.
        ("colou?r", [], ["colo"], false),
        ("straße", [.caseInsensitive], ["stra"], false),  // ß has other cases
        ("Éclair|abc", [.caseInsensitive], ["abc", "clair"], false),
        (
            #"ERROR \[svc-\d+\] .*timeout|connection (refused|reset) by \w+"#, [],
            ["ERROR [svc-", "connection "], false
        ),
        (#"(?:" 50[0-9] \d+ )|(?:/wp-login\.php)"#, [], ["/wp-login.php", #"" 50"#], false),
        (#"took=2[5-9]\d\dms|\tzebra{2,}x"#, [], ["took=2", "zebr"], false),
        (#"^abc(?=x)def$|(?<n>q)ghij[[:alpha:]\]]+"#, [], ["abc", "ghij"], false),
        // A group each of whose alternatives requires a text, when the alternative's longest run
        // is too short (of several groups, the one whose shortest text has the most letters):
        // its texts, confirmed by PCRE2.
        ("(foo)|bar", [], ["bar", "foo"], false),
        ("(disk|filesystem) (full|is read-only)", [], ["disk", "filesystem"], false),
        (#""(GET|POST) /(wp-login\.php|\.env)[^"]*""#, [], ["wp-login.php", ".env"], false),
        (#""(GET|POST) /(wp-login\.php|\.env)[^"]*" 40[134]"#, [], [#"" 40"#], false),  // a run of 3
        ("too many (open files|connections)", [], ["too many "], false),
        ("(TIMEOUT|Refused) n", [.caseInsensitive], ["timeout", "refused"], false),
        ("(?:abc(de|fg)+)|(?:(xyz|uvw){2}q)", [], ["abc", "xyz", "uvw"], false),
        ("abcd(efgh|ijkl)*", [], ["abcd"], false),  // a group that may be absent requires nothing
        ("ab(cdef)?gh", [], nil, false),
        ("(ab|cdef)xy", [], nil, false),  // an alternative of the group requires too little
        // No set: an alternative without a known literal, or syntax the reader refuses.
        ("(?i)foo|bar", [], nil, false),
        (#"\d+|foo"#, [], nil, false),
        ("foo|bar", [.extended], nil, false),
        ("a\rb|cd", [], nil, false),  // a line terminator of the library's default: runs of 1
        ("a\u{2028}b|cd", [], nil, false),
        (#"(?:foo\E)"#, [], nil, false),  // a \Q quote's end
        ("a{2}bc|xyz", [], nil, false),
        ("foo{x}|bar", [], nil, false),  // a { that is not a counted repeat
        (#"\x{41}bcd|efg"#, [], nil, false),
        ("(?#c)abc|def", [], nil, false),
        ("(*ACCEPT)abc|def", [], nil, false),
        ("abc(?i)def|ghi", [], nil, false),
        (#"abc\Q.\E|def"#, [], nil, false),
        (#"(a)\1bcd|efg"#, [], nil, false),
    ]

    /// Read from the pattern's items, a group spelled `(*name:` (a lookaround, an atomic group, a
    /// script run) is read past as the other groups are, and `\Q…\E` inside a class is part of
    /// the class (the text reader refused both); every line PCRE2 matches holds a text.
    static let itemCases: [(source: String, texts: [String])] = [
        ("(*pla:x)abc|def", ["def", "abc"]), (#"abc[\Q]\E]x|def"#, ["def", "abc"]),
        ("(*atomic:a|b)cde|fgh(*nla:i)", ["cde", "fgh"]), ("xyz(*sr:q)|uvw", ["uvw", "xyz"]),
    ]

    @Test("the texts read from a pattern's items, which every line PCRE2 matches holds", arguments: itemCases)
    func textsFromItems(source: String, texts: [String]) throws {
        let set = try #require(LiteralSet(source: source, options: []))
        #expect(set.texts.map { String(decoding: $0, as: UTF8.self) } == texts)
        #expect(!set.isExact)
        let pattern = try Pattern(source, options: [.lineFeedOnly])
        let subjects = ["xabc", "abc", "def", "abc]x", "abcx", "acde", "cde", "fgh", "fghi", "xyzq", "uvw", "q"]
        for subject in subjects where try pattern.hasMatch(in: subject) {
            let bytes = Array((subject + "\n").utf8)
            let holds = bytes.withUnsafeBufferPointer { set.firstHit(in: $0, range: 0..<$0.count) != nil }
            #expect(holds, "\(source) on \(subject)")
        }
    }

    @Test("the texts read from a pattern", arguments: cases)
    func texts(source: String, options: Pattern.Options, texts: [String]?, exact: Bool) {
        let set = LiteralSet(source: source, options: options)
        #expect(set.map { $0.texts.map { String(decoding: $0, as: UTF8.self) } } == texts)
        if let set { #expect(set.isExact == exact) }
    }

    @Test("probes and the automaton find a text where a naive search does, and say whether an exact one is there")
    func automaton() throws {
        let words = ["ab", "abc", "bcd", "c", "KELVIN", "sk", "été", "日本", "Ωx", "zz", "kissksskss"]
        var random = GeneratedPatternDifferentialTests.Generator(state: 0x9E37_79B9_7F4A_7C15)
        let pieces = words + ["A", "B", "C", "K", "\u{212A}", "\u{017F}", " ", "\n", "É", "é"]
        for caseless in [false, true] {
            for _ in 0..<200 {
                // (Under -i, é and Ω have other cases: their texts are not exact, and too short.)
                let usable = caseless ? words.filter { $0 != "été" && $0 != "Ωx" } : words
                let chosen = (0..<(1 + random.next(6))).map { _ in random.pick(usable) }
                let options: Pattern.Options = caseless ? [.caseInsensitive] : []
                let set = try #require(LiteralSet(texts: chosen, options: options))
                var text: [UInt8] = []
                while text.count < 60 { text += random.pick(pieces).utf8 }
                /// A text and its spellings with U+212A and U+017F under -i.
                func spellings(_ text: [UInt8]) -> [[UInt8]] {
                    guard let index = text.firstIndex(where: { $0 == 0x6B || $0 == 0x73 }) else { return [text] }
                    let sign = Array((text[index] == 0x6B ? "\u{212A}" : "\u{017F}").utf8)
                    return spellings(Array(text[(index + 1)...])).flatMap {
                        [Array(text[...index]) + $0, Array(text[..<index]) + sign + $0]
                    }
                }
                let spelled = { (text: [UInt8]) in
                    caseless && text.count(where: { $0 == 0x6B || $0 == 0x73 }) <= LiteralSet.maximumSpelledFolds
                        ? spellings(text) : [text]
                }
                let needles =
                    set.texts.flatMap { spelled($0).map { (bytes: $0, exact: true) } }
                    + (set.foldsOutsideASCII
                        ? ["\u{212A}", "\u{017F}"].map { (bytes: Array($0.utf8), exact: false) } : [])
                func holds(_ needle: [UInt8], endingAt end: Int) -> Bool {
                    let start = end + 1 - needle.count
                    return start >= 0
                        && zip(needle, text[start...]).allSatisfy {
                            caseless ? LiteralSet.lower($0.0) == LiteralSet.lower($0.1) : $0.0 == $0.1
                        }
                }
                let found = (0..<text.count).contains { end in needles.contains { holds($0.bytes, endingAt: end) } }
                let foundExact = (0..<text.count).contains { end in
                    needles.contains { $0.exact && holds($0.bytes, endingAt: end) }
                }
                text.withUnsafeBufferPointer { bytes in
                    let hit = set.firstHit(in: bytes, range: 0..<bytes.count)
                    let context = "\(chosen) \(String(decoding: text, as: UTF8.self))"
                    #expect((hit != nil) == found, "\(context)")
                    if hit?.exact == true { #expect(foundExact, "\(context)") }
                    if !set.foldsOutsideASCII && hit != nil { #expect(hit?.exact == true, "\(context)") }
                    #expect(set.holdsExact(in: bytes, range: 0..<bytes.count) == foundExact, "\(context)")
                }
            }
        }
    }

    static let scans: [(source: String, options: Pattern.Options)] = [
        ("apple|banana|cherry|grape|lemon", []), ("WARNING|Error|zö", []), ("warning|error", [.caseInsensitive]),
        ("Straße", []), ("ab", [.caseInsensitive]),
    ]

    @Test("the scan finds the first place any text starts, at every alignment, as a naive search", arguments: scans)
    func scan(source: String, options: Pattern.Options) throws {
        let set = try #require(LiteralSet(source: source, options: options))
        let words = [
            "apple", "grap", "Warning", "WARNING", "eRRoR", "error", "zö", "Straß", "Straße", "lemo", "AB", "x",
        ]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<300 {
            var text: [UInt8] = []
            while text.count < 120 {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                text += words[Int(state % UInt64(words.count))].utf8
                text.append(state & 0x100 == 0 ? 0x20 : 0x0A)
            }
            let end = Int(state % UInt64(text.count))
            let expected = (0..<end).first { start in
                set.texts.contains { word in
                    start + word.count <= end
                        && zip(word, text[start...]).allSatisfy { pair in
                            options.contains(.caseInsensitive)
                                ? pair.0 == (pair.1 | 0x20) || pair.0 == pair.1 : pair.0 == pair.1
                        }
                }
            }
            text.withUnsafeBufferPointer { bytes in
                #expect(set.next(in: bytes, range: 0..<end) == expected, "\(String(decoding: text, as: UTF8.self))")
            }
        }
    }
    @Test("sets of 2 to 12 texts sharing nibbles and buckets: the first start in any range, as a naive search")
    func sharedNibbles() throws {
        // Bytes whose nibbles pair up across texts (0x41 A, 0x14, 0x44 D, 0x11, 0x4A J, 0xA4),
        // so that many places fit a bucket's fingerprint without holding its text.
        let alphabet: [UInt8] = [0x41, 0x14, 0x44, 0x11, 0x61, 0x4A, 0x6A, 0x20]
        var random = GeneratedPatternDifferentialTests.Generator(state: 0x1234_5678_9ABC_DEF1)
        for caseless in [false, true] {
            for _ in 0..<300 {
                let count = 2 + random.next(11)
                let texts = (0..<count).map { _ in
                    String(
                        decoding: (0..<(2 + random.next(4))).map { _ in random.pick(alphabet.filter { $0 < 0x80 }) },
                        as: UTF8.self)
                }
                let set = try #require(LiteralSet(texts: texts, options: caseless ? [.caseInsensitive] : []))
                let subject = (0..<(40 + random.next(300))).map { _ in random.pick(alphabet) }
                let lower = random.next(20)
                let upper = max(lower, subject.count - random.next(20))
                let fold = { (byte: UInt8) in caseless ? LiteralSet.lower(byte) : byte }
                let expected = (lower..<upper).first { start in
                    texts.contains { text in
                        start + text.utf8.count <= upper
                            && zip(text.utf8, subject[start...]).allSatisfy { fold($0.0) == fold($0.1) }
                    }
                }
                subject.withUnsafeBufferPointer { bytes in
                    #expect(
                        set.next(in: bytes, range: lower..<upper) == expected,
                        "\(texts) \(caseless) \(subject) \(lower)..<\(upper)")
                }
            }
        }
    }
}
