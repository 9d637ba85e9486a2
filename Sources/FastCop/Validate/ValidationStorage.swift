import Foundation

/// The state a ``Validate`` wrapper shares with its copies: the value, its errors and the
/// change handlers.
///
/// Plays the part of Validate's `Validator` class (reference storage, so that setting through
/// a copy such as `$name` or a SwiftUI binding changes the one value). The value and errors
/// sit behind a lock (`Locked`, a pthread mutex that ThreadSanitizer can see); validations and handlers run outside it, so a validation or handler
/// may read the wrapper without deadlocking.
final class ValidationStorage<Value> {
    // `@unchecked Sendable` so that the state can live in the lock whatever `Value` is. Safe
    // because the state never leaves this class, and the class is only `Sendable` (can only be
    // shared between threads) when `Value` is `Sendable`; otherwise it stays in one isolation
    // domain and the lock is merely uncontended.
    private struct State: @unchecked Sendable {
        var value: Value
        var errors: [any Error]
    }

    /// The rules, in declaration order.
    let validations: [Validation<Value>]
    /// The handlers registered with ``Validate/onErrorsChange(_:)``.
    let observers = ErrorsObservers()
    private let state: Locked<State>

    /// Stores `value` and validates it (the original validates at init too).
    init(value: Value, validations: [Validation<Value>]) {
        self.validations = validations
        let errors = ValidationStorage.run(validations, on: value)
        state = Locked(State(value: value, errors: errors))
    }

    /// The current value.
    var value: Value { state.withLock { $0.value } }

    /// The errors of the last validation.
    var errors: [any Error] { state.withLock { $0.errors } }

    /// Validates `newValue`, stores it with its errors, and tells the handlers if the errors
    /// differ from the previous ones. Runs on every set, also when the value does not change.
    ///
    /// When several threads set at once, the last to store wins and its value and errors are
    /// stored together; handlers run on the setting threads, possibly at the same time.
    func set(_ newValue: Value) {
        let errors = ValidationStorage.run(validations, on: newValue)
        let changed = state.withLock { state in
            let changed = !ValidationStorage.same(state.errors, errors)
            state.value = newValue
            state.errors = errors
            return changed
        }
        if changed { observers.notify(errors) }
    }

    /// Every error the validations throw, in their order (passing ones add nothing).
    static func run(_ validations: [Validation<Value>], on value: Value) -> [any Error] {
        var errors: [any Error] = []
        for validation in validations {
            do {
                try validation.validate(value)
            } catch {
                errors.append(error)
            }
        }
        return errors
    }

    /// Errors are the same when they have the same count, and pairwise the same type and
    /// `localizedDescription` (errors are not `Equatable`).
    static func same(_ old: [any Error], _ new: [any Error]) -> Bool {
        guard old.count == new.count else { return false }
        return zip(old, new).allSatisfy { pair in
            ObjectIdentifier(type(of: pair.0)) == ObjectIdentifier(type(of: pair.1))
                && pair.0.localizedDescription == pair.1.localizedDescription
        }
    }
}

// The class is only `Sendable` when the value is: its mutable state is behind the lock, and
// values crossing threads through it are then `Sendable` themselves.
extension ValidationStorage: Sendable where Value: Sendable {}
