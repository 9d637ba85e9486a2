import FastCop
import Foundation
import Testing

/// Cases written against FastCop's speed rewrites and its watched search, each checked against
/// PCRE2 alone (the oracle) in both configurations: first match and captures, whole match, all
/// matches and replacing. Each of these once gave another answer than PCRE2's.
@Suite("Differential: the rewrites and the watched search give PCRE2's answers")
struct RewriteDifferentialTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var pattern: String
        var subjects: [String]
        var why: String
        /// Whether FastCop may end with a limit error where PCRE2 alone, with its full match
        /// limit at every start position, answers: a runaway search's answer or an error, never
        /// another answer.
        var mayReachLimit = false
        var testDescription: String { "\(pattern): \(why)" }
    }

    static let cases: [Case] = [
        // A one-item group written as the bare item ran into what stood before it.
        Case(pattern: #"(a)\1(?:0)+"#, subjects: ["aa00", "a\u{8}"], why: "\\1 then 0 is not the octal \\10"),
        Case(pattern: #"\x4(?:1)+"#, subjects: ["\u{4}11", "A"], why: "\\x4 then 1 is not \\x41"),
        Case(pattern: #"\0(?:1)+"#, subjects: ["\u{0}1", "\u{1}"], why: "\\0 then 1 is not \\01"),
        Case(pattern: #"\07(?:7)*"#, subjects: ["\u{7}77", "?"], why: "\\07 then 7 is not \\077"),
        Case(pattern: #"(?:\x4)+1"#, subjects: ["\u{4}\u{4}1"], why: "the item before a literal"),
        // Class members ran into each other.
        Case(pattern: #"(?:\x4|1)+"#, subjects: ["\u{4}1", "A"], why: "\\x4 and 1 are not \\x41"),
        Case(pattern: #"(?:\xa|b)+"#, subjects: ["\nb", "\u{AB}"], why: "\\xa and b are not \\xab"),
        Case(pattern: #"(?:\x{4}|1|\x41)+"#, subjects: ["\u{4}1A"], why: "braced hex stays as it is"),
        Case(
            pattern: #"(?:[[]|:|d|i|g|i|t|:)+]"#, subjects: ["[:dig]", "5]", "["], why: "members do not spell [:digit:]"
        ),
        Case(pattern: #"(?:[a-c]|-|z)+"#, subjects: ["a-z", "b"], why: "a hyphen member stays a hyphen"),
        Case(pattern: #"(?:[\x4]|1)+"#, subjects: ["\u{4}1", "A"], why: "a class's short hex member"),
        // PCRE2 10.42 compiles [\S[:space:]] without UCP so that it misses characters above U+00FF.
        Case(pattern: #"(?:\S|[[:space:]])+"#, subjects: ["\u{212A}", "a b"], why: "PCRE2 10.42's class bug"),
        Case(pattern: #"(?:\W|[[:alpha:]])+"#, subjects: ["\u{212A}é!"], why: "PCRE2 10.42's class bug"),
        // Backtracking verbs: a class backtracks otherwise than a group.
        Case(pattern: #"(?:\W)+?(*PRUNE)([[:space:]])"#, subjects: ["d\u{8}-\n"], why: "prune after a lazy group"),
        Case(pattern: #"(?:[a-c]|é|\s)+?(*PRUNE)(?:d|\S)"#, subjects: ["Axé AK-\r1"], why: "prune after a lazy group"),
        // The global loop: PCRE2's own rule after an empty match, CRLF whole, unset groups unset.
        Case(pattern: #"\G(?:a|)"#, subjects: ["aab"], why: "\\G after an empty match"),
        Case(pattern: #"(?<=\G.)"#, subjects: ["abc"], why: "\\G in a look-behind"),
        Case(pattern: "\n?", subjects: ["a\r\nb", "\r\n"], why: "an empty match before a CRLF"),
        Case(pattern: #"((?=.)\b)*+"#, subjects: ["A ", "ab cd"], why: "PCRE2 10.42's JIT leaks a failed capture"),
        Case(pattern: #"(*COMMIT)"#, subjects: ["abc"], why: "a commit does not end the loop"),
        // Still rewritten, still right.
        Case(pattern: #"(?:\s|,)+$"#, subjects: ["a , \t", "a,b"], why: "the rewrite's own case"),
        Case(pattern: #"(?:\s)+x"#, subjects: ["  x", "x"], why: "one type item"),
        // The watched search: verbs and start-of-match optimizations the added branch changes.
        Case(
            pattern: #"(*COMMIT)a(?:(?:a+)+x|)"#, subjects: ["A" + String(repeating: "a", count: 19)],
            why: "a commit at a start the pattern never tries", mayReachLimit: true),
        Case(
            pattern: #".*?(*THEN)(?:x|(?:a+)+z)"#, subjects: [String(repeating: "a", count: 18) + "x"],
            why: "a leading .*? tries line starts only", mayReachLimit: true),
        Case(
            pattern: #"(*PRUNE)b(?:(?:a+)+x|)"#, subjects: ["B" + String(repeating: "a", count: 19)],
            why: "prune", mayReachLimit: true),
        Case(
            pattern: #"(?:(?:a+)+x|b)(*SKIP)c"#, subjects: [String(repeating: "a", count: 19) + "bc"],
            why: "skip", mayReachLimit: true),
    ]

    @Test(
        "every case gets PCRE2's answers, in both configurations",
        arguments: cases, PCRE2TestDataDifferentialTests.configurations)
    func agree(_ testCase: Case, configuration: PCRE2TestDataDifferentialTests.Configuration) {
        for (number, subject) in testCase.subjects.enumerated() {
            let data = PCRE2TestData.Case(
                id: "rewrite:\(number)", pattern: testCase.pattern, flags: "", modifiers: "",
                subject: Data(subject.utf8).base64EncodedString())
            let pattern = Result<Pattern, Error> { try Pattern(testCase.pattern, options: configuration.options) }
            let oracle = PCRE2TestData.Oracle.compile(
                data, ucp: configuration.ucp, lineFeedOnly: configuration.lineFeedOnly,
                jit: (try? pattern.get())?.isJITCompiled ?? false)
            var found = PCRE2TestDataDifferentialTests.differences(data, fastCop: pattern, oracle: oracle)
            if testCase.mayReachLimit {
                found.removeAll { $0.contains("FastCop limit") || $0.contains("FastCop failure(limit)") }
            }
            #expect(
                found.isEmpty, "\(testCase.pattern) on \(subject.debugDescription): \(found.joined(separator: "; "))")
        }
    }
}
