import FastCop
import Foundation
import Testing

/// Catastrophic-backtracking patterns on their worst inputs, through every layer: each call
/// ends with a limit error or the correct answer, and the layers that judge (trials,
/// validations, batches) fail closed and say why.
@Suite("Hostile: runaway patterns end, through every layer")
struct HostileRunawayTests {
    /// What a call must give: a limit error, this answer, or either (where the JIT and the
    /// interpreter count steps differently).
    enum Outcome: Sendable, Equatable, CustomStringConvertible {
        case limit
        case answer(Bool)
        case limitOr(Bool)

        func admits(_ answer: Bool) -> Bool { self == .answer(answer) || self == .limitOr(answer) }
        var admitsLimit: Bool { self == .limit || self == .limitOr(true) || self == .limitOr(false) }

        var description: String {
            switch self {
            case .limit: return "limit"
            case .answer(let value): return "\(value)"
            case .limitOr(let value): return "limit or \(value)"
            }
        }
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var pattern: String
        var input: String
        /// What `hasMatch(in:)` gives (a search anywhere).
        var search: Outcome
        /// What `hasWholeMatch(in:)` gives.
        var whole: Outcome
        var label: String

        var testDescription: String { "\(pattern) on \(label)" }
    }

    static func repeated(_ text: String, _ count: Int, then tail: String = "") -> String {
        String(repeating: text, count: count) + tail
    }

    /// The issue's list, plus non-ASCII variants.
    static let rows: [Row] = [
        Row(pattern: "^(a+)+$", input: repeated("a", 30, then: "!"), search: .limit, whole: .limit, label: "a×30!"),
        Row(pattern: "^(a|a)*$", input: repeated("a", 30, then: "!"), search: .limit, whole: .limit, label: "a×30!"),
        Row(pattern: "^(a|aa)+$", input: repeated("a", 40, then: "!"), search: .limit, whole: .limit, label: "a×40!"),
        Row(pattern: "(x+x+)+y", input: repeated("x", 30, then: "!y"), search: .limit, whole: .limit, label: "x×30!y"),
        // No "y" at all: PCRE2's required-character check answers at once, except that the
        // interpreter's whole match (anchored at both ends) backtracks into its limit.
        Row(
            pattern: "(x+x+)+y", input: repeated("x", 5000), search: .answer(false), whole: .limitOr(false),
            label: "x×5000"),
        Row(
            pattern: #"^(\w+\s?)*$"#, input: repeated("a", 30, then: "!"), search: .limit, whole: .limit, label: "a×30!"
        ),
        Row(
            pattern: #"^(\w+\s?)*$"#, input: repeated("ab ", 20, then: "!"), search: .limit, whole: .limit,
            label: "(ab )×20!"),
        Row(
            pattern: "^(([a-z])+.)+[A-Z]([a-z])+$", input: repeated("a", 40, then: "!"), search: .limit,
            whole: .limit, label: "a×40!"),
        // The trim pattern: quadratic, not exponential. Spaces first: `^[…]+` matches at once.
        Row(
            pattern: #"^[\s\x{200c}]+|[\s\x{200c}]+$"#, input: repeated(" ", 20_000, then: "x"),
            search: .answer(true), whole: .answer(false), label: "space×20000 x"),
        // Spaces in the middle: the second branch is tried from every space (PCRE2's JIT
        // answers at once; the interpreter takes O(n²) steps, each start within the limit).
        Row(
            pattern: #"^[\s\x{200c}]+|[\s\x{200c}]+$"#, input: "x" + repeated(" ", 2_000, then: "x"),
            search: .answer(false), whole: .answer(false), label: "x space×2000 x"),
        // Thousands of start positions, each within the per-position limit: the whole-search
        // budget ends the search (PCRE2 alone spends about half a second on it, ten times
        // the time the budget allows its own search).
        Row(
            pattern: "(a+)+b", input: repeated(repeated("a", 16, then: "!"), 600, then: "b"), search: .limit,
            whole: .answer(false), label: "(a×16!)×600 b"),
        Row(pattern: "^(é+)+$", input: repeated("é", 30, then: "!"), search: .limit, whole: .limit, label: "é×30!"),
        Row(
            pattern: #"^(\w+\s?)*$"#, input: repeated("ßé", 15, then: "!"), search: .limit, whole: .limit,
            label: "(ßé)×15!"),
        // A combining mark is not \w in PCRE2 10.42 (nor \s): the repetition stops at once.
        Row(
            pattern: #"^(\w+\s?)*$"#, input: repeated("e\u{301} ", 15, then: "!"), search: .answer(false),
            whole: .answer(false), label: "(é́ )×15!"),
        Row(pattern: "^(😀|😀)*$", input: repeated("😀", 30, then: "!"), search: .limit, whole: .limit, label: "😀×30!"),
    ]

