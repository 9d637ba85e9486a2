extension Unmanaged {
    /// Runs `body` with the referenced object without retaining or releasing it.
    ///
    /// **The trick.** `takeUnretainedValue()` gives a strong reference, which costs a retain
    /// and a release (two atomic operations) per call; on an object several cores read at once
    /// (a compiled pattern, a filter, the shared cache) its reference count bounces between
    /// the cores, the largest cost of a short match or filter on two cores. A borrow skips both.
    ///
    /// **Why it is safe.** Only when something else keeps the object alive for the whole call:
    /// each caller says what (a thread-specific slot until its thread ends, a ``SharedSlot``
    /// whose replaced values are kept, a global for the life of the process, an immutable list
    /// that holds its elements). This is the only place the standard library's underscored
    /// `_withUnsafeGuaranteedRef` is called (`scripts/lint` checks it).
    @inlinable @inline(__always)
    package func borrow<Result>(_ body: (Instance) throws -> Result) rethrows -> Result {
        try _withUnsafeGuaranteedRef(body)
    }
}
