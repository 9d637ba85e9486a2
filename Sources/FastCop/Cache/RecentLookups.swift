/// The last few patterns one thread got from each ``PatternCache``, checked before the cache's
/// dictionary and lock.
///
/// Code such as `Trial.format(p).trial()(s)` in a loop asks the cache for the same pattern
/// millions of times; comparing a few keys here costs a fraction of hashing the pattern text
/// and taking the lock. An entry is valid only for the cache generation it was made in: any
/// eviction or `removeAll()` starts a new generation, so a thread never gets a pattern the
/// cache has dropped.
final class RecentLookups {
    struct Entry {
        let cache: ObjectIdentifier
        let generation: Int
        let key: PatternCache.Key
        let pattern: Pattern
        /// The cache entry's use stamp, touched on every hit so eviction stays least recently used.
        let stamp: UseStamp
    }

    /// Most recent first.
    private var entries: [Entry] = []
    private static let capacity = 8

    /// The pattern this thread last got for `key` from `cache` in `generation`, if any; a hit
    /// touches the cache entry's use stamp with `now()`.
    @inline(__always)
    func find(
        cache: ObjectIdentifier, generation: Int, key: PatternCache.Key, now: () -> UInt64
    ) -> Pattern? {
        for index in entries.indices
        where entries[index].cache == cache && entries[index].generation == generation
            && entries[index].key == key
        {
            entries[index].stamp.touch(now())
            if index > 0 {
                entries.swapAt(index, index - 1)
                return entries[index - 1].pattern
            }
            return entries[index].pattern
        }
        return nil
    }

    /// Remembers a lookup's answer.
    func remember(_ entry: Entry) {
        entries.removeAll { $0.cache == entry.cache && ($0.key == entry.key || $0.generation != entry.generation) }
        entries.insert(entry, at: 0)
        if entries.count > Self.capacity { entries.removeLast() }
    }

    /// Runs `body` with the calling thread's recent lookups.
    @inline(__always)
    static func withCurrent<R>(_ body: (RecentLookups) -> R) -> R {
        MatchScratch.withCurrent { scratch in
            if let attachment = scratch.attachment, type(of: attachment) == RecentLookups.self {
                return body(unsafeDowncast(attachment, to: RecentLookups.self))
            }
            let recent = RecentLookups()
            scratch.attachment = recent
            return body(recent)
        }
    }
}
