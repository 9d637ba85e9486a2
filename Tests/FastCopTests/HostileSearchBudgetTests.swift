import FastCop
import Foundation
import Testing

/// The whole-search budget (`Limits.totalMatchLimit`): PCRE2 gives every start position of an
/// unanchored search its own match limit, so a subject made of many costly-but-legal start
/// positions used to take (length × match limit) steps. These subjects now end with a
/// match-limit error that says the search ran out; and where the search has what it needs,
/// the position-by-position retry gives exactly PCRE2's answers.
@Suite("Hostile: a search as a whole is bounded")
struct HostileSearchBudgetTests {
    static let jitModes: [Pattern.JITMode] = [.ifAvailable, .never]

    /// `count` runs of `run` a's, each followed by "!", then "b": `(a+)+b` backtracks through
    /// 2^run ways at every start position in a run, each under the per-position limit.
    static func segments(_ count: Int, run: Int, tail: String = "b") -> String {
        String(repeating: String(repeating: "a", count: run) + "!", count: count) + tail
    }

    /// Limits under which no search steps: the old behaviour, for reference answers.
    static let unbounded = Pattern.Limits(
        matchLimit: 100_000_000, depthLimit: 100_000, heapLimit: 64 * 1024 * 1024, totalMatchLimit: Int.max)

