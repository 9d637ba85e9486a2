/// A trial with the message to report when it rejects an input, for batch reports.
///
/// ```swift
/// let rules = [
///     TrialRule(.email, message: "Invalid email"),
///     TrialRule(.length(.maximum, 254), message: "Too long"),
/// ]
/// ```
public struct TrialRule: Sendable {
    /// The trial.
    public var trial: any ExplainingTrial
    /// What to say when it rejects an input.
    public var message: String
    /// A short name for reports (defaults to the message).
    public var name: String

    /// Creates a rule.
    public init(_ trial: any ExplainingTrial, message: String, name: String? = nil) {
        self.trial = trial
        self.message = message
        self.name = name ?? message
    }

    /// Creates a rule from a ``Trial`` (so `.email` and `.format(…)` can be written as is).
    public init(_ trial: Trial, message: String, name: String? = nil) {
        self.init(trial as any ExplainingTrial, message: message, name: name)
    }
}

extension Batch {
    /// Whether each input passes `trial`, in input order, evaluated concurrently.
    ///
    /// Inputs on which the trial cannot decide (a pattern limit) fail, as `trial()` does.
    ///
    /// - Throws: the trial's setup error (a broken pattern) before any input is evaluated.
    public func evaluate(_ trial: some ExplainingTrial, on inputs: [String]) throws -> [Bool] {
        let judge = try BatchJudge(trial)
        return fill(inputs) { range, inputs, results in
            MatchScratch.withCurrent { scratch in
                for index in range { results.initialize(index, to: judge.passes(inputs[index], scratch: scratch)) }
            }
        }
    }

    /// Checks every input against every rule and reports, for each failing input, every rule
    /// it failed, with the rule's message, or the reason the rule could not decide (a pattern
    /// limit, which fails the input closed).
    ///
    /// ```swift
    /// let report = try Batch().report(emails, rules: [TrialRule(.email, message: "Invalid email")])
    /// for failure in report.failures {
    ///     print("row \(failure.index + 1): \(failure.issues.map(\.message).joined(separator: "; "))")
    /// }
    /// ```
    ///
    /// - Throws: a rule's setup error (a broken pattern, with its caret description) before any
    ///   input is checked.
    public func report(_ inputs: [String], rules: [TrialRule]) throws -> BatchReport {
        let prepared = try PreparedRules(rules)
        return collectFailures(inputs) { range, inputs, failures in
            MatchScratch.withCurrent { scratch in
                for index in range {
                    let issues = prepared.issues(for: inputs[index], scratch: scratch)
                    if !issues.isEmpty { failures.append(.init(index: index, issues: issues)) }
                }
            }
        }
    }

    /// The `async` form of ``report(_:rules:)``.
    public func report(_ inputs: [String], rules: [TrialRule]) async throws -> BatchReport {
        try await offloadedThrowing { try self.report(inputs, rules: rules) }
    }
}
