import Synchronization

/// The hits one thread's recent lookups answered for one ``PatternCache``.
///
/// A count every thread added to would cost an atomic read-modify-write per hit, on a cache
/// line all threads write. Instead each thread counts in its own counter, which only that
/// thread writes (a plain load and store); the cache keeps every counter it handed out and
/// sums them for ``PatternCache/statistics``. They are atomics only so that the summing
/// thread may read them while the owner writes.
final class HitCounter: Sendable {
    /// The cache whose hits this counts (``PatternCache``'s `id`).
    let cacheID: UInt64
    private let count = Atomic<Int>(0)

    init(cacheID: UInt64) { self.cacheID = cacheID }

    /// Counts one hit. Only the thread that owns the counter may call this: two writers
    /// could lose counts (never corrupt memory).
    @inline(__always)
    func add() { count.store(count.load(ordering: .relaxed) &+ 1, ordering: .relaxed) }

    /// The hits so far.
    var value: Int { count.load(ordering: .relaxed) }
}
