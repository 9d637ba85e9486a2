/// The error of a ``Trial/length(_:_:)`` whose payload SwiftCop does not understand, so that
/// the trial rejects every input: `Trial.length(.in, 3...)`, `.length(.in, ...100)`,
/// `.length(.minimum, 3.0)`, `.length(.is, 2...5)`. (FastCop addition.)
///
/// SwiftCop's `length` takes its payload as `Any`, so such a trial compiles; SwiftCop (and
/// FastCop's ``TrialProtocol/trial()``, which mirrors it) then silently rejects everything.
/// FastCop says so where it can: ``ExplainingTrial/check()``, ``ExplainingTrial/evaluate(_:)``
/// and ``Trial/makeEvaluator()`` throw this error, and so do the batch API and
/// `Validation.trial(_:message:)` when they prepare the trial.
///
/// ```swift
/// try Trial.length(.in, 3...).check()
/// // Trial.length(.in, PartialRangeFrom<Int>) rejects every input: .in takes a Range<Int> or a
/// // ClosedRange<Int>; for a one-sided range write Trial.length(in: 3...)
/// ```
///
/// Why not at compile time: an overload of the enum case `length(_:_:)` for one-sided or
/// floating-point ranges is either passed over in favour of the case (for `3...`, `1.0...3.0`)
/// or ambiguous with it (for a typed variable), so it cannot warn reliably. The labelled
/// ``Trial/length(in:)-(PartialRangeFrom<Int>)`` family takes only integer ranges and does
/// the right thing.
public struct LengthPayloadError: Error, Sendable, CustomStringConvertible {
    /// The rule the payload was given for.
    public let kind: Length
    /// The payload's type, as Swift prints it (`PartialRangeFrom<Int>`, `Double`).
    public let payloadType: String

    init(kind: Length, payload: any Sendable) {
        self.kind = kind
        self.payloadType = String(describing: type(of: payload))
    }

    /// What is wrong and how to write it.
    public var description: String {
        let expected: String
        switch kind {
        case .in:
            expected = "a Range<Int> or a ClosedRange<Int>; for a one-sided range write Trial.length(in: 3...)"
        case .is, .minimum, .maximum:
            expected = "an Int (lengths count Characters); for a range write Trial.length(in: 3...10)"
        }
        return "Trial.length(.\(kind), \(payloadType)) rejects every input: .\(kind) takes \(expected)"
    }
}
