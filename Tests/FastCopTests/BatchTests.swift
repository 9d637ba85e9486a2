import FastCop
import Testing

@Suite("Batch: concurrent evaluation over many strings")
struct BatchTests {
    /// A deterministic mix: valid and invalid emails, non-ASCII, empty strings, and inputs on
    /// which a runaway pattern gives up.
    static let inputs: [String] = (0..<20_000).map { index in
        switch index % 7 {
        case 0: return "user\(index)@example.com"
        case 1: return "zoë\(index)@exämple.com"
        case 2: return ""
        case 3: return "no-at-sign-\(index)"
        case 4: return index % 1000 == 4 ? String(repeating: "a", count: 28) + "!" : "aaaa"
        case 5: return "ß\(index)@test.de"
        default: return "x\(index)@y.co"
        }
    }

    static let parallel = BatchOptions(parallelism: 4, chunkSize: 256, sequentialThreshold: 0)

    @Test("results equal one-by-one evaluation, in input order")
    func sameAsSequential() throws {
        let email = try Pattern(Pattern.emailSource)
        let expected = try Self.inputs.map { try email.hasWholeMatch(in: $0) }
        #expect(Batch(options: Self.parallel).hasWholeMatch(email, in: Self.inputs) == expected)
        #expect(Batch(options: .sequential).hasWholeMatch(email, in: Self.inputs) == expected)
        #expect(Batch().hasWholeMatch(email, in: Self.inputs) == expected)
        let lengths = Batch(options: Self.parallel).map(Self.inputs) { $0.count }
        #expect(lengths == Self.inputs.map(\.count))
    }

    @Test("a report names each failure's index and reason, limits included")
    func report() throws {
        let runaway = try Pattern("^(a|aa)+$")
        let report = Batch(options: Self.parallel).report(Self.inputs, wholeMatching: runaway, message: "Not a's")
        #expect(report.count == Self.inputs.count)
        let expectedIndices = Self.inputs.indices.filter { (try? runaway.hasWholeMatch(in: Self.inputs[$0])) != true }
        #expect(report.failures.map(\.index) == expectedIndices)
        #expect(report.invalidCount == expectedIndices.count)
        #expect(report.validCount == Self.inputs.count - expectedIndices.count)
        let limited = try #require(report.failures.first { Self.inputs[$0.index].hasSuffix("!") })
        #expect(limited.issues.map(\.kind) == [.limit])
        #expect(limited.issues[0].message.contains("match limit"))
        let plain = try #require(report.failures.first { Self.inputs[$0.index].hasPrefix("user") })
        #expect(plain.issues == [BatchIssue(kind: .rejected, message: "Not a's")])
    }

    @Test("a check that throws counts as a failure with the error")
    func throwingCheck() {
        struct Boom: Error {}
        let report = Batch(options: Self.parallel).report(["ok", "boom", "ok"]) { input in
            if input == "boom" { throw Boom() }
            return []
        }
        #expect(report.failures.map(\.index) == [1])
        #expect(report.failures[0].issues[0].kind == .error)
    }

