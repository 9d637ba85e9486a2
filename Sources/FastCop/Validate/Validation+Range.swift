extension Validation where Value: Comparable & Sendable {
    /// Passes when the value lies in `bounds`: Vapor's `.range(18...)`, for any `Comparable`
    /// value (numbers, dates, strings).
    ///
    /// ```swift
    /// @Validate(.range(18...)) var age: Int = 30
    /// @Validate(.range(0.0..<1.0)) var ratio: Double = 0.5
    /// ```
    ///
    /// Closed, half-open and one-sided ranges all work. Default messages: "Should be between
    /// 18 and 65" (`18...65`), "Should be at least 18" (`18...`), "Should be at most 65"
    /// (`...65`), "Should be less than 100" (`..<100`), "Should be at least 0 and less than 1"
    /// (`0..<1`). (FastCop addition.)
    public static func range<Bounds: RangeExpression & Sendable>(
        _ bounds: Bounds, message: String? = nil
    ) -> Validation<Value> where Bounds.Bound == Value {
        let error = ValidationError(description: message ?? rangeMessage(bounds))
        return Validation { value in
            guard bounds.contains(value) else { throw error }
        }
    }

    /// The default message of ``range(_:message:)`` for the standard library's five ranges.
    private static func rangeMessage<Bounds: RangeExpression>(_ bounds: Bounds) -> String
    where Bounds.Bound == Value {
        switch bounds {
        case let closed as ClosedRange<Value>:
            return "Should be between \(closed.lowerBound) and \(closed.upperBound)"
        case let halfOpen as Range<Value>:
            return "Should be at least \(halfOpen.lowerBound) and less than \(halfOpen.upperBound)"
        case let from as PartialRangeFrom<Value>:
            return "Should be at least \(from.lowerBound)"
        case let through as PartialRangeThrough<Value>:
            return "Should be at most \(through.upperBound)"
        case let upTo as PartialRangeUpTo<Value>:
            return "Should be less than \(upTo.upperBound)"
        default:
            return "Is out of range"
        }
    }
}
