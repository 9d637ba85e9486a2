import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
public final class PatternCache: Sendable {
    /// The cache FastCop's trials, filters and validations use (capacity 512).
    public static let shared = PatternCache(capacity: 512)

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

    struct Key: Hashable, Sendable {
        // The cheap fields first: synthesized == compares in declaration order.
        var wholeMatch: Bool
        var options: Pattern.Options
        var jit: Pattern.JITMode
        var limits: Pattern.Limits
        var source: ExactText
    }

    private struct Entry {
        var result: Result<Pattern, PatternError>
        var lastUse: UseStamp
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var hits = 0
        var misses = 0
        var evictions = 0
    }

    /// The most entries held at once.
    public let capacity: Int
    private let state = Locked(State())
    /// Bumped (under the lock) whenever an entry leaves the cache; per-thread recent lookups
    /// made in an older generation are ignored.
    private let generation = Atomic<Int>(0)
    /// Hits answered by a thread's recent lookups, without the lock.
    private let recentHits = Atomic<Int>(0)
    /// The use counter that orders entries for least-recently-used eviction.
    private let clock = Atomic<UInt64>(0)

    private func tick() -> UInt64 { clock.wrappingAdd(1, ordering: .relaxed).newValue }

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
    /// - Complexity: O(*m*) in the pattern's length on a hit (hashing it); a miss compiles and,
    ///   when the cache is full, evicts the least recently used entry in O(*capacity*).
    public func pattern(
        _ source: String, options: Pattern.Options = [], limits: Pattern.Limits = .default,
        jit: Pattern.JITMode = .ifAvailable, wholeMatch: Bool = false
    ) throws -> Pattern {
        let key = Key(wholeMatch: wholeMatch, options: options, jit: jit, limits: limits, source: ExactText(source))
        let identity = ObjectIdentifier(self)
        let current = generation.load(ordering: .acquiring)
        if let recent = RecentLookups.withCurrent({
            $0.find(cache: identity, generation: current, key: key, now: tick)
        }) {
            recentHits.wrappingAdd(1, ordering: .relaxed)
            return recent
        }
        if let cached = lookup(key) { return try remembered(cached, key: key, generation: current).get() }
        let stamp = UseStamp(tick())
        // Compile outside the lock so that other threads are not held up.
        let result: Result<Pattern, PatternError>
        do {
            result = .success(
                try Pattern(source, options: options, limits: limits, jit: jit, wholeMatchFirst: wholeMatch))
        } catch let error as PatternError {
            result = .failure(error)
        }
        return try remembered(insert(key, result, stamp: stamp), key: key, generation: current).get()
    }

    /// Keeps a successful answer in the calling thread's recent lookups.
    private func remembered(
        _ found: (result: Result<Pattern, PatternError>, stamp: UseStamp), key: Key, generation: Int
    ) -> Result<Pattern, PatternError> {
        if case .success(let pattern) = found.result {
            RecentLookups.withCurrent {
                $0.remember(
                    .init(
                        cache: ObjectIdentifier(self), generation: generation, key: key, pattern: pattern,
                        stamp: found.stamp))
            }
        }
        return found.result
    }

    private func lookup(_ key: Key) -> (result: Result<Pattern, PatternError>, stamp: UseStamp)? {
        let now = tick()
        return state.withLock { state in
            guard let index = state.entries.index(forKey: key) else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            let entry = state.entries.values[index]
            entry.lastUse.touch(now)
            return (entry.result, entry.lastUse)
        }
    }

    private func insert(
        _ key: Key, _ result: Result<Pattern, PatternError>, stamp: UseStamp
    ) -> (result: Result<Pattern, PatternError>, stamp: UseStamp) {
        state.withLock { state in
            // Another thread may have compiled the same pattern meanwhile: keep the first.
            if let existing = state.entries[key] { return (existing.result, existing.lastUse) }
            if state.entries.count >= capacity,
                let oldest = state.entries.min(by: { $0.value.lastUse.value < $1.value.lastUse.value })?.key
            {
                state.entries[oldest] = nil
                state.evictions += 1
                generation.wrappingAdd(1, ordering: .releasing)
            }
            state.entries[key] = Entry(result: result, lastUse: stamp)
            return (result, stamp)
        }
    }

    /// The counters so far.
    public var statistics: Statistics {
        state.withLock {
            Statistics(
                hits: $0.hits + recentHits.load(ordering: .relaxed), misses: $0.misses, evictions: $0.evictions,
                count: $0.entries.count,
                capacity: capacity)
        }
    }

    /// Drops every entry and resets the counters.
    public func removeAll() {
        state.withLock {
            $0 = State()
            generation.wrappingAdd(1, ordering: .releasing)
            recentHits.store(0, ordering: .relaxed)
        }
    }
}

/// A string compared and hashed by its UTF-8 bytes.
///
/// Swift's `String ==` treats canonically equivalent text as equal ("é" and "e\u{301}"), but
/// as patterns they match different bytes, so the cache must not hand one out for the other.
struct ExactText: Hashable, Sendable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        let left = lhs.text.utf8
        let right = rhs.text.utf8
        guard left.count == right.count else { return false }
        // Native strings are contiguous: compare their bytes at once; others (bridged) slowly.
        let fast = left.withContiguousStorageIfAvailable { leftBytes in
            right.withContiguousStorageIfAvailable { rightBytes in
                leftBytes.baseAddress == rightBytes.baseAddress || leftBytes.count == 0
                    || memcmp(leftBytes.baseAddress!, rightBytes.baseAddress!, leftBytes.count) == 0
            }
        }
        return (fast ?? nil) ?? left.elementsEqual(right)
    }

    func hash(into hasher: inout Hasher) {
        var copy = text
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// When an entry was last used: written by lookups without the cache's lock (a thread's
/// recent lookups touch it too), read when choosing what to evict.
final class UseStamp: Sendable {
    private let stamp: Atomic<UInt64>

    init(_ now: UInt64) { stamp = Atomic(now) }

    var value: UInt64 { stamp.load(ordering: .relaxed) }

    @inline(__always)
    func touch(_ now: UInt64) { stamp.store(now, ordering: .relaxed) }
}
