/// A prepared trial: judges one piece of evidence, throwing when it cannot decide.
///
/// Returns `true` when the evidence passes and `false` when it is plainly rejected; throws
/// (a ``PatternError`` for FastCop's trials) when the answer is unknown, for example because
/// a match reached its limit.
public typealias TrialEvaluator = @Sendable (_ evidence: String) throws -> Bool

/// A ``TrialProtocol`` that can be shared between threads and can say why it rejects evidence.
///
/// FastCop's ``Trial``, the composites built with `&&`, `||` and `!` (``AndTrial``,
/// ``OrTrial``, ``NotTrial``) and ``ClosureTrial`` conform. Code that judges many strings and
/// must report failures (the batch API, the `fastcop` tool) works with any of them:
///
/// ```swift
/// let rule = Trial.email && !Trial.inclusion(["example.com"])
/// let judge = try rule.makeEvaluator()   // compiles patterns now; throws for a broken one
/// do {
///     if try !judge(row) { print("row 12: Invalid email") }
/// } catch let error as PatternError {
///     print("row 12: \(error.kind)")        // e.g. "match limit exceeded"
/// }
/// ```
///
/// Three outcomes, never a crash:
/// - `true`: the evidence passes;
/// - `false`: the evidence is rejected;
/// - a thrown error: the trial could not decide (a broken pattern, a match limit). The plain
///   ``TrialProtocol/trial()`` closure treats this as a rejection: trials fail closed.
///
/// Conform by implementing ``makeEvaluator()``; ``evaluate(_:)``, ``check()``, ``validated()``
/// and ``TrialProtocol/trial()`` then come for free (and may be overridden).
public protocol ExplainingTrial: TrialProtocol, Sendable {
    /// Prepares the trial for judging many strings and returns the prepared judge.
    ///
    /// All one-time work (looking up or compiling patterns) happens here, so the returned
    /// closure is as fast as the trial can be.
    ///
    /// - Throws: an error that makes every judgement impossible, such as a ``PatternError`` of
    ///   kind ``PatternError/Kind/compile`` for a broken ``Trial/format(_:)`` pattern.
    func makeEvaluator() throws -> TrialEvaluator

    /// Judges one piece of evidence: `true` passes, `false` rejects.
    ///
    /// - Throws: when the trial cannot decide (a broken pattern, a match limit); the error
    ///   says why.
    func evaluate(_ evidence: String) throws -> Bool
}

extension ExplainingTrial {
    /// Judges one piece of evidence with a freshly prepared evaluator.
    ///
    /// For many strings, call ``makeEvaluator()`` once instead.
    public func evaluate(_ evidence: String) throws -> Bool {
        try makeEvaluator()(evidence)
    }

    /// Prepares the trial and discards the result: throws now what every judgement would
    /// throw (for example the compile error of a broken pattern, with its caret description).
    public func check() throws {
        _ = try makeEvaluator()
    }

    /// The trial itself, after ``check()`` has passed.
    ///
    /// ```swift
    /// let hex = try Trial.format("#[0-9a-f]{6}").validated()
    /// ```
    public func validated() throws -> Self {
        try check()
        return self
    }

    /// The SwiftCop predicate: `true` when the evidence passes.
    ///
    /// Fails closed: when the trial cannot be prepared (a broken pattern) the closure rejects
    /// every input, and when a judgement throws (a match limit) it rejects that input. Use
    /// ``evaluate(_:)`` or ``makeEvaluator()`` to learn why.
    public func trial() -> ((_ evidence: String) -> Bool) {
        guard let evaluator = try? makeEvaluator() else { return { _ in false } }
        return { evidence in (try? evaluator(evidence)) ?? false }
    }
}
