import Synchronization

/// A bounded, thread-safe cache of compiled patterns.
///
/// Code that builds the same pattern again and again (`Trial.format(p).trial()(s)` in a loop,
/// a filter made per request) compiles it once: the cache keys each pattern by its text, its
/// options, its limits, its JIT mode and whether it is used for whole matches, and keeps the
/// most recently used ones.
///
/// ```swift
/// let pattern = try PatternCache.shared.pattern(#"\d+"#)
/// PatternCache.shared.statistics.hits
/// ```
///
/// A broken pattern is remembered as the error it gives (so a loop over a bad pattern does not
/// recompile it either); it is never returned as a pattern.
///
/// Each thread also remembers the last few patterns it got, and checks them before the
/// cache's dictionary and lock; a hit there costs a few comparisons and no atomic
/// read-modify-write when the thread keeps asking for the same pattern.
public final class PatternCache: Sendable {
    /// The cache FastCop's trials, filters and validations use (capacity 512).
    public static var shared: PatternCache {
        withShared { $0 }
    }

    /// Counters, for tuning the capacity.
    public struct Statistics: Sendable, Hashable {
        /// Lookups answered from the cache.
        public var hits: Int
        /// Lookups that had to compile.
        public var misses: Int
        /// Entries dropped to stay within the capacity.
        public var evictions: Int
        /// Entries held now.
        public var count: Int
        /// The most entries held at once.
        public var capacity: Int
    }

    private struct Entry {
        var result: Result<Pattern, PatternError>
        var lastUse: UseStamp
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        /// Hits answered under the lock, plus those of per-thread counters no thread holds any
        /// more, minus the per-thread hits made before the last `removeAll()`.
        var hits = 0
        var misses = 0
        var evictions = 0
        /// Every thread's counter of hits answered from its recent lookups.
        var counters: [HitCounter] = []

        var recentHits: Int { counters.reduce(0) { $0 + $1.value } }
    }

    /// The most entries held at once.
    public let capacity: Int
    /// Tells this cache's per-thread counters apart from other caches' (unique per process).
    private let id = CacheSequence.next()
    private let state = Locked(State())
    /// Replaced (under the lock, by a value no cache has had) whenever an entry leaves the
    /// cache: per-thread recent lookups made in another generation are ignored.
    private let generation = Atomic<UInt64>(CacheSequence.next())
    private let clock = UseClock()

    /// Creates a cache holding at most `capacity` patterns (at least 1).
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The compiled pattern for these settings, compiled now if the cache does not hold it.
    ///
    /// - Parameters:
    ///   - source: the pattern text.
    ///   - options: compile options.
    ///   - limits: the limits every match runs under.
    ///   - jit: whether to JIT-compile.
    ///   - wholeMatch: the pattern will be used for whole matches (`hasWholeMatch(in:)`); its
    ///     whole-match form is compiled first.
    /// - Throws: the ``PatternError`` compiling gives (remembered like a pattern).
    /// - Complexity: O(1) when the calling thread got the same pattern text (the same string
    ///   value) lately, O(*m*) in the pattern's length on other hits (hashing it); a miss
    ///   compiles and, when the cache is full, evicts the least recently used entry in
    ///   O(*capacity*).
    public func pattern(
        _ source: String, options: Pattern.Options = [], limits: Pattern.Limits = .default,
        jit: Pattern.JITMode = .ifAvailable, wholeMatch: Bool = false
    ) throws -> Pattern {
        let settings = Settings(wholeMatch: wholeMatch, options: options, jit: jit, limits: limits)
        // Read before any lookup: an answer found later is valid in this generation at least.
        let current = generation.load(ordering: .acquiring)
        if let recent = RecentLookups.withCurrent({
            $0.find(source, settings, generation: current, clock: clock)
        }) {
            return recent
        }
        return try lookUpOrCompile(Key(settings: settings, source: ExactText(source)), generation: current)
    }

    /// The lookup under the lock, and the compilation on a miss.
    @inline(never)
    private func lookUpOrCompile(_ key: Key, generation current: UInt64) throws -> Pattern {
        if let cached = lookup(key) { return try remembered(cached, key: key, generation: current).get() }
        let stamp = UseStamp(clock.tick())
        // Compile outside the lock so that other threads are not held up.
        let result: Result<Pattern, PatternError>
        do {
            result = .success(
                try Pattern(
                    key.source.text, options: key.settings.options, limits: key.settings.limits,
                    jit: key.settings.jit, wholeMatchFirst: key.settings.wholeMatch))
        } catch let error as PatternError {
            result = .failure(error)
        }
        return try remembered(insert(key, result, stamp: stamp), key: key, generation: current).get()
    }

