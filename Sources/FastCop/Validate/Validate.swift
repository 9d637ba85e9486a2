/// A property wrapper that validates the value it wraps, at creation and on every set.
///
/// Mirrors Validate's `@Validate` (reddavis/Validate 0.3.0) without SwiftUI: it works on
/// Linux, and copies share one state as the original's do.
///
/// ```swift
/// struct SignUp {
///     @Validate(.presence()) var name: String = ""
///     @Validate(.count(in: 8...64)) var password: String = ""
/// }
///
/// let form = SignUp()
/// form.name = "Zoë"                                  // validated now
/// form.$name.isValid                                 // true
/// form.$password.errors.localizedDescriptions        // ["Should be between 8 and 64"]
/// ```
///
/// - Validations run in the order given; ``errors`` holds the error each failing one threw.
/// - Setting ``wrappedValue`` validates again, also when the value does not change.
/// - Copies (``projectedValue``, a wrapper passed around, a copied struct holding it) share
///   the value, the errors and the handlers of ``onErrorsChange(_:)``: setting through one is
///   seen by all, as with the original's `Validator` class.
/// - The state is guarded by a lock, so a `Validate` of a `Sendable` value is `Sendable`.
@propertyWrapper
public struct Validate<Value> {
    /// The shared state (the original's `Validator`).
    @usableFromInline let storage: ValidationStorage<Value>

    /// The value. Setting it (through any copy) validates the new value.
    ///
    /// Mirrors Validate's `wrappedValue` (`get nonmutating set`).
    ///
    /// - Complexity: the validations and one lock round trip; no allocation for a valid value.
    @inlinable
    public var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.set(newValue) }
    }

    /// The wrapper itself, so that `$name.errors` and `$name.isValid` work.
    ///
    /// Mirrors Validate's `projectedValue` (since 0.2.0).
    public var projectedValue: Validate<Value> { self }

    /// The errors of the last validation, in the order of the validations that threw them;
    /// empty when the value is valid.
    ///
    /// Mirrors Validate's `errors`. Show them with `localizedDescriptions`.
    public var errors: [any Error] { storage.state.currentErrors }

    /// Whether the last validation found no error.
    ///
    /// Mirrors Validate's `isValid`.
    ///
    /// - Complexity: O(1): one atomic load, no lock.
    @inlinable
    public var isValid: Bool { storage.state.isValid }

    /// Wraps `wrappedValue` and validates it: `@Validate(.presence()) var name = ""`.
    ///
    /// Mirrors Validate's `init(wrappedValue:_:)`.
    public init(wrappedValue: Value, _ validations: Validation<Value>...) {
        self.init(wrappedValue: wrappedValue, validations: validations)
    }

    /// Wraps an optional `wrappedValue` and validates it: `@Validate(.presence()) var age: Int? = nil`.
    ///
    /// Mirrors Validate's `init(wrappedValue:_:) where Value == Optional<T>`.
    public init<T>(wrappedValue: Value, _ validations: Validation<Value>...) where Value == T? {
        self.init(wrappedValue: wrappedValue, validations: validations)
    }

    /// Wraps `value` and validates it: `Validate("", validations: .presence())`.
    ///
    /// Mirrors Validate's `init(_:validations:)` (0.3.0).
    public init(_ value: Value, validations: Validation<Value>...) {
        self.init(wrappedValue: value, validations: validations)
    }

    /// Wraps an optional `value` and validates it.
    ///
    /// Mirrors Validate's `init(_:validations:) where Value == Optional<T>` (0.3.0).
    public init<T>(_ value: Value, validations: Validation<Value>...) where Value == T? {
        self.init(wrappedValue: value, validations: validations)
    }

    /// Wraps `wrappedValue` with an array of validations.
    init(wrappedValue: Value, validations: [Validation<Value>]) {
        storage = ValidationStorage(value: wrappedValue, validations: validations)
    }
}

extension Validate: Equatable where Value: Equatable {
    /// Whether the two wrapped values are equal (errors are not compared).
    ///
    /// Mirrors Validate's `Validate: Equatable where Value: Equatable`.
    public static func == (lhs: Validate<Value>, rhs: Validate<Value>) -> Bool {
        lhs.wrappedValue == rhs.wrappedValue
    }
}

extension Validate: Sendable where Value: Sendable {}
