import Synchronization

/// The last few patterns one thread got from the ``PatternCache``s, checked before a cache's
/// dictionary and lock.
///
/// Code such as `Trial.format(p).trial()(s)` in a loop asks the cache for the same pattern
/// millions of times; comparing a few keys here costs a fraction of hashing the pattern text
/// and taking the lock. An entry is valid only in the cache generation it was made in: any
/// eviction or `removeAll()` gives the cache a new generation, so a thread never gets a
/// pattern the cache has dropped. Generations are unique across caches, so an entry made for
/// one cache never answers for another.
///
/// Only the owning thread touches an instance. The entries live in a fixed buffer of
/// unmanaged references rather than an array, so that a lookup pays no reference counting,
/// uniqueness check or exclusivity check: it reads immutable fields of retained objects.
final class RecentLookups {
    /// One remembered answer (immutable).
    final class Entry {
        let generation: UInt64
        let key: PatternCache.Key
        /// `key.source`'s identity (kept valid by `key`, which holds the string).
        let identity: TextIdentity
        let pattern: Pattern
        /// The cache entry's use stamp, so that hits here keep eviction least-recently-used.
        let stamp: UseStamp
        /// This thread's hit counter for the cache.
        let counter: HitCounter

        init(generation: UInt64, key: PatternCache.Key, pattern: Pattern, stamp: UseStamp, counter: HitCounter) {
            self.generation = generation
            self.key = key
            identity = TextIdentity(key.source.text)
            self.pattern = pattern
            self.stamp = stamp
            self.counter = counter
        }

        /// Whether this entry answers a lookup of `source` with `settings` in `generation`.
        @inline(__always)
        func answers(
            _ source: String, _ identity: TextIdentity, _ settings: PatternCache.Settings, in generation: UInt64
        )
            -> Bool
        {
            self.generation == generation && key.settings == settings
                && (self.identity == identity || key.source == ExactText(source))
        }
    }

    private static let capacity = 8
    /// `capacity` slots, most recent first; the used ones come first, each holding a +1 reference.
    private let slots: UnsafeMutablePointer<Unmanaged<Entry>?>

    init() {
        slots = .allocate(capacity: Self.capacity)
        slots.initialize(repeating: nil, count: Self.capacity)
    }

    deinit {
        for index in 0..<Self.capacity { slots[index]?.release() }
        slots.deinitialize(count: Self.capacity)
        slots.deallocate()
    }

    /// The pattern this thread last got for `source` and `settings` in `generation`, if any.
    /// A hit counts itself and records the use on the cache entry's stamp with `clock`.
    @inline(__always)
    func find(
        _ source: String, _ settings: PatternCache.Settings, generation: UInt64, clock: UseClock
    ) -> Pattern? {
        let identity = TextIdentity(source)
        var index = 0
        while index < Self.capacity, let slot = slots[index] {
            let found = slot.borrow { entry -> Pattern? in
                guard entry.answers(source, identity, settings, in: generation) else { return nil }
                entry.counter.add()
                clock.recordUse(of: entry.stamp)
                return entry.pattern
            }
            if let found {
                if index > 0 { slots.advanced(by: index).swapAt(slots.advanced(by: index - 1)) }
                return found
            }
            index += 1
        }
        return nil
    }

    /// This thread's hit counter for the cache `cacheID`, if an entry holds one.
    func counter(forCache cacheID: UInt64) -> HitCounter? {
        for index in 0..<Self.capacity {
            guard let slot = slots[index] else { break }
            let counter = slot.takeUnretainedValue().counter
            if counter.cacheID == cacheID { return counter }
        }
        return nil
    }

    /// Remembers a lookup's answer, first; drops entries of the same cache for the same key
    /// or from another generation, and the oldest beyond the capacity.
    func remember(_ entry: Entry) {
        var kept: [Unmanaged<Entry>] = [Unmanaged.passRetained(entry)]
        for index in 0..<Self.capacity {
            guard let slot = slots[index] else { break }
            slots[index] = nil
            let old = slot.takeUnretainedValue()
            let stale =
                old.counter.cacheID == entry.counter.cacheID
                && (old.generation != entry.generation || old.key == entry.key)
            if stale || kept.count == Self.capacity {
                slot.release()
            } else {
                kept.append(slot)
            }
        }
        for (index, slot) in kept.enumerated() { slots[index] = slot }
    }

    /// Runs `body` with the calling thread's recent lookups.
    @inline(__always)
    static func withCurrent<R>(_ body: (RecentLookups) -> R) -> R {
        ThreadLocal(cache: recentKeyPlusOne) { recentKey }.withValue(orMake: RecentLookups.init, body)
    }
}

/// The thread-specific key holding each thread's ``RecentLookups``.
private let recentKey = ThreadLocal<RecentLookups>.makeKey()
/// `recentKey + 1` once it has been created, 0 before; see ``ThreadLocal``.
private let recentKeyPlusOne = Atomic<UInt>(0)

extension UnsafeMutablePointer {
    /// Exchanges the values at `self` and `other`, moving them without copies.
    @inline(__always)
    fileprivate func swapAt(_ other: UnsafeMutablePointer) {
        let value = move()
        moveInitialize(from: other, count: 1)
        other.initialize(to: value)
    }
}
