import FastCop
import Foundation
import Testing

/// Searches with patterns of the linear shape (trailing blanks, trims; see `LinearShape`) that
/// need more than a start position's share of the total: FastCop runs PCRE2's own search
/// without a clock and must give PCRE2's answers (the ones with the budget off), under the
/// default limits, through every call; and a search made of many such calls stays bounded.
@Suite("Linear-shape searches give PCRE2's answers and stay bounded")
struct LinearSearchTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var pattern: String
        var input: String
        var options: Pattern.Options = []
        var label: String
        /// False where PCRE2 makes the repeat possessive (nothing after it can match what it
        /// gave back) or finds a match at once: then no position needs more than its share.
        var heavy = true
        var testDescription: String { "\(pattern) on \(label)" }
    }

    static func repeated(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }

    static let cases: [Case] = [
        Case(pattern: #"\s+$"#, input: "x" + repeated(" ", 100_000) + "x", label: "x + 100,000 spaces + x"),
        Case(pattern: #"[ \t]+$"#, input: "a" + repeated("\t ", 100_000) + "b", label: "a + 100,000 × tab space + b"),
        Case(
            pattern: #"^\s+|\s+$"#, input: repeated(" ", 5000) + "é" + repeated(" ", 60_000), label: "both ends",
            heavy: false),
        Case(
            pattern: #"\s+\r?$"#, input: "ß" + repeated("\u{3000} ", 40_000) + "\r\n", label: "CRLF at the end",
            heavy: false),
        Case(pattern: #"\s*$"#, input: "😀" + repeated("\u{A0}", 50_000) + "é", label: "star, no-break spaces"),
        Case(pattern: #"\h++$"#, input: "x" + repeated(" \t", 50_000) + "x", label: "possessive", heavy: false),
        Case(pattern: #"[,;]+,$"#, input: "a" + repeated(",;", 40_000) + "é", label: "commas and semicolons"),
        Case(
            pattern: #"é+\z"#, input: repeated("é", 70_000) + "e\u{301}", label: "é run, combining mark at the end",
            heavy: false),
        Case(
            pattern: #"[^\S\n]+$"#, input: repeated("mot  \t\n", 10_000) + repeated(" ", 60_000) + "x",
            options: .multiline, label: "multiline, a long run at the end"),
        Case(
            pattern: #"[\s\x{200c}]+$"#, input: "x" + repeated(" \u{200C}", 40_000) + "\nx",
            label: "ZWNJ, then a newline"),
        Case(
            pattern: #"[ \t]+$"#, input: repeated("é", 5000) + repeated("line é  \t\n", 20_000), options: .multiline,
            label: "trailing blanks on 20,000 lines after 5,000 é", heavy: false),
        Case(pattern: #"\s+"#, input: repeated("ß", 9000) + " x", label: "one space after 9,000 ß", heavy: false),
        Case(pattern: #"\d+$|x+y"#, input: repeated("7", 90_000) + "x", label: "two branches, digits"),
        Case(pattern: #"\s+$"#, input: "x" + repeated(" ", 50_000) + "x", options: .caseInsensitive, label: "caseless"),
    ]

    static let budgetOff = HeavySearchDifferentialTests.budgetOff

    static func answer<T: Equatable>(_ body: () throws -> T) -> String { HeavySearchDifferentialTests.answer(body) }

    @Test("the linear search gives the answers of PCRE2 alone", arguments: cases)
    func sameAnswers(row: Case) throws {
        let fastCop = try Pattern(row.pattern, options: row.options)
        let alone = try Pattern(row.pattern, options: row.options, limits: Self.budgetOff)
        let input = row.input
        // The case does need more than a share: with each position limited to 1,000 steps
        // (the share on subjects this long), PCRE2 runs into the limit.
        let shareOnly = Pattern.Limits(
            matchLimit: 1000, depthLimit: 100_000, heapLimit: 64 * 1024 * 1024, totalMatchLimit: Int.max)
        if row.heavy {
            #expect(throws: PatternError.self) {
                try Pattern(row.pattern, options: row.options, limits: shareOnly).matches(in: input)
            }
        }
        HeavySearchDifferentialTests.expectSameAnswers(fastCop, alone, on: input)
        #expect(
            Self.answer { try fastCop.replacing(in: input, withLiteral: "-") }
                == Self.answer { try alone.replacing(in: input, withLiteral: "-") })
        if row.options.isEmpty {
            let filter = RegexReplaceFilter(pattern: row.pattern, replacement: "")
            #expect(
                Self.answer { try filter.apply(to: input) ?? input }
                    == Self.answer { try alone.replacing(in: input, with: "") })
        }
    }

    @Test("a run longer than the per-position limit ends with PCRE2's own limit error")
    func runBeyondTheLimit() throws {
        let limits = Pattern.Limits(matchLimit: 10_000, depthLimit: 100_000, heapLimit: 64 * 1024 * 1024)
        let alone = Pattern.Limits(
            matchLimit: 10_000, depthLimit: 100_000, heapLimit: 64 * 1024 * 1024, totalMatchLimit: Int.max)
        let input = "x" + Self.repeated(" ", 30_000) + "x"
        let expected = Self.answer { try Pattern(#"\s+$"#, limits: alone).hasMatch(in: input) }
        #expect(expected == "error: match limit exceeded")
        #expect(Self.answer { try Pattern(#"\s+$"#, limits: limits).hasMatch(in: input) } == expected)
    }

    /// Many calls, each starting over in the same long run: `b+c` matches "bc" in every
    /// "abc", and before each match the other branch scans the whole rest of the run. PCRE2
    /// alone takes quadratic time (30,000 calls over 90 kB, over a second from C); each linear
    /// search is charged its length against one total, so the search ends with PCRE2's
    /// matches or the total's limit error, soon.
    @Test("a search of many calls, each over the same run, ends")
    func manyCallsOverOneRun() throws {
        let count = 30_000
        let input = Self.repeated("abc", count) + "!"
        let pattern = try Pattern(#"b+c|[abc]+$"#)
        let expected = (0..<count).map { 3 * $0 + 1..<3 * $0 + 3 }
        for (what, body) in [
            ("matches", { try pattern.matches(in: input).map(\.utf8Range) == expected }),
            ("replacing", { try pattern.replacing(in: input, with: "") == Self.repeated("a", count) + "!" }),
            ("numberOfMatches", { try pattern.numberOfMatches(in: input) == count }),
        ] as [(String, () throws -> Bool)] {
            do {
                #expect(try body(), "\(what)")
            } catch let error as PatternError {
                #expect(error.isLimit, "\(what): \(error)")
            }
        }
    }
}
