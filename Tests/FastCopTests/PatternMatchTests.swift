import FastCop
import Testing

@Suite("Pattern: firstMatch, wholeMatch, matches and captures")
struct PatternMatchTests {
    @Test("captures map byte offsets to String indices through non-ASCII text")
    func capturesNonASCII() throws {
        let text = "café ß 👨‍👩‍👧 e\u{301}x 2026-11-30"
        let pattern = try Pattern(#"(?<year>\d{4})-(?<month>\d\d)-(\d\d)"#)
        let match = try #require(try pattern.firstMatch(in: text))
        #expect(match.substring == "2026-11-30")
        #expect(match["year"] == "2026")
        #expect(match["month"] == "11")
        #expect(match[3] == "30")
        #expect(match[0] == "2026-11-30")
        #expect(match.captures == ["2026", "11", "30"])
        #expect(text[match.range] == "2026-11-30")
        #expect(match.utf8Range == (text.utf8.count - 10)..<text.utf8.count)
        #expect(match[4] == nil)
        #expect(match["day"] == nil)
    }

    static let rangeCases: [(pattern: String, subject: String, expected: String)] = [
        ("é+", "caféé!", "éé"),
        ("ß", "Straße", "ß"),
        ("🎉+", "a🎉🎉b", "🎉🎉"),
        ("\u{301}", "e\u{301}", "\u{301}"),  // a combining mark alone: scalar-aligned range
        ("👧", "👨‍👩‍👧", "👧"),
        (#"\p{Lu}"#, "élan Élan", "É"),
    ]

    @Test("matched ranges are right for é, ß, emoji and combining marks", arguments: rangeCases)
    func ranges(pattern: String, subject: String, expected: String) throws {
        let match = try #require(try Pattern(pattern).firstMatch(in: subject))
        #expect(String(subject.unicodeScalars[match.range]) == expected)
        #expect(String(match.substring.unicodeScalars) == expected)
    }

    @Test("groups that do not take part are nil")
    func unsetGroup() throws {
        let match = try #require(try Pattern("(a)|(b)").firstMatch(in: "b"))
        #expect(match[1] == nil)
        #expect(match.range(at: 1) == nil)
        #expect(match[2] == "b")
        #expect(match.captures == [nil, "b"])
    }

    @Test("wholeMatch returns the groups of a whole-string match")
    func wholeMatch() throws {
        let pattern = try Pattern(#"(\w+)@(\w+)\.com"#)
        let match = try #require(try pattern.wholeMatch(in: "zoë@exämple.com"))
        #expect(match[1] == "zoë")
        #expect(match[2] == "exämple")
        #expect(try pattern.wholeMatch(in: "zoë@exämple.com!") == nil)
        #expect(try pattern.wholeMatch(in: "x zoë@exämple.com") == nil)
    }

    static let allMatchesCases: [(pattern: String, subject: String, expected: [String])] = [
        (#"\d+"#, "a1b22c333", ["1", "22", "333"]),
        ("a*", "baaa", ["", "aaa", ""]),
        ("", "é🎉", ["", "", ""]),  // empty matches step by whole characters (scalars)
        ("x*", "ßx", ["", "x", ""]),
        (#"\b"#, "ab cd", ["", "", "", ""]),
        ("é|e\u{301}", "café cafe\u{301}", ["é", "e\u{301}"]),
        ("(?m)^", "a\nb\r\nc", ["", "", ""]),
        ("nothing", "abc", []),
    ]

    @Test("matches lists every non-overlapping match", arguments: allMatchesCases)
    func allMatches(pattern: String, subject: String, expected: [String]) throws {
        let compiled = try Pattern(pattern)
        let found = try compiled.matches(in: subject).map { String($0.substring) }
        #expect(found == expected)
        #expect(try compiled.numberOfMatches(in: subject) == expected.count)
    }

    @Test("matches in a substring are ranges of the base string")
    func substringMatches() throws {
        let text = "11 22 33 44"
        let slice = text.dropFirst(3).dropLast(3)
        let found = try Pattern(#"\d+"#).matches(in: slice)
        #expect(found.map(\.substring) == ["22", "33"])
        #expect(text[found[0].range] == "22")
    }
}
