/// A trial made from a closure, so custom rules combine with FastCop's trials.
///
/// ```swift
/// let twoWords = ClosureTrial { $0.split(separator: " ").count >= 2 }
/// let rule = twoWords && Trial.length(.maximum, 60)
/// ```
///
/// Beyond SwiftCop, where custom closures go straight into a ``Suspect``. The closure must be
/// `@Sendable`, because trials are shared between threads; it may throw to say that it cannot
/// decide, and ``TrialProtocol/trial()`` then rejects the evidence.
public struct ClosureTrial: ExplainingTrial {
    private let body: TrialEvaluator

    /// Makes a trial from `body`, which returns `true` when the evidence passes.
    public init(_ body: @escaping TrialEvaluator) {
        self.body = body
    }

    /// The closure itself: there is nothing to prepare.
    public func makeEvaluator() -> TrialEvaluator {
        body
    }
}
