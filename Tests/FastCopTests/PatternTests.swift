import FastCop
import Testing

@Suite("Pattern: hasMatch and hasWholeMatch")
struct PatternTests {
    static let searchCases: [(pattern: String, subject: String, found: Bool)] = [
        (#"\d{3}"#, "ab123cd", true),
        (#"\d{3}"#, "ab12cd", false),
        ("é", "café", true),
        ("e\u{301}", "cafe\u{301}", true),
        ("ß", "Straße", true),
        ("🎉", "party 🎉 time", true),
        ("👨‍👩‍👧", "family: 👨‍👩‍👧!", true),
        (#"^\w+$"#, "naïve", true),  // \w is Unicode-aware by default (PCRE2_UCP)
        (#"^\d+$"#, "١٢٣", true),  // Arabic-Indic digits are \d with UCP
        ("", "anything", true),
        ("", "", true),
        ("x", "", false),
    ]

    @Test("hasMatch finds the pattern anywhere", arguments: searchCases)
    func hasMatch(pattern: String, subject: String, found: Bool) throws {
        #expect(try Pattern(pattern).hasMatch(in: subject) == found)
        #expect(try Pattern(pattern).hasMatch(in: subject[...]) == found)
    }

    static let wholeCases: [(pattern: String, subject: String, matches: Bool)] = [
        ("a|ab", "ab", true),  // alternation backtracks to consume the whole string
        ("abc", "abc", true),
        ("abc", "abc\n", false),  // no trailing newline sneaks through
        ("^abc$", "abc\n", false),  // not even with ^…$
        ("abc", "xabc", false),
        ("abc", "abcx", false),
        (Pattern.emailSource, "test@test.com", true),
        (Pattern.emailSource, "test@test.com\n", false),
        (Pattern.emailSource, " test@test.com", false),
        (Pattern.emailSource, "a@b.museum", false),
        (Pattern.emailSource, "x@y.comm", true),
        (Pattern.emailSource, "a..b@c..com", true),
        (Pattern.emailSource, "ÄÖ@x.com", false),
        ("(*UCP)\\w+", "ß", true),  // leading verbs keep working with whole matches
        (".+", "e\u{301}🎉", true),
        ("", "", true),
        ("", "a", false),
    ]

    @Test("hasWholeMatch needs the whole string", arguments: wholeCases)
    func hasWholeMatch(pattern: String, subject: String, matches: Bool) throws {
        #expect(try Pattern(pattern).hasWholeMatch(in: subject) == matches)
        #expect(try Pattern(pattern).hasWholeMatch(in: subject[...]) == matches)
    }

    @Test("whole match of a substring looks only at the substring")
    func substringSubject() throws {
        let text = "xx abc yy"
        let middle = text.dropFirst(3).prefix(3)
        #expect(middle == "abc")
        #expect(try Pattern("abc").hasWholeMatch(in: middle))
        #expect(try !Pattern("x").hasMatch(in: middle))
    }

    static let optionCases: [(pattern: String, options: Pattern.Options, subject: String, found: Bool)] = [
        ("STRASSE", [], "strasse", false),
        ("STRASSE", .caseInsensitive, "strasse", true),
        ("ÉCOLE", .caseInsensitive, "école", true),
        ("^b", [], "a\nb", false),
        ("^b", .multiline, "a\nb", true),
        ("^b", .multiline, "a\r\nb", true),  // any Unicode newline by default
        ("^b", .multiline, "a\u{2028}b", true),
        ("^b", [.multiline, .lineFeedOnly], "a\u{2028}b", false),
        ("a.b", [], "a\nb", false),
        ("a.b", .dotMatchesNewlines, "a\nb", true),
        ("a b # comment", .extended, "ab", true),
        ("a.c", .literal, "abc", false),
        ("a.c", .literal, "xa.cx", true),
        ("a$", [], "a\n", true),  // like ICU, $ matches before a final newline
        ("a$", .dollarEndOnly, "a\n", false),
        (#"^\w+$"#, .asciiCharacterClasses, "naïve", false),
        (#"^\w+$"#, .asciiCharacterClasses, "naive", true),
        ("a+?", .ungreedy, "aaa", true),
    ]

    @Test("options change matching as documented", arguments: optionCases)
    func options(pattern: String, options: Pattern.Options, subject: String, found: Bool) throws {
        #expect(try Pattern(pattern, options: options).hasMatch(in: subject) == found)
    }

    @Test("a pattern reports its settings")
    func settings() throws {
        let pattern = try Pattern(#"(?<year>\d{4})-(\d\d)"#, options: .caseInsensitive)
        #expect(pattern.source == #"(?<year>\d{4})-(\d\d)"#)
        #expect(pattern.options == .caseInsensitive)
        #expect(pattern.captureCount == 2)
        #expect(pattern.groupNames == ["year": 1])
        #expect(pattern.description == #"/(?<year>\d{4})-(\d\d)/"#)
        #expect(Pattern.engineVersion.hasPrefix("10."))
    }

    @Test("one pattern is shared by many concurrent tasks")
    func concurrentUse() async throws {
        let pattern = try Pattern(Pattern.emailSource)
        let subjects = (0..<2000).map { $0.isMultiple(of: 2) ? "user\($0)@example.com" : "user\($0)@example" }
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try subjects.filter { try pattern.hasWholeMatch(in: $0) }.count
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 1000, count: 8))
    }
}
