import Testing

@testable import FastCop

@Suite("Trial.format")
struct TrialFormatTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var pattern: String
        var evidence: String
        var passes: Bool
        var testDescription: String { "/\(pattern)/ on \(evidence.debugDescription)" }
    }

    static let hex = "^#([a-f0-9]{6}|[a-f0-9]{3})$"
    static let phone = #"^\(?([0-9]{3})\)?[-. ]?([0-9]{3})[-. ]?([0-9]{4})$"#

    static let cases: [Case] = [
        // SwiftCop README: hexadecimal colour.
        Case(pattern: hex, evidence: "#57b5b5", passes: true),
        Case(pattern: hex, evidence: "#fff", passes: true),
        Case(pattern: hex, evidence: "57b5b5", passes: false),
        Case(pattern: hex, evidence: "#h7b5b5", passes: false),
        Case(pattern: hex, evidence: "#57B5B5", passes: false),
        // Whole-string match: a matching substring is not enough (SwiftCop PR #2 phone tests).
        Case(pattern: phone, evidence: "9548018333", passes: true),
        Case(pattern: phone, evidence: "(954) 801-8333", passes: true),
        Case(pattern: phone, evidence: "(9548018333", passes: true),
        Case(pattern: "[0-9]{10}", evidence: "(9548018333", passes: false),
        Case(pattern: "[0-9]{10}", evidence: "9548018333)", passes: false),
        Case(pattern: "[0-9]{10}", evidence: "9548018333", passes: true),
        Case(pattern: "abc", evidence: "xabc", passes: false),
        Case(pattern: "abc", evidence: "abcx", passes: false),
        // A trailing newline is not accepted, with or without `$`.
        Case(pattern: hex, evidence: "#57b5b5\n", passes: false),
        Case(pattern: "abc", evidence: "abc\n", passes: false),
        Case(pattern: "abc$", evidence: "abc\n", passes: false),
        Case(pattern: "abc\\n", evidence: "abc\n", passes: true),
        Case(pattern: "abc\\s*", evidence: "abc\n", passes: true),
        // Alternation backtracks to consume the whole string.
        Case(pattern: "a|ab", evidence: "ab", passes: true),
        Case(pattern: "a|ab", evidence: "a", passes: true),
        Case(pattern: "a|ab", evidence: "abc", passes: false),
        Case(pattern: "(?:cat|category)", evidence: "category", passes: true),
        // Empty evidence and empty pattern.
        Case(pattern: "", evidence: "", passes: true),
        Case(pattern: "", evidence: "a", passes: false),
        Case(pattern: "a*", evidence: "", passes: true),
        // Case-sensitive unless the pattern says otherwise.
        Case(pattern: "abc", evidence: "ABC", passes: false),
        Case(pattern: "(?i)abc", evidence: "ABC", passes: true),
        // A leading verb keeps working.
        Case(pattern: "(*UCP)\\w+", evidence: "straße", passes: true),
        // Non-ASCII: é, ß, emoji, combining marks. `.` is one code point, `\X` one character.
        Case(pattern: "\\w+", evidence: "café", passes: true),
        Case(pattern: "\\w+", evidence: "straße", passes: true),
        Case(pattern: "\\w+", evidence: "👍", passes: false),
        Case(pattern: "(?i)ÉTÉ", evidence: "été", passes: true),
        Case(pattern: "caf.", evidence: "caf\u{E9}", passes: true),
        Case(pattern: "caf.", evidence: "cafe\u{301}", passes: false),
        Case(pattern: "caf\\X", evidence: "cafe\u{301}", passes: true),
        Case(pattern: "[a-zé]+", evidence: "caf\u{E9}", passes: true),
        Case(pattern: "[a-zé]+", evidence: "cafe\u{301}", passes: false),
        Case(pattern: "👍+", evidence: "👍👍👍", passes: true),
        Case(pattern: ".", evidence: "👍", passes: true),
        Case(pattern: ".", evidence: "👨‍👩‍👧", passes: false),
        Case(pattern: "\\X", evidence: "👨‍👩‍👧", passes: true),
        Case(pattern: "\\d+", evidence: "١٢٣", passes: true),
    ]

    @Test(arguments: cases)
    func wholeStringMatch(_ c: Case) throws {
        #expect(Trial.format(c.pattern).trial()(c.evidence) == c.passes)
        #expect(try Trial.format(c.pattern).evaluate(c.evidence) == c.passes)
    }

    @Test func thePatternIsCompiledOnceForManyTrials() throws {
        let cache = PatternCache(capacity: 8)
        for index in 0..<100 {
            let trial = Trial.format("[a-z]+[0-9]").trial(using: cache)
            #expect(trial("abc\(index % 10)"))
        }
        #expect(cache.statistics.misses == 1)
        #expect(cache.statistics.hits == 99)
        #expect(cache.statistics.count == 1)
        #expect(try cache.pattern("[a-z]+[0-9]", wholeMatch: true).isJITCompiled == Pattern.isJITSupported)
    }

    @Test func theClosureDoesNotLookUpTheCacheAgain() {
        let cache = PatternCache(capacity: 8)
        let trial = Trial.format("x+").trial(using: cache)
        for _ in 0..<50 { #expect(trial("xxx")) }
        #expect(cache.statistics.misses + cache.statistics.hits == 1)
    }
}