    @Test("replacing over a batch keeps the order and equals one by one")
    func replacing() throws {
        let spaces = try Pattern(#"\s+"#)
        let inputs = (0..<5000).map { "  a\($0) \t b  é ß\n" }
        let expected = try inputs.map { try spaces.replacing(in: $0, with: " ") }
        #expect(try Batch(options: Self.parallel).replacing(spaces, in: inputs, with: " ") == expected)
        #expect(throws: PatternError.self) { try Batch().replacing(spaces, in: inputs, with: "$3") }
    }

    @Test("progress reaches the total; small inputs stay on the calling thread")
    func progressAndThreshold() {
        let seen = Locked<[Int]>([])
        var options = BatchOptions(parallelism: 4, chunkSize: 100, sequentialThreshold: 0)
        options.progress = { done, total in
            #expect(total == 1000)
            seen.withLock { $0.append(done) }
        }
        _ = Batch(options: options).map(Array(0..<1000)) { $0 * 2 }
        let values = seen.withLock { $0 }
        #expect(values.count == 10)
        #expect(values.max() == 1000)

        let threads = Locked<Set<String>>([])
        let small = BatchOptions(parallelism: 4, chunkSize: 10, sequentialThreshold: 10_000)
        let caller = "\(pthreadID())"
        _ = Batch(options: small).map(Array(0..<500)) { value in
            threads.withLock { _ = $0.insert("\(pthreadID())") }
            return value
        }
        #expect(threads.withLock { $0 } == [caller])
    }

    @Test("the async forms give the same results")
    func asyncForms() async throws {
        let email = try Pattern(Pattern.emailSource)
        let inputs = Self.inputs
        let expected = try inputs.map { try email.hasWholeMatch(in: $0) }
        let mapped = await Batch(options: Self.parallel).map(inputs) { (try? email.hasWholeMatch(in: $0)) ?? false }
        #expect(mapped == expected)
        let report = await Batch(options: Self.parallel).report(inputs) { input in
            try email.hasWholeMatch(in: input) ? [] : [BatchIssue(message: "Invalid email")]
        }
        #expect(report.validCount == expected.filter { $0 }.count)
    }

    @Test("empty input")
    func empty() throws {
        #expect(Batch().map([String]()) { $0 }.isEmpty)
        #expect(Batch().report([]) { _ in [] }.count == 0)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The calling thread's id, for tests of which thread ran a task.
func pthreadID() -> UInt {
    UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(bitPattern: UInt(pthread_self()))))
}

@Suite("Batch: trials")
struct BatchTrialTests {
    static let inputs = (0..<10_000).map { index in
        index % 4 == 0 ? "ok\(index)@mail.com" : index % 4 == 1 ? "bad\(index)" : index % 4 == 2 ? "é@x.fr" : ""
    }
    static let parallel = BatchOptions(parallelism: 4, chunkSize: 128, sequentialThreshold: 0)

    @Test("a trial over a batch equals its closure one by one")
    func evaluate() throws {
        let trial = Trial.email && Trial.length(.maximum, 12)
        let closure = trial.trial()
        #expect(try Batch(options: Self.parallel).evaluate(trial, on: Self.inputs) == Self.inputs.map(closure))
    }

    @Test("a report lists every rule an input failed, with the rule's message")
    func rulesReport() async throws {
        let rules = [
            TrialRule(.email, message: "Invalid email"),
            TrialRule(.length(.minimum, 1), message: "Required", name: "presence"),
        ]
        let report = try syncReport(rules)
        #expect(report.validCount == 2500)
        let empty = try #require(report.failures.first { Self.inputs[$0.index].isEmpty })
        #expect(empty.issues.map(\.message) == ["Invalid email", "Required"])
        #expect(empty.issues.map(\.rule) == ["Invalid email", "presence"])
        let asyncReport = try await asyncReport(rules)
        #expect(asyncReport.failures == report.failures)
    }

    private func syncReport(_ rules: [TrialRule]) throws -> BatchReport {
        try Batch(options: Self.parallel).report(Self.inputs, rules: rules)
    }

    private func asyncReport(_ rules: [TrialRule]) async throws -> BatchReport {
        try await Batch(options: Self.parallel).report(Self.inputs, rules: rules)
    }

    @Test("a broken pattern is reported before any input; a runaway one fails inputs closed")
    func badPatterns() throws {
        let error = try #require(throws: PatternError.self) {
            try Batch().report(Self.inputs, rules: [TrialRule(.format("(ab"), message: "x")])
        }
        #expect(error.kind == .compile)
        let inputs = ["aaaa", String(repeating: "a", count: 30) + "!", "b"]
        let report = try Batch(options: Self.parallel).report(
            inputs, rules: [TrialRule(.format("(a+)+"), message: "Only a's")])
        #expect(report.failures.map(\.index) == [1, 2])
        #expect(report.failures[0].issues[0].kind == .limit)
        #expect(report.failures[1].issues[0] == BatchIssue(message: "Only a's", rule: "Only a's"))
    }
}
