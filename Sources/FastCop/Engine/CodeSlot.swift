import Synchronization

/// A slot that holds one ``CompiledCode``, filled at most once, read without a lock.
///
/// A pattern compiles its search form and its whole-match form (`PCRE2_ANCHORED |
/// PCRE2_ENDANCHORED`) only when each is first needed; readers on the hot path pay one
/// acquiring load. Two threads that race to fill it both compile, one wins, the other's copy
/// is dropped.
final class CodeSlot: Sendable {
    /// The retained `CompiledCode` as a bit pattern, or 0 while empty.
    private let storage = Atomic<Int>(0)

    init() {}

    init(_ code: CompiledCode) {
        storage.store(Int(bitPattern: Unmanaged.passRetained(code).toOpaque()), ordering: .releasing)
    }

    deinit {
        let bits = storage.load(ordering: .acquiring)
        if let raw = UnsafeMutableRawPointer(bitPattern: bits) {
            Unmanaged<CompiledCode>.fromOpaque(raw).release()
        }
    }

    /// The code, compiling it with `make` if the slot is still empty.
    @inline(__always)
    func code(orMake make: () throws -> CompiledCode) rethrows -> CompiledCode {
        if let raw = UnsafeMutableRawPointer(bitPattern: storage.load(ordering: .acquiring)) {
            return Unmanaged<CompiledCode>.fromOpaque(raw).takeUnretainedValue()
        }
        return try fill(make())
    }

    /// Runs `body` with the code, compiling it with `make` if the slot is still empty, without
    /// retaining it: the slot holds its reference until it is deallocated, and the caller
    /// keeps the slot (its pattern) alive across the call. Saves a retain/release pair per
    /// match over ``code(orMake:)``.
    @inline(__always)
    func withCode<R>(orMake make: () throws -> CompiledCode, _ body: (CompiledCode) throws -> R) throws -> R {
        if let raw = UnsafeMutableRawPointer(bitPattern: storage.load(ordering: .acquiring)) {
            return try Unmanaged<CompiledCode>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
        }
        return try body(fill(make()))
    }

    /// The code if it has been compiled.
    var existing: CompiledCode? {
        guard let raw = UnsafeMutableRawPointer(bitPattern: storage.load(ordering: .acquiring)) else {
            return nil
        }
        return Unmanaged<CompiledCode>.fromOpaque(raw).takeUnretainedValue()
    }

    @inline(never)
    private func fill(_ code: CompiledCode) -> CompiledCode {
        let bits = Int(bitPattern: Unmanaged.passRetained(code).toOpaque())
        let (exchanged, original) = storage.compareExchange(
            expected: 0, desired: bits, ordering: .acquiringAndReleasing)
        if exchanged { return code }
        Unmanaged<CompiledCode>.fromOpaque(UnsafeMutableRawPointer(bitPattern: bits)!).release()
        return Unmanaged<CompiledCode>.fromOpaque(UnsafeMutableRawPointer(bitPattern: original)!)
            .takeUnretainedValue()
    }
}
