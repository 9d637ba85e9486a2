/// A string predicate: the rule a ``Suspect``'s evidence is judged by.
///
/// Mirrors SwiftCop's `TrialProtocol`, with the same single requirement, so custom trials
/// written for SwiftCop 1.1.0 compile unchanged:
///
/// ```swift
/// struct StartsWithCapital: TrialProtocol {
///     func trial() -> ((_ evidence: String) -> Bool) {
///         return { $0.first?.isUppercase ?? false }
///     }
/// }
/// ```
///
/// The closure returns `true` when the evidence is valid (the suspect is innocent) and `false`
/// when it is not. Trials that can also say *why* they reject, and that can be shared between
/// threads, conform to the refinement ``ExplainingTrial``.
public protocol TrialProtocol {
    /// Makes the predicate: `true` means the evidence passes the trial.
    ///
    /// Mirrors SwiftCop's `TrialProtocol.trial()`. Call it once and keep the closure when
    /// judging many strings: trials prepare their work (such as compiling a pattern) here.
    func trial() -> ((_ evidence: String) -> Bool)
}
