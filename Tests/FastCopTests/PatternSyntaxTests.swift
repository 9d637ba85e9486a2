import Foundation
import PCRE2Oracle
import Testing

@testable import FastCop

/// ``PatternSyntax`` reads a pattern as PCRE2 10.42 does: its items stand where PCRE2's
/// automatic callouts say they do (`PCRE2_AUTO_CALLOUT`, `pcre2_callout_enumerate`), and it
/// counts the groups PCRE2 counts (`PCRE2_INFO_CAPTURECOUNT`), on every pattern of PCRE2's own
/// test data and on generated patterns made of every construct it knows.
@Suite("PatternSyntax reads patterns as PCRE2 does")
struct PatternSyntaxTests {
    /// The items PCRE2 reports for `pattern` (offset and length, the repeated ones once) and its
    /// group count, or nil when it does not compile.
    static func pcre2Items(_ pattern: String, letters: String) -> (items: Set<[Int]>, captures: Int)? {
        let bytes = Array(pattern.utf8)
        var capacity = 4 * bytes.count + 16
        while true {
            var positions = [Int](repeating: 0, count: capacity)
            var lengths = [Int](repeating: 0, count: capacity)
            var captures: UInt32 = 0
            let count = positions.withUnsafeMutableBytes { positions in
                lengths.withUnsafeMutableBytes { lengths in
                    pcre2_oracle_items(
                        bytes, bytes.count, letters, 0, 0, positions.baseAddress?.assumingMemoryBound(to: Int.self),
                        lengths.baseAddress?.assumingMemoryBound(to: Int.self), capacity, &captures)
                }
            }
            guard count >= 0 else { return nil }
            guard count <= capacity else {
                capacity = count
                continue
            }
            // The callout at the end has length 0, or, after a setting that changes nothing, that
            // setting's length: its offset is what tells.
            let items = (0..<count).map {
                positions[$0] == bytes.count ? [bytes.count, 0] : [positions[$0], lengths[$0]]
            }
            return (Set(items), Int(captures))
        }
    }

    /// The items PCRE2 would report, read from ``PatternSyntax``: every item PCRE2 makes code
    /// for, with the quantifiers, comments and quotes after it, and the end of the pattern.
    static func syntaxItems(_ syntax: PatternSyntax) -> Set<[Int]> {
        var found: Set<[Int]> = [[syntax.bytes.count, 0]]
        let trailing: (PatternItem.Kind) -> Bool = { $0 == .quantifier || $0 == .comment || $0 == .quote }
        for (position, item) in syntax.items.enumerated() {
            switch item.kind {
            case .quote, .comment, .leadingSetting, .callout, .quantifier, .optionSetting(changes: false): continue
            default: break
            }
            var end = item.range.upperBound
            var next = position + 1
            while next < syntax.items.count, trailing(syntax.items[next].kind) {
                end = syntax.items[next].range.upperBound
                next += 1
            }
            found.insert([item.range.lowerBound, end - item.range.lowerBound])
        }
        return found
    }

    /// Nil when PatternSyntax agrees with PCRE2 on `pattern`, else what differs. In extended
    /// mode an item's length as PCRE2 gives it runs over the white space after it: only
    /// offsets are compared there. After a manual callout PCRE2 puts the next automatic one
    /// where the callout ends, over a `\Q`, `\E` or comment between: with callouts, where the
    /// items end is compared, leaving out PCRE2's items that cover no item of the reader's
    /// (and callouts in extended mode are not compared).
    static func disagreement(_ pattern: String, letters: String) -> String? {
        guard let pcre2 = pcre2Items(pattern, letters: letters) else { return nil }
        let options: [Character: UInt32] = [
            "i": EngineFlags.caseless, "m": EngineFlags.multiline, "s": EngineFlags.dotAll, "x": EngineFlags.extended,
        ]
        let flags = letters.reduce(0) { $0 | (options[$1] ?? 0) }
        let syntax = PatternSyntax(pattern, flags: flags)
        let extended =
            flags & EngineFlags.extended != 0
            || ["(?x", "(?-", "(?^", "(?s", "(?i", "(?m", "(?n"].contains(where: pattern.contains)
        let callouts = pattern.contains("(?C")
        if callouts && extended { return nil }
        let covered = Set(syntaxItems(syntax).flatMap { $0[0]..<($0[0] + $0[1]) })
        let read = { (items: Set<[Int]>) in
            guard callouts else { return Set(items.map { extended ? [$0[0]] : $0 }) }
            let covering = items.filter { $0[1] > 0 && ($0[0]..<($0[0] + $0[1])).contains(where: covered.contains) }
            return Set(covering.map { [$0[0] + $0[1]] })
        }
        let mine = read(syntaxItems(syntax))
        let theirs = read(pcre2.items)
        guard mine != theirs || syntax.captureCount != pcre2.captures else { return nil }
        return
            "\(pattern.debugDescription): PCRE2 \(theirs.subtracting(mine).sorted { $0.lexicographicallyPrecedes($1) })"
            + " groups \(pcre2.captures); PatternSyntax \(mine.subtracting(theirs).sorted { $0.lexicographicallyPrecedes($1) })"
            + " groups \(syntax.captureCount)"
    }