    static func expectBudgetError(_ what: String, _ body: () throws -> Any) {
        do {
            let value = try body()
            Issue.record("\(what): answered \(value) instead of running out")
        } catch let error as PatternError {
            #expect(error.kind == .matchLimit, "\(what): \(error)")
            #expect(error.isLimit)
            #expect(
                error.description.contains("total step budget (Limits.totalMatchLimit) ran out"),
                "\(what): \(error.description)")
        } catch {
            Issue.record("\(what): unexpected \(error)")
        }
    }

    @Test("many costly start positions end with a total-budget error, through every call", arguments: jitModes)
    func manyCostlyPositions(jit: Pattern.JITMode) throws {
        // 600 runs of 16 a's: about 10,200 start positions, each under the per-position
        // limit; PCRE2 alone takes about ten times the time the budget allows its own search.
        let input = Self.segments(600, run: 16)
        let pattern = try Pattern("(a+)+b", jit: jit)
        Self.expectBudgetError("hasMatch") { try pattern.hasMatch(in: input) }
        Self.expectBudgetError("firstMatch") { try pattern.firstMatch(in: input) as Any }
        Self.expectBudgetError("matches") { try pattern.matches(in: input) }
        Self.expectBudgetError("replacing(with:)") { try pattern.replacing(in: input, with: "<$0>") }
        Self.expectBudgetError("replacing(withLiteral:)") { try pattern.replacing(in: input, withLiteral: "-") }
        Self.expectBudgetError("hasMatch(bytes)") { try pattern.hasMatch(in: Array(input.utf8)) }
    }

    @Test("the quadratic trim pattern on a long run of spaces ends", arguments: jitModes)
    func trimOnSpaces(jit: Pattern.JITMode) throws {
        // 40,000 spaces between two letters: every space is a start position whose
        // `[\s\x{200c}]+$` backtracks to it (PCRE2's interpreter took about 30 s here).
        let input = "x" + String(repeating: " ", count: 40_000) + "x"
        let pattern = try Pattern(#"^[\s\x{200c}]+|[\s\x{200c}]+$"#, jit: jit)
        do {
            #expect(try pattern.hasMatch(in: input) == false)
        } catch let error as PatternError {
            #expect(error.isLimit, "\(error)")
        }
        do {
            #expect(try pattern.replacing(in: input, with: "") == input)
        } catch let error as PatternError {
            #expect(error.isLimit, "\(error)")
        }
    }

    @Test("the trim pattern on a few thousand spaces still answers", arguments: jitModes)
    func trimOnFewThousandSpaces(jit: Pattern.JITMode) throws {
        // Quadratic, but about 4.5 million steps in all: within the default total.
        let input = "x" + String(repeating: " ", count: 3000) + "x"
        let pattern = try Pattern(#"^[\s\x{200c}]+|[\s\x{200c}]+$"#, jit: jit)
        #expect(try pattern.hasMatch(in: input) == false)
        #expect(try pattern.replacing(in: " " + input + " ", with: "") == input)
    }

    @Test("a raised total lets the same search finish with PCRE2's answer")
    func raisedTotal() throws {
        let input = Self.segments(40, run: 12)
        var limits = Pattern.Limits.default
        limits.totalMatchLimit = 2_000_000_000
        #expect(try Pattern("(a+)+b", limits: limits).hasMatch(in: input) == false)
        #expect(try Pattern("(a+)+b", limits: Self.unbounded).hasMatch(in: input) == false)
    }

    /// Subjects where some start positions need more than their share and the search still
    /// has the budget to finish: the retry must find what PCRE2 alone finds.
    struct Case: Sendable, CustomTestStringConvertible {
        var pattern: String
        var input: String
        var options: Pattern.Options = []
        var label: String
        var testDescription: String { "\(pattern) on \(label)" }
    }

    static let cases: [Case] = [
        Case(pattern: "(a+)+b", input: segments(3, run: 16, tail: "aab"), label: "3 costly runs, then aab"),
        Case(pattern: "(a+)+b|é+", input: segments(3, run: 16, tail: "ééé aab"), label: "runs, then é"),
        Case(pattern: "(?:(a+)+b)?", input: segments(2, run: 16, tail: "ab"), label: "empty matches between"),
        Case(pattern: #"(a+)+b|\v(?!\v)"#, input: segments(3, run: 16, tail: "\r\nx"), label: "runs, then CRLF"),
        Case(
            pattern: #"(a+)+b|\v(?!\v)"#, input: segments(3, run: 16, tail: "\r\nx"), options: .lineFeedOnly,
            label: "runs, then CRLF, LF newlines"),
        Case(pattern: "(a+)+(b|😀)", input: segments(3, run: 16, tail: "a😀 ß"), label: "runs, then emoji"),
        Case(pattern: #"(?<=!)(a+)+c|a{3}\b"#, input: segments(3, run: 16, tail: "aaa"), label: "look-behind"),
    ]

    @Test("the position-by-position retry gives PCRE2's matches", arguments: cases, jitModes)
    func sameAnswers(row: Case, jit: Pattern.JITMode) throws {
        // Subjects of 33 to 64 bytes: each start position's share is 8,000,000 / 64 = 125,000
        // steps. The first position of each run of 16 a's needs about 131,000 (JIT) or
        // 164,000 (interpreter), so the search is retried position by position, and the
        // total pays for the grants those positions get (250,000 steps each).
        #expect((33...64).contains(row.input.utf8.count))
        let limits = Pattern.Limits(
            matchLimit: 1_000_000, depthLimit: 100_000, heapLimit: 64 * 1024 * 1024, totalMatchLimit: 8_000_000)
        let stepping = try Pattern(row.pattern, options: row.options, limits: limits, jit: jit)
        let reference = try Pattern(row.pattern, options: row.options, limits: Self.unbounded, jit: jit)
        let input = row.input
        // Some position does need more than its share.
        let shareOnly = Pattern.Limits(
            matchLimit: 125_000, depthLimit: 100_000, heapLimit: 64 * 1024 * 1024, totalMatchLimit: Int.max)
        #expect(throws: PatternError.self) {
            try Pattern(row.pattern, options: row.options, limits: shareOnly, jit: jit).matches(in: input)
        }

        #expect(try stepping.hasMatch(in: input) == reference.hasMatch(in: input))
        #expect(try stepping.firstMatch(in: input)?.range == reference.firstMatch(in: input)?.range)
        #expect(try stepping.matches(in: input).map(\.range) == reference.matches(in: input).map(\.range))
        #expect(try stepping.replacing(in: input, with: "<$0>") == reference.replacing(in: input, with: "<$0>"))
        #expect(try stepping.replacing(in: input, withLiteral: "#") == reference.replacing(in: input, withLiteral: "#"))
        let bytes = Array(input.utf8)
        #expect(try stepping.hasMatch(in: bytes) == reference.hasMatch(in: bytes))
    }

    @Test("a long document whose matches each need thousands of steps is still searched", arguments: jitModes)
    func longLazyMatches(jit: Pattern.JITMode) throws {
        // 100 elements of 5,000 characters in 600 kB: a lazy `.*?` takes a step per
        // character, more than the 1,000-step share each position gets on a subject this long.
        let element = "<b>" + String(repeating: "é", count: 5000) + "</b>"
        let filler = String(repeating: "text ", count: 200)
        let input = String(repeating: filler + element, count: 100) + filler
        let pattern = try Pattern("<b>.*?</b>", jit: jit)
        let reference = try Pattern("<b>.*?</b>", limits: Self.unbounded, jit: jit)
        #expect(try pattern.numberOfMatches(in: input) == 100)
        #expect(try pattern.matches(in: input).map(\.range) == reference.matches(in: input).map(\.range))
        #expect(try pattern.replacing(in: input, with: "[$0]") == reference.replacing(in: input, with: "[$0]"))
    }

    @Test("a whole match is one start position: it keeps the full per-position limit")
    func wholeMatchKeepsFullLimit() throws {
        // About 2^14 ways at a single position: well under 1,000,000 steps, and more than a
        // share of the total would be on a subject this long if it were searched.
        let input = String(repeating: "a", count: 14) + "!" + String(repeating: "c", count: 5000)
        #expect(try Pattern("(a+)+b[c]*").hasWholeMatch(in: input) == false)
        #expect(try Pattern("^(a+)+b").hasMatch(in: input) == false)
    }

    @Test("a total below the per-position limit counts as the per-position limit")
    func totalNeverBelowMatchLimit() throws {
        #expect(Pattern.Limits.default.totalMatchLimit == nil)
        var limits = Pattern.Limits.default
        limits.totalMatchLimit = 10
        let input = String(repeating: "a", count: 14) + "!b"
        #expect(try Pattern("(a+)+b", limits: limits).hasWholeMatch(in: input) == false)
        #expect(try Pattern("(a+)+b", limits: limits).hasMatch(in: input) == false)
    }
}
