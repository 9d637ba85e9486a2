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
        var source: ExactText
        var options: Pattern.Options
        var limits: Pattern.Limits
        var jit: Pattern.JITMode
        var wholeMatch: Bool
    }

    private struct Entry {
        var result: Result<Pattern, PatternError>
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var clock: UInt64 = 0
        var hits = 0
        var misses = 0
        var evictions = 0
    }

    /// The most entries held at once.
    public let capacity: Int
    private let state = Locked(State())

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
        let key = Key(source: ExactText(source), options: options, limits: limits, jit: jit, wholeMatch: wholeMatch)
        if let cached = lookup(key) { return try cached.get() }
        // Compile outside the lock so that other threads are not held up.
        let result: Result<Pattern, PatternError>
        do {
            result = .success(
                try Pattern(source, options: options, limits: limits, jit: jit, wholeMatchFirst: wholeMatch))
        } catch let error as PatternError {
            result = .failure(error)
        }
        return try insert(key, result).get()
    }

    private func lookup(_ key: Key) -> Result<Pattern, PatternError>? {
        state.withLock { state in
            state.clock &+= 1
            guard var entry = state.entries[key] else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            entry.lastUse = state.clock
            state.entries[key] = entry
            return entry.result
        }
    }

    private func insert(_ key: Key, _ result: Result<Pattern, PatternError>) -> Result<Pattern, PatternError> {
        state.withLock { state in
            state.clock &+= 1
            // Another thread may have compiled the same pattern meanwhile: keep the first.
            if let existing = state.entries[key] { return existing.result }
            if state.entries.count >= capacity,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                state.entries[oldest] = nil
                state.evictions += 1
            }
            state.entries[key] = Entry(result: result, lastUse: state.clock)
            return result
        }
    }

    /// The counters so far.
    public var statistics: Statistics {
        state.withLock {
            Statistics(
                hits: $0.hits, misses: $0.misses, evictions: $0.evictions, count: $0.entries.count,
                capacity: capacity)
        }
    }

    /// Drops every entry and resets the counters.
    public func removeAll() {
        state.withLock { $0 = State() }
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
        lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var copy = text
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