    /// Keeps a successful answer in the calling thread's recent lookups.
    private func remembered(
        _ found: (result: Result<Pattern, PatternError>, stamp: UseStamp), key: Key, generation: UInt64
    ) -> Result<Pattern, PatternError> {
        if case .success(let pattern) = found.result {
            RecentLookups.withCurrent { recent in
                let counter = recent.counter(forCache: id) ?? newCounter()
                recent.remember(
                    .init(generation: generation, key: key, pattern: pattern, stamp: found.stamp, counter: counter))
            }
        }
        return found.result
    }

    /// A hit counter for the calling thread, registered for ``statistics``.
    private func newCounter() -> HitCounter {
        let counter = HitCounter(cacheID: id)
        state.withLock { state in
            // Fold in the counters no thread holds any more (their threads ended or forgot this
            // cache): they cannot change again, and the list stays as long as the live ones.
            var index = state.counters.startIndex
            while index < state.counters.endIndex {
                if isKnownUniquelyReferenced(&state.counters[index]) {
                    // Pairs with the release of the owner's last reference: its counts are seen.
                    atomicMemoryFence(ordering: .acquiring)
                    state.hits += state.counters[index].value
                    state.counters.swapAt(index, state.counters.endIndex - 1)
                    state.counters.removeLast()
                } else {
                    index += 1
                }
            }
            state.counters.append(counter)
        }
        return counter
    }

    private func lookup(_ key: Key) -> (result: Result<Pattern, PatternError>, stamp: UseStamp)? {
        state.withLock { state in
            guard let index = state.entries.index(forKey: key) else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            let entry = state.entries.values[index]
            clock.recordUse(of: entry.lastUse)
            return (entry.result, entry.lastUse)
        }
    }

    private func insert(
        _ key: Key, _ result: Result<Pattern, PatternError>, stamp: UseStamp
    ) -> (result: Result<Pattern, PatternError>, stamp: UseStamp) {
        state.withLock { state in
            // Another thread may have compiled the same pattern meanwhile: keep the first.
            if let existing = state.entries[key] {
                clock.recordUse(of: existing.lastUse)
                return (existing.result, existing.lastUse)
            }
            if state.entries.count >= capacity,
                let oldest = state.entries.min(by: { $0.value.lastUse.value < $1.value.lastUse.value })?.key
            {
                state.entries[oldest] = nil
                state.evictions += 1
                generation.store(CacheSequence.next(), ordering: .releasing)
            }
            state.entries[key] = Entry(result: result, lastUse: stamp)
            return (result, stamp)
        }
    }

    /// The counters so far.
    public var statistics: Statistics {
        state.withLock {
            Statistics(
                hits: $0.hits + $0.recentHits, misses: $0.misses, evictions: $0.evictions, count: $0.entries.count,
                capacity: capacity)
        }
    }

    /// How many per-thread hit counters the cache sums (for tests).
    var threadCounterCount: Int { state.withLock { $0.counters.count } }

    /// Drops every entry and resets the counters.
    public func removeAll() {
        state.withLock {
            $0.entries = [:]
            $0.misses = 0
            $0.evictions = 0
            // The per-thread counters keep counting: start from what they hold now.
            $0.hits = -$0.recentHits
            generation.store(CacheSequence.next(), ordering: .releasing)
        }
    }
}

extension PatternCache {
    /// Runs `body` with ``shared``, without a lazy-initialization check (`swift_once`) or a
    /// retain: the hot path of the trials, filters and validations.
    @inline(__always)
    static func withShared<R>(_ body: (PatternCache) throws -> R) rethrows -> R {
        guard let raw = UnsafeRawPointer(bitPattern: sharedCacheAddress.load(ordering: .acquiring)) else {
            return try body(publishShared())
        }
        // The global `sharedCache` holds the cache for the life of the process.
        return try Unmanaged<PatternCache>.fromOpaque(raw).borrow(body)
    }

    @inline(never)
    private static func publishShared() -> PatternCache {
        let cache = sharedCache
        sharedCacheAddress.store(UInt(bitPattern: Unmanaged.passUnretained(cache).toOpaque()), ordering: .releasing)
        return cache
    }
}

/// The shared cache, created on first use (a lazily initialized global: `swift_once`).
private let sharedCache = PatternCache(capacity: 512)
/// `sharedCache`'s address once it exists, 0 before: statically initialized, so reading it
/// costs one load.
private let sharedCacheAddress = Atomic<UInt>(0)

/// Numbers no two caches or generations share (0 is never given).
private enum CacheSequence {
    static func next() -> UInt64 { cacheSequence.wrappingAdd(1, ordering: .relaxed).newValue }
}

/// The last number ``CacheSequence`` gave.
private let cacheSequence = Atomic<UInt64>(0)
