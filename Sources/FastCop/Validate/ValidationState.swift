import Foundation

/// The part of a ``Validate`` wrapper's shared state that does not depend on the value's type:
/// the lock, the errors of the last validation, whether there are any, and the change handlers.
///
/// Not generic, so a client's `Validate<String>` calls it directly, without asking the runtime
/// for generic metadata (``ValidationStorage`` holds the value and is specialized in the
/// client; see there).
///
/// **What it buys** (the validate section of `scripts/bench`, issue 34): one round trip of a
/// ``FlagLock`` per set (one atomic read-modify-write) and none per ``isValid`` (the lock's
/// flag); no errors array made, compared or freed when a value is
/// valid, nor when it fails as the stored value did (the built-in rules throw one error made
/// once); no comparison of errors while nobody observes them.
@usableFromInline
final class ValidationState: @unchecked Sendable {
    // @unchecked Sendable: `errors` (and the storage's value) are only read or written while
    // `lock` is held.

    /// The handlers registered with ``Validate/onErrorsChange(_:)``.
    @usableFromInline let observers = ErrorsObservers()
    /// Guards ``errors`` and ``ValidationStorage/storedValue``; its flag says whether the
    /// errors are empty, written as the lock is freed and read without taking it.
    private let lock: FlagLock
    /// The errors; only under ``lock`` (which is why the exclusivity check is left out).
    @exclusivity(unchecked) private var errors: Errors

    /// The errors of the last validation, and the last array of one error put aside when a
    /// valid value replaced it (a value that fails the same way again takes it back: invalid
    /// and valid values in turn make no array either).
    private struct Errors {
        var current: [any Error]
        var spare: [any Error] = []

        /// Stores the errors `first`, then `rest`, reusing an array that holds the same single
        /// error (the same box) rather than making an equal one.
        mutating func store(first: (any Error)?, rest: [any Error]) {
            guard let first else {
                // Swapped, not copied: no reference count changes hands.
                if !current.isEmpty {
                    swap(&current, &spare)
                    if !current.isEmpty { current = [] }
                }
                return
            }
            if rest.isEmpty {
                if current.count == 1 && isSameErrorBox(current[0], first) { return }
                if spare.count == 1 && isSameErrorBox(spare[0], first) {
                    swap(&current, &spare)
                    return
                }
            }
            if current.count == 1 { swap(&current, &spare) }
            current = [first] + rest
        }
    }

    /// A state holding the errors of the validation at creation.
    init(errors: [any Error]) {
        self.errors = Errors(current: errors)
        lock = FlagLock(flag: errors.isEmpty)
    }

    /// Whether the last validation found no error: one load, no lock.
    @usableFromInline var isValid: Bool { lock.flag }

    /// The errors of the last validation.
    @usableFromInline var currentErrors: [any Error] { lock.withLock { errors.current } }

    /// Runs `body` under the lock (to read the value stored with the errors).
    @usableFromInline func withLock<R>(_ body: () -> R) -> R {
        lock.withLock(body)
    }

    /// Under the lock, runs `storeValue` and stores the errors a validation found: `first`, then
    /// `rest` (empty unless two validations or more failed).
    ///
    /// `storeValue` should only move values in and out (the value it replaces is best released
    /// after this returns): the lock is for short sections.
    ///
    /// - Returns: the new errors when handlers are registered and the errors differ from the
    ///   previous ones (for ``ErrorsObservers/notify(_:)``), else nil.
    @usableFromInline func store(
        first: (any Error)?, rest: [any Error], storingValue storeValue: () -> Void
    ) -> [any Error]? {
        guard observers.isObserved else {
            lock.lock()
            storeValue()
            errors.store(first: first, rest: rest)
            lock.unlock(setting: first == nil)
            return nil
        }
        lock.lock()
        storeValue()
        let previous = errors.current
        errors.store(first: first, rest: rest)
        let current = errors.current
        lock.unlock(setting: first == nil)
        // Compared outside the lock: `localizedDescription` may run an error type's own code.
        return ValidationState.same(previous, current) ? nil : current
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
