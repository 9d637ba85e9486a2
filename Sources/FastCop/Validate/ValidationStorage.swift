import Foundation

/// The state a ``Validate`` wrapper shares with its copies: the value, its errors and the
/// change handlers.
///
/// Plays the part of Validate's `Validator` class (reference storage, so that setting through
/// a copy such as `$name` or a SwiftUI binding changes the one value). The value and errors
/// sit behind a lock (`Locked`, a pthread mutex that ThreadSanitizer can see); validations and handlers run outside it, so a validation or handler
/// may read the wrapper without deadlocking.
final class ValidationStorage<Value> {
    /// The rules, in declaration order.
    let validations: [Validation<Value>]
    /// The handlers registered with ``Validate/onErrorsChange(_:)``.
    let observers = ErrorsObservers()
    /// Guards ``storedValue`` and ``storedErrors``. A lock of nothing, with the state as this
    /// class's own properties rather than a `Locked<State>`: unspecialized generic code (a
    /// client's `Validate<String>`) would otherwise ask the runtime for the metadata of
    /// `Locked<State<Value>>` at every access (a fifth of a set's time, profiled in issue 34).
    private let lock = Locked(())
    /// The current value; read and written only under ``lock``.
    private var storedValue: Value
    /// The errors of the last validation; read and written only under ``lock``.
    private var storedErrors: [any Error]

    /// Stores `value` and validates it (the original validates at init too).
    init(value: Value, validations: [Validation<Value>]) {
        self.validations = validations
        storedErrors = ValidationStorage.run(validations, on: value)
        storedValue = value
    }

    /// The current value.
    var value: Value { lock.withLock { _ in storedValue } }

    /// The errors of the last validation.
    var errors: [any Error] { lock.withLock { _ in storedErrors } }

    /// Whether the last validation found no error (without copying the errors out).
    var isValid: Bool { lock.withLock { _ in storedErrors.isEmpty } }

    /// Validates `newValue`, stores it with its errors, and tells the handlers if the errors
    /// differ from the previous ones. Runs on every set, also when the value does not change.
    ///
    /// When several threads set at once, the last to store wins and its value and errors are
    /// stored together; handlers run on the setting threads, possibly at the same time.
    func set(_ newValue: Value) {
        let errors = ValidationStorage.run(validations, on: newValue)
        let changed = lock.withLock { _ in
            let changed = !ValidationStorage.same(storedErrors, errors)
            storedValue = newValue
            storedErrors = errors
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
        return zip(old, new).allSatisfy { same($0, $1) }
    }

    /// Whether two errors have the same type and `localizedDescription`.
    private static func same(_ old: any Error, _ new: any Error) -> Bool {
        guard ObjectIdentifier(type(of: old)) == ObjectIdentifier(type(of: new)) else { return false }
        // A ValidationError's localizedDescription is its description: compare that directly.
        // `localizedDescription` goes through Foundation's bridge to NSError, which costs about
        // a microsecond per error on Linux (most of a set's time, as profiled in issue 34).
        if let old = old as? ValidationError, let new = new as? ValidationError {
            return old.description == new.description
        }
        return old.localizedDescription == new.localizedDescription
    }
}

// @unchecked: the class is only `Sendable` when the value is; its mutable state (`storedValue`,
// `storedErrors`) is only read or written under `lock`, and values crossing threads through it
// are then `Sendable` themselves.
extension ValidationStorage: @unchecked Sendable where Value: Sendable {}
