/// The state a ``Validate`` wrapper shares with its copies: the value, its errors and the
/// change handlers.
///
/// Plays the part of Validate's `Validator` class (reference storage, so that setting through
/// a copy such as `$name` or a SwiftUI binding changes the one value). The value and errors
/// sit behind one lock (``ValidationState``'s ``FlagLock``, which ThreadSanitizer can see);
/// validations and handlers run outside it, so a validation or handler may read the wrapper
/// without deadlocking.
///
/// ``set(_:)`` is `@inlinable`, so a client's `Validate<String>` runs it specialized for
/// `String`: unspecialized, it asked the runtime for the metadata of `[Validation<Value>]` and
/// copied the value through value witnesses at every set (issue 34). What does not depend on
/// `Value` stays in ``ValidationState``, behind a plain call.
@usableFromInline
final class ValidationStorage<Value> {
    /// The rules, in declaration order.
    @usableFromInline let validations: [Validation<Value>]
    /// The rule when there is exactly one (the common case; see ``hasOneValidation``), called
    /// without going through the array: an element read from an array (or an optional) is
    /// retained for the call, a `let` property is not.
    @usableFromInline let onlyValidation: Validation<Value>
    /// Whether there is exactly one rule, ``onlyValidation``.
    @usableFromInline let hasOneValidation: Bool
    /// The errors, the lock and the handlers.
    @usableFromInline let state: ValidationState
    /// The current value; read and written only under ``state``'s lock, which is why the
    /// exclusivity check (a runtime call per access on a class's property) is left out.
    @usableFromInline @exclusivity(unchecked) var storedValue: Value

    /// Stores `value` and validates it (the original validates at init too).
    init(value: Value, validations: [Validation<Value>]) {
        self.validations = validations
        hasOneValidation = validations.count == 1
        onlyValidation = validations.first ?? Validation { _ in }
        var errors: [any Error] = []
        for validation in validations {
            do {
                try validation.validate(value)
            } catch {
                errors.append(error)
            }
        }
        state = ValidationState(errors: errors)
        storedValue = value
    }

    /// The current value.
    @usableFromInline var value: Value { state.withLock { storedValue } }

    /// Validates `newValue`, stores it with its errors, and tells the handlers if the errors
    /// differ from the previous ones. Runs on every set, also when the value does not change.
    ///
    /// When several threads set at once, the last to store wins and its value and errors are
    /// stored together; handlers run on the setting threads, possibly at the same time.
    ///
    /// - Complexity: the validations, one lock round trip, and no allocation when the value is
    ///   valid (nor when it fails with the error the stored value failed with).
    @inlinable
    func set(_ newValue: Value) {
        // The first error apart: most values fail at most one rule, and holding it in an
        // optional makes no array.
        var first: (any Error)?
        var rest: [any Error] = []
        if hasOneValidation {
            do {
                try onlyValidation.validate(newValue)
            } catch {
                first = error
            }
        } else {
            for validation in validations {
                do {
                    try validation.validate(newValue)
                } catch {
                    if first == nil { first = error } else { rest.append(error) }
                }
            }
        }
        // Swapped in: the value it replaces is released after the lock is freed.
        var replaced = newValue
        if let changed = state.store(first: first, rest: rest, storingValue: { swap(&storedValue, &replaced) }) {
            state.observers.notify(changed)
        }
    }
}

// @unchecked: the class is only `Sendable` when the value is; `storedValue` is only read or
// written under `state`'s lock, and values crossing threads through it are then `Sendable`.
extension ValidationStorage: @unchecked Sendable where Value: Sendable {}
