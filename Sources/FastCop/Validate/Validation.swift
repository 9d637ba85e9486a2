/// One rule a ``Validate`` property checks: a closure that throws when the value is invalid.
///
/// Mirrors Validate's `Validation<Value>`. Build your own rules with ``init(_:)`` or use the
/// built-ins (`count(greaterThan:message:)`, `presence(message:)`,
/// `format(_:options:message:)`, `email(message:)`, `ifPresent(_:)`):
///
/// ```swift
/// let even = Validation<Int> { value in
///     guard value.isMultiple(of: 2) else { throw ValidationError(description: "Must be even") }
/// }
/// @Validate(even) var count = 2
/// ```
///
/// Unlike the original, the closure is `@Sendable`, so a validation (and a ``Validate`` of a
/// `Sendable` value) can be shared between threads under Swift 6 strict concurrency.
public struct Validation<Value>: Sendable {
    /// The closure type: returns when `value` is valid, throws the reason when it is not.
    ///
    /// Mirrors Validate's `Validation.Validate` (with `@Sendable` added).
    public typealias Validate = @Sendable (_ value: Value) throws -> Void

    /// The rule itself.
    public let validate: Validate

    /// Creates a validation from a closure that throws when its argument is invalid.
    ///
    /// Mirrors Validate's `Validation.init(_:)`.
    public init(_ validate: @escaping Validate) {
        self.validate = validate
    }
}

extension Validation {
    /// The same rule on an `Optional`: a present value is checked by `self`, nil throws `nilError`.
    func requiringValue(orThrow nilError: ValidationError) -> Validation<Value?> {
        Validation<Value?> { value in
            guard let value else { throw nilError }
            try self.validate(value)
        }
    }
}
