import Synchronization

/// The counter that orders a ``PatternCache``'s entries for least-recently-used eviction.
///
/// Every entry has a ``UseStamp``; a use sets it to a fresh tick of the clock, and eviction
/// drops the entry with the smallest stamp. Lookups stamp entries without the cache's lock
/// (from a thread's recent lookups), so both are atomics.
final class UseClock: Sendable {
    private let now = Atomic<UInt64>(0)

    init() {}

    /// A new stamp value, later than every one given before (each value is given once).
    @inline(__always)
    func tick() -> UInt64 { now.wrappingAdd(1, ordering: .relaxed).newValue }

    /// Records a use of the entry stamped `stamp`.
    ///
    /// Ticks only when some use has been stamped since this entry's last one: every tick is
    /// a unique value, so an entry whose stamp equals the clock was stamped last and is
    /// already the most recently used; stamping it again would change no order. Eviction
    /// stays exactly least-recently-used, and a thread using one pattern again and again pays
    /// two loads per use instead of a read-modify-write on a counter all threads share.
    @inline(__always)
    func recordUse(of stamp: UseStamp) {
        if stamp.value != now.load(ordering: .relaxed) { stamp.set(tick()) }
    }
}

/// When a cache entry was last used, in ticks of its cache's ``UseClock``: written by lookups
/// with or without the cache's lock, read when choosing what to evict.
final class UseStamp: Sendable {
    private let stamp: Atomic<UInt64>

    init(_ now: UInt64) { stamp = Atomic(now) }

    var value: UInt64 {
        @inline(__always) get { stamp.load(ordering: .relaxed) }
    }

    @inline(__always)
    func set(_ now: UInt64) { stamp.store(now, ordering: .relaxed) }
}