    @Test("every pattern of PCRE2's test data")
    func pcre2TestData() {
        var seen = Set<[String]>()
        var disagreements: [String] = []
        for testCase in PCRE2TestData.cases where seen.insert([testCase.pattern, testCase.flags]).inserted {
            if let difference = Self.disagreement(testCase.pattern, letters: testCase.flags) {
                disagreements.append(difference)
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
    }

    /// Pieces of every construct the reader knows, joined at random (most joins do not compile
    /// and are skipped; those that do are compared).
    static let fragments = [
        "a", "b", "1", "0", "7", "8", "9", ":", "#", " ", "\n", "-", "]", "[", "{", "}", "{2}", "{1,}", "{,3}", "{1,2}",
        "*", "+", "?", "|", "(", ")", "(?:", "(?i)", "(?x)", "(?xx)", "(?-x)", "(?^)", "(?x:", "(?n)", "(?|", "(?>",
        "(?=", "(?<!", "(?<n>", "(?'m'", "(?P<p>", "(?#c)", "(*COMMIT)", "(*MARK:x)", "(*:y)", "(*pla:", "(*atomic:",
        #"\1"#, #"\2"#, #"\10"#, #"\11"#, #"\12"#, #"\18"#, #"\81"#, #"\01"#, #"\0"#, #"\x"#, #"\x4"#, #"\x41"#,
        #"\x{41}"#, #"\o{101}"#, #"\cA"#, #"\N"#, #"\N{U+41}"#, #"\p{L}"#, #"\pL"#, #"\Q"#, #"\E"#, #"\Qa|b\E"#,
        #"\g1"#, #"\g{-1}"#, #"\g<1>"#, #"\k<n>"#, #"\d"#, #"\b"#, #"\G"#, #"\K"#, #"\."#, #"\#"#, #"\ "#, "[a]",
        "[]a]", "[^]a]", "[[:alpha:]]", "[[:^digit:]x]", "[[:a]", #"[\Q]\E]"#, #"[\d-z]"#, #"[\1\8]"#, "[ a]", "é", ".",
        "^", "$", "(?1)", "(?R)", "(?(1)", "(?(<n>)", "(?(?=a)", "(*F)", "(?-1)", "(?+1)", "(?&n)", "#x\n", "(*UTF)",
        "(?s-i:", "(?J)", "(?U)", "(?C1)", #"(?C"a""b")"#, "(?C{x})",
    ]

    @Test("generated patterns")
    func generatedPatterns() {
        var random = GeneratedPatternDifferentialTests.Generator(state: 29)
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let pattern = (0...random.next(8)).map { _ in random.pick(Self.fragments) }.joined()
            let letters = random.next(4) == 0 ? "x" : ""
            if let difference = Self.disagreement(pattern, letters: letters) { disagreements.append(difference) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
    }

    /// `\1`…`\9nn`: a back reference or an octal escape by the groups before it.
    @Test(arguments: [
        (#"\11"#, PatternItem.Escape.character, 3), (#"(a)\1"#, .backReference, 5), (#"\81"#, .backReference, 3),
        (#"((((((((((((a))))))))))))\12"#, .backReference, 28), (#"\12((((((((((((a))))))))))))"#, .character, 3),
        (#"\18"#, .character, 2),
    ])
    func digitEscapes(pattern: String, kind: PatternItem.Escape, end: Int) {
        let syntax = PatternSyntax(pattern, flags: 0)
        let escape = syntax.items.first { $0.range.upperBound == end }
        #expect(escape?.kind == .escape(kind))
    }

    /// The facts the engine asks for, with what hides a construct from them.
    @Test(arguments: [
        (#"a\Gb"#, true, false, false), (#"\Q\G(*COMMIT)\E"#, false, false, false), ("[(*SKIP)]", false, false, false),
        ("(?#(*COMMIT))a", false, false, false), ("a(*COMMIT:x)", true, false, false), ("(a)(?1)", false, true, true),
        (#"\Q(?1)\E"#, false, false, false), (#"(a)\g'1'"#, false, true, true), (#"(?<n>a)\k<n>"#, false, false, false),
        ("(?(1)a|b)", false, false, true), (#"[\1]"#, false, false, true), ("(a)b", false, false, false),
        (#"a\"#, false, false, false),
    ])
    func facts(pattern: String, steers: Bool, calls: Bool, numbers: Bool) {
        let syntax = PatternSyntax(pattern, flags: 0)
        #expect(syntax.holdsG(orVerbs: [.commit, .skip]) == steers)
        #expect(syntax.callsGroups == calls)
        #expect(syntax.mayNumberGroups == numbers)
    }

    /// `mayNumberGroups` reads the pattern as it is compiled (the line search passes its options,
    /// and reads it once): a `\1` that only extended mode shows (after a `#` comment holding
    /// `\Q`) counts there and not otherwise; one quoted in both readings never does.
    @Test(arguments: [
        ("(a) # \\Q\n\\1", false, true), (#"\Q\1\E"#, false, false), (#"\\1"#, false, false), (#"[\1]"#, true, true),
    ])
    func numbersReadAsCompiled(pattern: String, plain: Bool, extended: Bool) {
        #expect(PatternSyntax(pattern, flags: 0).mayNumberGroups == plain)
        #expect(PatternSyntax(pattern, flags: EngineFlags.extended).mayNumberGroups == extended)
    }
}
