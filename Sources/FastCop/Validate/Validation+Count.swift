extension Validation {
    /// Builds the message of `count(greaterThan:message:)` from the minimum.
    public typealias CountGreaterThanErrorMessageBuilder = @Sendable (_ minimum: Int) -> String
    /// Builds the message of `count(lessThan:message:)` from the maximum.
    public typealias CountLessThanErrorMessageBuilder = @Sendable (_ maximum: Int) -> String
    /// Builds the message of `count(equalTo:message:)` from the expected count.
    public typealias CountEqualToErrorMessageBuilder = @Sendable (_ value: Int) -> String
    /// Builds the message of `count(in:message:)` from the range.
    public typealias CountRangeErrorMessageBuilder = @Sendable (_ range: ClosedRange<Int>) -> String

    /// Passes when the collection has more than `minimum` elements (strictly).
    ///
    /// A `String` counts Characters (grapheme clusters): "é" written as e + U+0301 counts 1.
    /// Default message: "Should be greater than \(minimum)".
    ///
    /// The collection type must be `SendableMetatype`, as every type whose `Collection`
    /// conformance is not isolated to a global actor is: validations are `@Sendable` in
    /// FastCop. The same holds for every `count` validation.
    ///
    /// Mirrors Validate's `count(greaterThan:message:)`.
    public static func count<T: Collection & SendableMetatype>(
        greaterThan minimum: Int, message: CountGreaterThanErrorMessageBuilder? = nil
    ) -> Validation<T> {
        let error = ValidationError(description: message?(minimum) ?? "Should be greater than \(minimum)")
        return counting(error) { $0 > minimum }
    }

    /// Passes when the value is present and has more than `minimum` elements; nil fails with
    /// the same message.
    ///
    /// Mirrors Validate's `count(greaterThan:message:)` on `Optional`.
    public static func count<T: Collection & SendableMetatype>(
        greaterThan minimum: Int, message: CountGreaterThanErrorMessageBuilder? = nil
    ) -> Validation<T?> {
        let error = ValidationError(description: message?(minimum) ?? "Should be greater than \(minimum)")
        return optionalCounting(error) { $0 > minimum }
    }

    /// Passes when the collection has fewer than `maximum` elements (strictly).
    ///
    /// Default message: "Should be less than \(maximum)".
    ///
    /// Mirrors Validate's `count(lessThan:message:)`.
    public static func count<T: Collection & SendableMetatype>(
        lessThan maximum: Int, message: CountLessThanErrorMessageBuilder? = nil
    ) -> Validation<T> {
        let error = ValidationError(description: message?(maximum) ?? "Should be less than \(maximum)")
        return counting(error) { $0 < maximum }
    }

    /// Passes when the value is present and has fewer than `maximum` elements; nil fails.
    ///
    /// Mirrors Validate's `count(lessThan:message:)` on `Optional`.
    public static func count<T: Collection & SendableMetatype>(
        lessThan maximum: Int, message: CountLessThanErrorMessageBuilder? = nil
    ) -> Validation<T?> {
        let error = ValidationError(description: message?(maximum) ?? "Should be less than \(maximum)")
        return optionalCounting(error) { $0 < maximum }
    }

    /// Passes when the collection has exactly `count` elements.
    ///
    /// Default message: "Should be equal to \(count)".
    ///
    /// Mirrors Validate's `count(equalTo:message:)`.
    public static func count<T: Collection & SendableMetatype>(
        equalTo count: Int, message: CountEqualToErrorMessageBuilder? = nil
    ) -> Validation<T> {
        let error = ValidationError(description: message?(count) ?? "Should be equal to \(count)")
        return counting(error) { $0 == count }
    }

    /// Passes when the value is present and has exactly `count` elements; nil fails.
    ///
    /// Mirrors Validate's `count(equalTo:message:)` on `Optional`.
    public static func count<T: Collection & SendableMetatype>(
        equalTo count: Int, message: CountEqualToErrorMessageBuilder? = nil
    ) -> Validation<T?> {
        let error = ValidationError(description: message?(count) ?? "Should be equal to \(count)")
        return optionalCounting(error) { $0 == count }
    }

    /// Passes when the number of elements is within `range`, both bounds included.
    ///
    /// Default message: "Should be between \(lower) and \(upper)".
    ///
    /// Mirrors Validate's `count(in:message:)`.
    public static func count<T: Collection & SendableMetatype>(
        in range: ClosedRange<Int>, message: CountRangeErrorMessageBuilder? = nil
    ) -> Validation<T> {
        let error = ValidationError(
            description: message?(range) ?? "Should be between \(range.lowerBound) and \(range.upperBound)")
        return counting(error) { range.contains($0) }
    }

    /// Passes when the value is present and its number of elements is within `range`; nil fails.
    ///
    /// Mirrors Validate's `count(in:message:)` on `Optional`.
    public static func count<T: Collection & SendableMetatype>(
        in range: ClosedRange<Int>, message: CountRangeErrorMessageBuilder? = nil
    ) -> Validation<T?> {
        let error = ValidationError(
            description: message?(range) ?? "Should be between \(range.lowerBound) and \(range.upperBound)")
        return optionalCounting(error) { range.contains($0) }
    }

    /// A validation that passes when `accepts(value.count)`, and throws `error` otherwise.
    private static func counting<T: Collection & SendableMetatype>(
        _ error: ValidationError, _ accepts: @escaping @Sendable (Int) -> Bool
    ) -> Validation<T> {
        Validation<T> { value in
            guard accepts(value.count) else { throw error }
        }
    }

    /// The same on an optional collection; nil throws `error` too.
    private static func optionalCounting<T: Collection & SendableMetatype>(
        _ error: ValidationError, _ accepts: @escaping @Sendable (Int) -> Bool
    ) -> Validation<T?> {
        let present: Validation<T> = counting(error, accepts)
        return present.requiringValue(orThrow: error)
    }
}
