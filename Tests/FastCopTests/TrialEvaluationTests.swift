import Testing

@testable import FastCop

@Suite("Trial evaluation: broken and runaway patterns")
struct TrialEvaluationTests {
    static let broken = ["(ab", "[a-z", "a{2,1}", "(?<n>a)(?<n>b)", "\\", "*a", "(?P<1>x)", "é(", "👍[z-a]"]
    static let evidence = ["", "ab", "(ab", "é", "straße", "👍", "e\u{301}", "anything at all"]

    @Test(arguments: broken)
    func aBrokenPatternRejectsEveryInput(_ pattern: String) {
        let trial = Trial.format(pattern).trial()
        for text in TrialEvaluationTests.evidence {
            #expect(trial(text) == false, "\(text.debugDescription)")
        }
    }

    @Test(arguments: broken)
    func aBrokenPatternSaysWhy(_ pattern: String) throws {
        let trial = Trial.format(pattern)
        let error = try #require(throws: PatternError.self) { try trial.validated() }
        #expect(error.kind == .compile)
        #expect(error.pattern == pattern)
        #expect(error.description.contains("^"))
        #expect(error.description.hasPrefix(pattern + "\n"))
        #expect(throws: PatternError.self) { try trial.check() }
        #expect(throws: PatternError.self) { try trial.makeEvaluator() }
        #expect(throws: PatternError.self) { try trial.evaluate("ab") }
    }

    @Test func theCaretPointsAtTheProblem() throws {
        let error = try #require(throws: PatternError.self) { try Trial.format("é(a").check() }
        // PCRE2 reports the byte offset where it noticed (the end); the caret counts characters.
        #expect(error.offset == 4)
        #expect(error.description == "é(a\n   ^\nmissing closing parenthesis at offset 4")
    }

    @Test func validTrialsValidate() throws {
        #expect(try Trial.email.validated().trial()("a@b.co"))
        #expect(try Trial.format("[0-9]+").validated().trial()("123"))
        #expect(try Trial.length(.in, 5...5).validated().trial()("12345"))
        // A payload SwiftCop does not understand: the trial would reject everything.
        #expect(throws: LengthPayloadError.self) { try Trial.length(.in, 5).validated() }
        try Trial.inclusion(["x"]).check()
    }

    static let runaway = ["(a+)+$", "(a|aa)+b?$", "(\\w+\\s?)+$"]

    @Test(arguments: runaway)
    func aRunawayPatternRejectsTheInputAndSaysWhy(_ pattern: String) throws {
        let evidence = String(repeating: "a", count: 40) + "!"
        #expect(Trial.format(pattern).trial()(evidence) == false)
        let error = try #require(throws: PatternError.self) { try Trial.format(pattern).evaluate(evidence) }
        #expect(error.isLimit)
        #expect(error.description.contains("gave up"))
        // Ordinary inputs still pass and fail normally.
        #expect(try Trial.format(pattern).evaluate("aaaa"))
        #expect(try Trial.format(pattern).evaluate("") == false)
    }

    @Test func aRunawayNonASCIIInputIsStopped() throws {
        let evidence = String(repeating: "é", count: 40) + "👍"
        let error = try #require(throws: PatternError.self) { try Trial.format("(\\w+)+$").evaluate(evidence) }
        #expect(error.kind == .matchLimit || error.isLimit)
    }

    @Test func theEvaluatorIsPreparedOnce() throws {
        let cache = PatternCache(capacity: 4)
        let judge = try Trial.format("\\d{3}").makeEvaluator(using: cache)
        #expect(try judge("123"))
        #expect(try judge("1234") == false)
        #expect(try judge("١٢٣"))
        #expect(cache.statistics.misses == 1)
        #expect(cache.statistics.hits == 0)
    }

    @Test func aBrokenPatternIsCompiledOnceToo() {
        let cache = PatternCache(capacity: 4)
        for _ in 0..<10 { #expect(Trial.format("(ab").trial(using: cache)("ab") == false) }
        #expect(cache.statistics.misses == 1)
    }

    @Test(arguments: [Trial.beTrue, .beFalse])
    func constantTrialsIgnoreTheEvidence(_ trial: Trial) throws {
        let expected: Bool
        if case .beTrue = trial { expected = true } else { expected = false }
        for text in TrialEvaluationTests.evidence {
            #expect(trial.trial()(text) == expected)
            #expect(try trial.evaluate(text) == expected)
        }
    }

    @Test func trialsAreSharedAcrossThreads() async {
        let trials: [Trial] = [.email, .format("[a-z]+@[a-z]+\\.[a-z]{2,4}"), .length(.in, 5...20), .inclusion(["@"])]
        let inputs = ["ada@example.com", "not an email", "é@x.com", "bob@site.org"]
        let expected = inputs.map { input in trials.map { $0.trial()(input) } }
        let results = await withTaskGroup(of: (Int, [Bool]).self) { group in
            for round in 0..<64 {
                let index = round % inputs.count
                group.addTask { (index, trials.map { $0.trial()(inputs[index]) }) }
            }
            var all: [(Int, [Bool])] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 64)
        for (index, answers) in results { #expect(answers == expected[index]) }
    }
}
