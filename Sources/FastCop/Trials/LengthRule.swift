/// The decoded payload of ``Trial/length(_:_:)``: a rule on a string's `Character` count.
///
/// SwiftCop matches the `Any` payload by dynamic cast: `Int` for `.is`, `.minimum` and
/// `.maximum`; `Range<Int>` or `ClosedRange<Int>` for `.in`; anything else rejects every
/// input. The payload is decoded once, when the trial is prepared.
struct LengthRule: Sendable {
    /// The accepted counts, as a closed interval; `nil` accepts no count.
    private let accepted: ClosedRange<Int>?

    /// Decodes the payload as SwiftCop does: one SwiftCop does not understand accepts nothing.
    init(_ kind: Length, _ payload: any Sendable) {
        accepted = (try? LengthRule.decode(kind, payload)) ?? nil
    }

    /// Decodes the payload, throwing when SwiftCop would not understand it (the trial would
    /// reject every input without a word).
    init(checking kind: Length, _ payload: any Sendable) throws {
        accepted = try LengthRule.decode(kind, payload)
    }

    /// The accepted counts (`nil` for none, as for `.is -1` or `.in 5..<5`).
    ///
    /// - Throws: ``LengthPayloadError`` when the payload is not of the kind's type.
    private static func decode(_ kind: Length, _ payload: any Sendable) throws -> ClosedRange<Int>? {
        switch kind {
        case .is:
            if let count = payload as? Int { return count >= 0 ? count...count : nil }
        case .minimum:
            if let count = payload as? Int { return max(0, count)...Int.max }
        case .maximum:
            if let count = payload as? Int { return count >= 0 ? 0...count : nil }
        case .in:
            if let range = payload as? Range<Int> {
                // Not empty, so `upperBound - 1` cannot overflow.
                return range.isEmpty ? nil : counts(in: range.lowerBound, through: range.upperBound - 1)
            }
            if let range = payload as? ClosedRange<Int> {
                return counts(in: range.lowerBound, through: range.upperBound)
            }
        }
        throw LengthPayloadError(kind: kind, payload: payload)
    }

    /// The non-negative counts from `lower` through `upper`, or `nil` when there are none.
    private static func counts(in lower: Int, through upper: Int) -> ClosedRange<Int>? {
        let lower = max(0, lower)
        return lower <= upper ? lower...upper : nil
    }

    /// Whether the `Character` count of `evidence` is accepted.
    ///
    /// - Complexity: O(min(*n*, *k*)) where *k* is the upper bound (the lower bound for
    ///   ``Length/minimum``): counting stops as soon as the answer is known, so a maximum of
    ///   10 does not walk a megabyte of evidence.
    func admits(_ evidence: String) -> Bool {
        guard let accepted else { return false }
        // Counting up to `limit` decides: past the upper bound is out, and with no upper
        // bound, reaching the lower bound is in.
        let limit = accepted.upperBound == Int.max ? accepted.lowerBound : accepted.upperBound + 1
        return accepted.contains(LengthRule.count(of: evidence, atMost: limit))
    }

    /// The number of `Character`s in `string`, or `limit` if it has more.
    static func count(of string: String, atMost limit: Int) -> Int {
        var count = 0
        var index = string.startIndex
        while count < limit && index < string.endIndex {
            string.formIndex(after: &index)
            count += 1
        }
        return count
    }
}
