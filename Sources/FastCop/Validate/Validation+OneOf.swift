extension Validation where Value: Equatable & Sendable {
    /// Passes when the value equals one of `values`: Vapor's `.in("a", "b")`.
    ///
    /// ```swift
    /// @Validate(.oneOf("S", "M", "L")) var size: String = "M"
    /// ```
    ///
    /// Equality is the value's `==` (for `String`, canonical equivalence: "café" equals
    /// "cafe\u{301}"; no case folding). Default message: "Should be one of S, M, L". On an
    /// optional property nil fails unless `nil` is listed; wrap the rule in `ifPresent(_:)` to
    /// let nil pass. (FastCop addition.)
    ///
    /// - Complexity: O(*n*) comparisons in the number of values.
    public static func oneOf(_ values: Value..., message: String? = nil) -> Validation<Value> {
        oneOf(values, message: message)
    }

    /// The same with the values in an array.
    public static func oneOf(_ values: [Value], message: String? = nil) -> Validation<Value> {
        let error = ValidationError(
            description: message ?? "Should be one of \(values.map { "\($0)" }.joined(separator: ", "))")
        return Validation { value in
            guard values.contains(value) else { throw error }
        }
    }
}
