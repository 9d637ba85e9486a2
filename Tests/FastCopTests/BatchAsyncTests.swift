import FastCop
import Testing

@Suite("Batch: async forms and the in-place chunk loops")
struct BatchAsyncTests {
    /// Emails valid and not, non-ASCII (é, ß, emoji, a combining mark), empty strings, and
    /// every 997th input one on which `(a+)+` gives up at the match limit.
    static let inputs: [String] = (0..<9_000).map { index in
        if index % 997 == 5 { return String(repeating: "a", count: 30) + "!" }
        switch index % 6 {
        case 0: return "user\(index)@example.com"
        case 1: return "zoë\(index)@exämple.com"
        case 2: return ""
        case 3: return "e\u{301}\(index)@mail.fr"
        case 4: return "aaaa"
        default: return "😀\(index)@x.io"
        }
    }
    static let parallel = BatchOptions(parallelism: 4, chunkSize: 128, sequentialThreshold: 0)
    static let runaway = "(a+)+"

    struct Boom: Error, Equatable {
        let index: Int
    }

    /// What every method gives on ``inputs``, blocking or async.
    struct Results: Equatable {
        var whole: [Bool]
        var anywhere: [Bool]
        var failures: [BatchReport.Failure]
        var replaced: [String]
        var judged: [Bool]
        var filtered: [String?]
    }

    static let email = try! Pattern(Pattern.emailSource)
    static let dots = try! Pattern(#"[.@]"#)
    static let chain = FilterChain() <~~ TrimFilter() <~~ CharCaseFilter(.uppercase)

    private func blocking(_ batch: Batch) throws -> Results {
        let inputs = Self.inputs
        return Results(
            whole: batch.hasWholeMatch(Self.email, in: inputs), anywhere: batch.hasMatch(Self.email, in: inputs),
            failures: batch.report(inputs, wholeMatching: Self.email, message: "Invalid email").failures,
            replaced: try batch.replacing(Self.dots, in: inputs, with: "·"),
            judged: try batch.evaluate(Trial.email, on: inputs), filtered: try batch.apply(Self.chain, to: inputs))
    }

    private func async(_ batch: Batch) async throws -> Results {
        let inputs = Self.inputs
        return Results(
            whole: await batch.hasWholeMatch(Self.email, in: inputs),
            anywhere: await batch.hasMatch(Self.email, in: inputs),
            failures: await batch.report(inputs, wholeMatching: Self.email, message: "Invalid email").failures,
            replaced: try await batch.replacing(Self.dots, in: inputs, with: "·"),
            judged: try await batch.evaluate(Trial.email, on: inputs),
            filtered: try await batch.apply(Self.chain, to: inputs))
    }

    @Test("each async form gives what its blocking form gives")
    func asyncEqualsBlocking() async throws {
        let batch = Batch(options: Self.parallel)
        let expected = try blocking(batch)
        #expect(try await async(batch) == expected)
        #expect(expected.whole.contains(true) && expected.whole.contains(false))
        #expect(expected.replaced[0] == "user0·example·com")
    }

    @Test("the async forms throw what the blocking forms throw")
    func asyncErrors() async throws {
        let batch = Batch(options: Self.parallel)
        let broken = try await #require(throws: PatternError.self) {
            try await batch.evaluate(Trial.format("(ab"), on: Self.inputs)
        }
        #expect(broken.kind == .compile)
        let template = try await #require(throws: PatternError.self) {
            try await batch.replacing(Pattern("a"), in: Self.inputs, with: "$2")
        }
        #expect(template.kind == .replacement)
        let failing = CallbackFilter { $0.callback = { _ in throw Boom(index: 0) } }
        await #expect(throws: Boom(index: 0)) { try await batch.apply(failing, to: ["x"]) }
    }

    @Test(
        "a trial judged in place equals its evaluator one by one, limits failing closed",
        arguments: [
            Trial.email, .format(runaway), .format(#"\w+@\w+\.\w+"#), .length(.maximum, 14), .length(.in, 1..<3),
            .inclusion(["@"]),
        ])
    func inPlaceTrials(trial: Trial) throws {
        let judge = try trial.makeEvaluator()
        let expected = Self.inputs.map { (try? judge($0)) ?? false }
        #expect(try Batch(options: Self.parallel).evaluate(trial, on: Self.inputs) == expected)
        #expect(try Batch(options: .sequential).evaluate(trial, on: Self.inputs) == expected)
        let composite = trial && Trial.beTrue
        #expect(try Batch(options: Self.parallel).evaluate(composite, on: Self.inputs) == expected)
    }

    @Test("a rules report judged in place names the same issues as the evaluators, limits included")
    func inPlaceReport() throws {
        let rules = [
            TrialRule(.format(Self.runaway), message: "Only a's"),
            TrialRule(.length(.maximum, 14), message: "Too long", name: "length"),
        ]
        let judges = try rules.map { try $0.trial.makeEvaluator() }
        var expected: [(index: Int, issues: [BatchIssue])] = []
        for (index, input) in Self.inputs.enumerated() {
            var issues: [BatchIssue] = []
            for (rule, judge) in zip(rules, judges) {
                do {
                    if try !judge(input) { issues.append(BatchIssue(message: rule.message, rule: rule.name)) }
                } catch {
                    issues.append(BatchIssue(error: error, rule: rule.name))
                }
            }
            if !issues.isEmpty { expected.append((index, issues)) }
        }
        let report = try Batch(options: Self.parallel).report(Self.inputs, rules: rules)
        #expect(report.failures.map(\.index) == expected.map(\.index))
        #expect(report.failures.map(\.issues) == expected.map(\.issues))
        #expect(report.count == Self.inputs.count)
        let limited = try #require(report.failures.first { $0.index == 5 })
        #expect(limited.issues.map(\.kind) == [.limit, .rejected])
        #expect(limited.issues[0].message.contains("match limit"))
        #expect(limited.issues[0].message.contains(Self.runaway))
    }

    @Test("apply throws the first error in input order, whichever chunk finishes first")
    func firstErrorInInputOrder() throws {
        let inputs = (0..<5_000).map(String.init)
        let picky = CallbackFilter { filter in
            filter.callback = { value in
                guard let text = value as? String, let index = Int(text) else { return value }
                if index % 1_000 == 999 { throw Boom(index: index) }
                return value
            }
        }
        for _ in 0..<5 {
            #expect(throws: Boom(index: 999)) { try Batch(options: Self.parallel).apply(picky, to: inputs) }
        }
        #expect(throws: Boom(index: 999)) { try Batch(options: .sequential).apply(picky, to: inputs) }
    }

    @Test("hasMatch and hasWholeMatch fail limits closed and keep the order on every worker count")
    func patternShapes() throws {
        let runaway = try Pattern("^" + Self.runaway + "$")
        let expected = Self.inputs.map { (try? runaway.hasMatch(in: $0)) ?? false }
        for parallelism in [1, 2, 4] {
            let options = BatchOptions(parallelism: parallelism, chunkSize: 100, sequentialThreshold: 0)
            #expect(Batch(options: options).hasMatch(runaway, in: Self.inputs) == expected)
            #expect(Batch(options: options).hasWholeMatch(runaway, in: Self.inputs) == expected)
        }
        #expect(!expected[5])
        #expect(expected[4])
    }
}
