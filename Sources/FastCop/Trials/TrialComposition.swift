/// Trials combined with `&&`, `||` and `!`, as Vapor's validators combine.
///
/// ```swift
/// let username = Trial.length(.in, 3...20) && !Trial.inclusion([" "])
/// let contact = Trial.email || Trial.format(#"\+?[0-9 ]{7,15}"#)
/// username.trial()("ada_l")   // true
/// ```
///
/// Beyond SwiftCop, which has no combinators. The combined trial is itself an
/// ``ExplainingTrial``: it is `Sendable`, prepares every part once in ``makeEvaluator()``, and
/// follows three-valued logic when a part cannot decide (it throws, for example on a match
/// limit): `&&` rejects as soon as a part rejects and `||` passes as soon as a part passes;
/// otherwise the error is passed on, and ``TrialProtocol/trial()`` rejects the input (it
/// fails closed, also under `!`). A part that cannot be prepared (a broken pattern) makes the
/// whole combination fail ``ExplainingTrial/check()`` and reject every input.
extension ExplainingTrial {
    /// A trial that passes when both trials pass; `rhs` is not consulted when `lhs` rejects.
    public static func && <Other: ExplainingTrial>(lhs: Self, rhs: Other) -> AndTrial<Self, Other> {
        AndTrial(lhs, rhs)
    }

    /// A trial that passes when both trials pass; lets the right side be written
    /// `.length(.minimum, 4)` after a ``Trial``.
    public static func && (lhs: Self, rhs: Self) -> AndTrial<Self, Self> {
        AndTrial(lhs, rhs)
    }

    /// A trial that passes when either trial passes; `rhs` is not consulted when `lhs` passes.
    public static func || <Other: ExplainingTrial>(lhs: Self, rhs: Other) -> OrTrial<Self, Other> {
        OrTrial(lhs, rhs)
    }

    /// A trial that passes when either trial passes; lets the right side be written `.email`
    /// after a ``Trial``.
    public static func || (lhs: Self, rhs: Self) -> OrTrial<Self, Self> {
        OrTrial(lhs, rhs)
    }

    /// A trial that passes when `trial` rejects and rejects when it passes.
    ///
    /// When `trial` cannot decide (a match limit), the negation cannot either: it throws the
    /// same error, and its ``TrialProtocol/trial()`` closure rejects the input.
    public static prefix func ! (trial: Self) -> NotTrial<Self> {
        NotTrial(trial)
    }
}

/// Two trials that must both pass; made by `first && second`.
public struct AndTrial<First: ExplainingTrial, Second: ExplainingTrial>: ExplainingTrial {
    /// The trial consulted first.
    public let first: First
    /// The trial consulted when ``first`` passes.
    public let second: Second

    /// Combines two trials that must both pass.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    /// Prepares both trials; the judge rejects at the first part that rejects.
    ///
    /// - Throws: the error of the first part that cannot be prepared.
    public func makeEvaluator() throws -> TrialEvaluator {
        let first = try first.makeEvaluator()
        let second = try second.makeEvaluator()
        return { evidence in try first(evidence) && second(evidence) }
    }
}

/// Two trials of which at least one must pass; made by `first || second`.
public struct OrTrial<First: ExplainingTrial, Second: ExplainingTrial>: ExplainingTrial {
    /// The trial consulted first.
    public let first: First
    /// The trial consulted when ``first`` does not pass.
    public let second: Second

    /// Combines two trials of which at least one must pass.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    /// Prepares both trials; the judge passes at the first part that passes.
    ///
    /// When ``first`` cannot decide, ``second`` still can pass the evidence; if it does not,
    /// the judge throws the error that left the answer open.
    ///
    /// - Throws: the error of the first part that cannot be prepared.
    public func makeEvaluator() throws -> TrialEvaluator {
        let first = try first.makeEvaluator()
        let second = try second.makeEvaluator()
        return { evidence in
            var undecided: (any Error)?
            do {
                if try first(evidence) { return true }
            } catch {
                undecided = error
            }
            if try second(evidence) { return true }
            if let undecided { throw undecided }
            return false
        }
    }
}

/// A trial that passes when another rejects; made by `!trial`.
public struct NotTrial<Negated: ExplainingTrial>: ExplainingTrial {
    /// The trial whose answer is negated.
    public let negated: Negated

    /// Negates a trial.
    public init(_ negated: Negated) {
        self.negated = negated
    }

    /// Prepares the negated trial; the judge negates its answers and passes on its errors.
    ///
    /// - Throws: the error of the negated trial's preparation.
    public func makeEvaluator() throws -> TrialEvaluator {
        let negated = try negated.makeEvaluator()
        return { evidence in try !negated(evidence) }
    }
}
