import Synchronization

/// A slot that holds one object shared by every thread, made at most once per filling and read
/// without a lock and without retaining it.
///
/// A pattern keeps its search form and its whole-match form (`PCRE2_ANCHORED |
/// PCRE2_ENDANCHORED`) in slots, compiled when each is first needed; a filter keeps what it
/// prepares from its settings in one. Readers on the hot path pay one acquiring load and
/// borrow the object (``withValue(orMake:_:)``): retaining an object that several cores read at
/// once costs contended atomic operations (its reference count bounces between them). Two
/// threads that race to fill an empty slot both make the object; one is kept, the other
/// dropped.
///
/// ``reset()`` empties the slot (a filter's setting changed) and hands the old object to the
/// caller, who keeps it while other threads may still be using it.
///
/// **What it buys.** The borrow (``Unmanaged/borrow(_:)``) instead of a retain/release pair on
/// an object every core reads; and one load instead of a lock to read a lazily made value.
final class SharedSlot<Value: AnyObject & Sendable>: Sendable {
    /// The retained value as a bit pattern, or 0 while empty.
    private let storage = Atomic<Int>(0)

    init() {}

    init(_ value: Value) {
        storage.store(Int(bitPattern: Unmanaged.passRetained(value).toOpaque()), ordering: .releasing)
    }

    deinit {
        if let raw = UnsafeMutableRawPointer(bitPattern: storage.load(ordering: .acquiring)) {
            Unmanaged<Value>.fromOpaque(raw).release()
        }
    }

    /// The value, made with `make` if the slot is empty.
    @inline(__always)
    func value(orMake make: () throws -> Value) rethrows -> Value {
        if let raw = UnsafeMutableRawPointer(bitPattern: storage.load(ordering: .acquiring)) {
            return Unmanaged<Value>.fromOpaque(raw).takeUnretainedValue()
        }
        return try fill(make())
    }

    /// Runs `body` with the value, made with `make` if the slot is empty, without retaining
    /// it: the slot holds its reference until it is deallocated or reset (and whoever resets
    /// it keeps the old value), and the caller keeps the slot alive across the call. Saves a retain/release pair per
    /// call over ``value(orMake:)``.
    @inline(__always)
    func withValue<R>(orMake make: () throws -> Value, _ body: (Value) throws -> R) throws -> R {
        if let raw = UnsafeMutableRawPointer(bitPattern: storage.load(ordering: .acquiring)) {
            return try Unmanaged<Value>.fromOpaque(raw).borrow(body)
        }
        return try body(fill(make()))
    }

    /// Runs `body` with the value, borrowed as ``withValue(orMake:_:)`` does, or with what
    /// `fallback` gives while the slot is empty. Unlike ``withValue(orMake:_:)``, the slot is
    /// not filled here: `fallback` fills it (with ``value(orMake:)``) under the lock its
    /// caller's ``reset()`` also holds, so that a value made from old settings can never land
    /// in the slot after a reset (see ``SnapshotCell``).
    @inline(__always)
    func withValue<R>(orElse fallback: () -> Value, _ body: (Value) throws -> R) rethrows -> R {
        if let raw = UnsafeMutableRawPointer(bitPattern: storage.load(ordering: .acquiring)) {
            return try Unmanaged<Value>.fromOpaque(raw).borrow(body)
        }
        return try body(fallback())
    }

    /// The value if the slot holds one.
    var existing: Value? {
        guard let raw = UnsafeMutableRawPointer(bitPattern: storage.load(ordering: .acquiring)) else {
            return nil
        }
        return Unmanaged<Value>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Empties the slot; the next reader makes a new value. Returns the old value, which the
    /// caller must keep alive for as long as another thread may still be reading it.
    func reset() -> Value? {
        exchange(0)
    }

    /// Stores `bits` (a retained value, or 0) and hands over the value that was there.
    private func exchange(_ bits: Int) -> Value? {
        let old = storage.exchange(bits, ordering: .acquiringAndReleasing)
        guard let raw = UnsafeMutableRawPointer(bitPattern: old) else { return nil }
        return Unmanaged<Value>.fromOpaque(raw).takeRetainedValue()
    }

    @inline(never)
    private func fill(_ value: Value) -> Value {
        let bits = Int(bitPattern: Unmanaged.passRetained(value).toOpaque())
        let (exchanged, original) = storage.compareExchange(
            expected: 0, desired: bits, ordering: .acquiringAndReleasing)
        if exchanged { return value }
        Unmanaged<Value>.fromOpaque(UnsafeMutableRawPointer(bitPattern: bits)!).release()
        return Unmanaged<Value>.fromOpaque(UnsafeMutableRawPointer(bitPattern: original)!).takeUnretainedValue()
    }
}

/// The slots a pattern keeps its compiled forms in.
typealias CodeSlot = SharedSlot<CompiledCode>
