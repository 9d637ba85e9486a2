/// What cleaning one value gave: the cleaned value, or why it was rejected.
public enum CleanOutcome: Sendable, Hashable {
    /// The filtered value passed every rule.
    case clean(String)
    /// The value was rejected: every rule it failed, or the error a filter threw.
    case rejected([BatchIssue])

    /// The cleaned value, or nil when rejected.
    public var value: String? {
        if case .clean(let value) = self { return value }
        return nil
    }

    /// The reasons, or an empty array when clean.
    public var issues: [BatchIssue] {
        if case .rejected(let issues) = self { return issues }
        return []
    }
}

extension Batch {
    /// `filter` applied to every input, concurrently, in input order (nil where the filter
    /// gives nil, as SwiftFilter's chains do).
    ///
    /// - Throws: the first error a filter threw, in input order (all inputs are still run).
    public func apply(_ filter: some FilterType, to inputs: [String]) throws -> [String?] {
        // Results are written straight into the [String?]; only the first error of each chunk
        // is kept (no per-input Result array).
        let failure = FirstFailure()
        let results: [String?] = fill(inputs) { range, inputs, results in
            var failed = false
            for index in range {
                do {
                    results.initialize(index, to: try filter.apply(to: inputs[index]))
                } catch {
                    results.initialize(index, to: nil)
                    if !failed { failure.record(error, at: index) }
                    failed = true
                }
            }
        }
        try failure.check()
        return results
    }

    /// The cleansing step: filter each input, then check the filtered value against every rule.
    ///
    /// ```swift
    /// let chain = FilterChain() <~~ TrimFilter() <~~ CharCaseFilter(.lowercase)
    /// let outcomes = try Batch().clean(emails, filter: chain, rules: [TrialRule(.email, message: "Invalid email")])
    /// outcomes[0]   // .clean("ada@example.com") or .rejected([…"Invalid email"…])
    /// ```
    ///
    /// A filter that throws rejects the value with that error; a filter that gives nil
    /// rejects it with "no value after filtering"; a rule that cannot decide (a pattern limit)
    /// rejects it with the reason.
    ///
    /// - Throws: a rule's setup error (a broken pattern) before any input is touched.
    public func clean(_ inputs: [String], filter: some FilterType, rules: [TrialRule]) throws -> [CleanOutcome] {
        let prepared = try PreparedRules(rules)
        return fill(inputs) { range, inputs, results in
            MatchScratch.withCurrent { scratch in
                for index in range {
                    results.initialize(
                        index, to: Batch.clean(inputs[index], filter: filter, rules: prepared, scratch: scratch))
                }
            }
        }
    }

    /// One input's outcome: filtered, then checked against every rule.
    @inline(__always)
    private static func clean(
        _ input: String, filter: some FilterType, rules: PreparedRules, scratch: MatchScratch
    ) -> CleanOutcome {
        let filtered: String
        do {
            guard let value = try filter.apply(to: input) else {
                return .rejected([BatchIssue(message: "no value after filtering", rule: "filters")])
            }
            filtered = value
        } catch {
            return .rejected([BatchIssue(error: error, rule: "filters")])
        }
        let issues = rules.issues(for: filtered, scratch: scratch)
        return issues.isEmpty ? .clean(filtered) : .rejected(issues)
    }

    /// The `async` form of ``clean(_:filter:rules:)``.
    public func clean(
        _ inputs: [String], filter: some FilterType, rules: [TrialRule]
    ) async throws -> [CleanOutcome] {
        try await offloadedThrowing { try self.clean(inputs, filter: filter, rules: rules) }
    }
}