    static let jitModes: [Pattern.JITMode] = [.ifAvailable, .never]

    /// Checks that `body` gives `expected`, or a limit error when `expected` is `.limit`.
    static func expectOutcome(
        _ expected: Outcome, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> Bool
    ) {
        do {
            let answer = try body()
            #expect(expected.admits(answer), "\(what): answered \(answer)", sourceLocation: sourceLocation)
        } catch let error as PatternError {
            #expect(expected.admitsLimit && error.isLimit, "\(what): \(error)", sourceLocation: sourceLocation)
            if error.isLimit {
                #expect(error.description.contains("gave up on this input"), sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("\(what): unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    // MARK: - Engine

    @Test("the engine's calls end with a limit error or the right answer", arguments: rows, jitModes)
    func engine(row: Row, jit: Pattern.JITMode) throws {
        let pattern = try Pattern(row.pattern, jit: jit)
        let input = row.input
        Self.expectOutcome(row.search, "hasMatch") { try pattern.hasMatch(in: input) }
        Self.expectOutcome(row.whole, "hasWholeMatch") { try pattern.hasWholeMatch(in: input) }
        Self.expectOutcome(row.search, "firstMatch") { try pattern.firstMatch(in: input) != nil }
        Self.expectOutcome(row.whole, "wholeMatch") { try pattern.wholeMatch(in: input) != nil }
        Self.expectOutcome(row.search, "matches") { try !pattern.matches(in: input).isEmpty }
        Self.expectOutcome(row.search, "numberOfMatches") { try pattern.numberOfMatches(in: input) > 0 }
        Self.expectOutcome(row.search, "hasMatch(bytes)") { try pattern.hasMatch(in: Array(input.utf8)) }
        Self.expectOutcome(row.whole, "hasWholeMatch(bytes)") { try pattern.hasWholeMatch(in: Array(input.utf8)) }
        Self.expectOutcome(row.search, "replacing(with:)") { try pattern.replacing(in: input, with: "") != input }
        Self.expectOutcome(row.search, "replacing(withLiteral:)") {
            try pattern.replacing(in: input, withLiteral: "$") != input
        }
        Self.expectOutcome(row.search, "replacing(using:)") {
            try pattern.replacing(in: input) { _ in "" } != input
        }
    }

    @Test("a limit error names the pattern, the kind and PCRE2's code")
    func limitErrorText() throws {
        let pattern = try Pattern("^(a+)+$")
        let error = try #require(throws: PatternError.self) {
            try pattern.hasMatch(in: Self.repeated("a", 30, then: "!"))
        }
        #expect(error.kind == .matchLimit)
        #expect(error.code == -47)
        #expect(error.pattern == "^(a+)+$")
        #expect(error.description.contains("^(a+)+$"))
        #expect(error.description.contains("match limit"))
    }

    @Test("docs/untrusted-input.md: stricter limits, and a trial that fails closed")
    func readmeExample() throws {
        let strict = Pattern.Limits(matchLimit: 100_000, depthLimit: 10_000, heapLimit: 8 << 20)
        let words = try Pattern(#"^(\w+\s?)*$"#, limits: strict)
        do {
            _ = try words.hasWholeMatch(in: String(repeating: "a", count: 30) + "!")
        } catch let error as PatternError where error.isLimit { print(error.kind) }
        #expect(!Trial.format(#"^(\w+\s?)*$"#).trial()(String(repeating: "a", count: 30) + "!"))

        let hostile = String(repeating: "a", count: 30) + "!"
        let error = try #require(throws: PatternError.self) { try words.hasWholeMatch(in: hostile) }
        #expect(error.isLimit)
        #expect("\(error.kind)" == "match limit exceeded")
        let report = Batch().report([hostile, "two words"], wholeMatching: words, message: "Not words")
        #expect(report.failures.map(\.index) == [0])
        #expect(report.failures[0].issues[0].kind == .limit)
    }

    /// Limits count per start position: a search over n positions may take n × matchLimit
    /// steps. This pins the bound (it ends, correctly) on a small case; the document says
    /// what it means for long inputs.
    @Test("an unanchored search that stays under the limit at each position ends correctly")
    func perPositionBound() throws {
        let block = String(repeating: "a", count: 12) + "c"
        let input = String(repeating: block, count: 20) + "b"
        for jit in Self.jitModes {
            let pattern = try Pattern("(a+)+b", jit: jit)
            #expect(try !pattern.hasMatch(in: input))
            #expect(try pattern.hasMatch(in: input + "ab"))
        }
    }

    // MARK: - Trials, validations, filters

    @Test("Trial.format fails closed and evaluate says why", arguments: rows)
    func trialFormat(row: Row) throws {
        let trial = Trial.format(row.pattern)
        // Fails closed: the plain predicate passes only what is surely a whole match.
        #expect(trial.trial()(row.input) == (row.whole == .answer(true)))
        Self.expectOutcome(row.whole, "evaluate") { try trial.evaluate(row.input) }
    }

    @Test("Validation.format fails closed and says why", arguments: rows)
    func validationFormat(row: Row) throws {
        let validation: Validation<String> = .format(row.pattern, message: "Bad format")
        switch row.search {
        case .limit:
            // Users see the rule's message; the limit is the error underneath.
            let error = try #require(throws: ValidationError.self) { try validation.validate(row.input) }
            #expect(error.description == "Bad format")
            #expect((error.underlyingError as? PatternError)?.isLimit == true)
        case .answer(true):
            try validation.validate(row.input)
        case .answer(false), .limitOr:
            let error = try #require(throws: ValidationError.self) { try validation.validate(row.input) }
            #expect(error.description == "Bad format")
            #expect(error.underlyingError == nil || (error.underlyingError as? PatternError)?.isLimit == true)
        }
    }

    @Test("RegexReplaceFilter throws the limit error instead of returning", arguments: rows)
    func regexReplaceFilter(row: Row) throws {
        let filter = RegexReplaceFilter(pattern: row.pattern, replacement: "<$0>")
        switch row.search {
        case .limit:
            let error = try #require(throws: PatternError.self) { try filter.apply(to: row.input) }
            #expect(error.isLimit)
        case .answer(let found), .limitOr(let found):
            let output = try #require(try filter.apply(to: row.input))
            #expect((output != row.input) == found)
        }
    }

    // MARK: - Batches

    static let parallel = BatchOptions(parallelism: 2, chunkSize: 2, sequentialThreshold: 0)

    /// Each row's input among benign ones, so that a limit in one input cannot spoil another.
    static func batchInputs(_ row: Row) -> [String] {
        ["", "é", row.input, "aaa", row.input, "ß😀"]
    }

    @Test("batches fail the runaway inputs closed and report the limit", arguments: rows)
    func batch(row: Row) throws {
        let pattern = try Pattern(row.pattern)
        let inputs = Self.batchInputs(row)
        let batch = Batch(options: Self.parallel)
        let oneByOne = inputs.map { (try? pattern.hasWholeMatch(in: $0)) ?? false }
        #expect(batch.hasWholeMatch(pattern, in: inputs) == oneByOne)
        #expect(batch.hasMatch(pattern, in: inputs) == inputs.map { (try? pattern.hasMatch(in: $0)) ?? false })
        #expect(try batch.evaluate(Trial.format(row.pattern), on: inputs) == oneByOne)

        let report = batch.report(inputs, wholeMatching: pattern, message: "Bad")
        let rulesReport = try batch.report(inputs, rules: [TrialRule(.format(row.pattern), message: "Bad")])
        for report in [report, rulesReport] {
            let runaway = report.failures.filter { inputs[$0.index] == row.input }
            if row.whole == .answer(true) {
                #expect(runaway.isEmpty)
            } else {
                #expect(runaway.map(\.index) == [2, 4])
            }
            if row.whole == .limit {
                #expect(runaway.allSatisfy { $0.issues.map(\.kind) == [.limit] })
                #expect(runaway.allSatisfy { $0.issues[0].message.contains("limit") })
            }
        }

        if row.search == .limit {
            let error = try #require(throws: PatternError.self) {
                try batch.replacing(pattern, in: inputs, with: "")
            }
            #expect(error.isLimit)
        } else {
            #expect(try batch.replacing(pattern, in: inputs, with: "$0") == inputs)
        }
    }

    @Test("raw-byte lines report a limit per line", arguments: rows)
    func lines(row: Row) throws {
        let pattern = try Pattern(row.pattern)
        let text = Self.batchInputs(row).joined(separator: "\n")
        let result = Array(text.utf8).withUnsafeBytes { Batch(options: Self.parallel).matchLines(pattern, in: $0) }
        #expect(result.lines.count == 6)
        if row.search == .limit {
            #expect(result.verdicts[2] == .limit)
            #expect(result.verdicts[4] == .limit)
            #expect(result.problems.map(\.line) == [2, 4])
            #expect(result.problems.allSatisfy { $0.error.isLimit })
        } else {
            #expect(result.problems.isEmpty)
        }
    }
}
