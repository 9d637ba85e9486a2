import FastCop
import Testing

@Suite("PatternCache")
struct PatternCacheTests {
    @Test("the same settings compile once; different ones do not share")
    func hitsAndMisses() throws {
        let cache = PatternCache(capacity: 8)
        let first = try cache.pattern("a+")
        let second = try cache.pattern("a+")
        #expect(first === second)
        #expect(try cache.pattern("a+", options: .caseInsensitive) !== first)
        #expect(try cache.pattern("a+", wholeMatch: true) !== first)
        #expect(try cache.pattern("a+", jit: .never) !== first)
        let stats = cache.statistics
        #expect(stats.hits == 1)
        #expect(stats.misses == 4)
        #expect(stats.count == 4)
        #expect(stats.capacity == 8)
    }

    @Test("least recently used entries are evicted")
    func eviction() throws {
        let cache = PatternCache(capacity: 2)
        let a = try cache.pattern("a")
        _ = try cache.pattern("b")
        _ = try cache.pattern("a")  // a is now more recent than b
        _ = try cache.pattern("c")  // evicts b
        #expect(cache.statistics.evictions == 1)
        #expect(try cache.pattern("a") === a)
        let missesBefore = cache.statistics.misses
        _ = try cache.pattern("b")
        #expect(cache.statistics.misses == missesBefore + 1)
        #expect(cache.statistics.count == 2)
    }

    struct EvictionCase: Sendable, CustomTestStringConvertible {
        let capacity: Int
        /// Pattern texts looked up in this order, separated by spaces.
        let uses: String
        /// What the cache must hold afterwards, and what it must have dropped.
        let kept: String
        let dropped: String
        var testDescription: String { "capacity \(capacity): \(uses)" }
    }

    static let evictionCases: [EvictionCase] = [
        EvictionCase(capacity: 2, uses: "a b a c", kept: "a c", dropped: "b"),
        // Repeated uses of the most recent entry do not make it outrank a later one.
        EvictionCase(capacity: 2, uses: "a a a b c", kept: "b c", dropped: "a"),
        EvictionCase(capacity: 2, uses: "a b b b a c", kept: "a c", dropped: "b"),
        EvictionCase(capacity: 2, uses: "b a a b b c", kept: "b c", dropped: "a"),
        EvictionCase(capacity: 3, uses: "a b c a b a d", kept: "a b d", dropped: "c"),
        EvictionCase(capacity: 3, uses: "a b c c b d", kept: "b c d", dropped: "a"),
        // After an eviction, hits go through the locked lookup first, then the recent ones.
        EvictionCase(capacity: 2, uses: "a b c b d", kept: "b d", dropped: "c"),
        EvictionCase(capacity: 2, uses: "é ß é 👍 é é ß", kept: "é ß", dropped: "👍"),
        EvictionCase(capacity: 2, uses: "e\u{301} \u{E9} e\u{301} x", kept: "e\u{301} x", dropped: "\u{E9}"),
    ]

    @Test("eviction follows the order of last use exactly", arguments: evictionCases)
    func evictionOrder(_ c: EvictionCase) throws {
        let cache = PatternCache(capacity: c.capacity)
        var last: [ExactKey: Pattern] = [:]
        for text in c.uses.split(separator: " ") {
            last[ExactKey(String(text))] = try cache.pattern(String(text))
        }
        #expect(cache.statistics.count == c.capacity)
        let misses = cache.statistics.misses
        for text in c.kept.split(separator: " ") {
            #expect(try cache.pattern(String(text)) === last[ExactKey(String(text))], "\(text) was dropped")
        }
        #expect(cache.statistics.misses == misses)
        #expect(try cache.pattern(c.dropped) !== last[ExactKey(c.dropped)])
        #expect(cache.statistics.misses == misses + 1)
    }

    /// Dictionary keys that keep canonically equivalent texts apart, as the cache does.
    struct ExactKey: Hashable {
        let bytes: [UInt8]
        init(_ text: String) { bytes = Array(text.utf8) }
    }

    @Test("broken patterns are errors every time, never patterns")
    func brokenPattern() throws {
        let cache = PatternCache(capacity: 4)
        for _ in 0..<3 {
            let error = try #require(throws: PatternError.self) { try cache.pattern("(ab") }
            #expect(error.kind == .compile)
        }
        #expect(cache.statistics.misses == 1)
        #expect(cache.statistics.hits == 2)
    }

    @Test("many concurrent tasks share one compiled pattern per key")
    func concurrent() async throws {
        let cache = PatternCache(capacity: 64)
        let sources = (0..<16).map { "(x\($0))+é" }
        let results = try await withThrowingTaskGroup(of: [ObjectIdentifier].self) { group in
            for task in 0..<8 {
                group.addTask {
                    try (0..<400).map { index in
                        let pattern = try cache.pattern(sources[(index + task) % sources.count])
                        #expect(try pattern.hasMatch(in: "x\((index + task) % sources.count)é"))
                        return ObjectIdentifier(pattern)
                    }
                }
            }
            return try await group.reduce(into: [[ObjectIdentifier]]()) { $0.append($1) }
        }
        #expect(Set(results.joined()).count == sources.count)
        #expect(cache.statistics.count == sources.count)
        #expect(cache.statistics.hits + cache.statistics.misses == 8 * 400)
        cache.removeAll()
        #expect(cache.statistics.count == 0)
    }
}

@Suite("PatternCache: keys")
struct PatternCacheKeyTests {
    @Test("canonically equivalent patterns are different keys")
    func canonicalEquivalence() throws {
        let cache = PatternCache(capacity: 8)
        let decomposed = try cache.pattern("e\u{301}")
        let precomposed = try cache.pattern("\u{E9}")
        #expect(decomposed !== precomposed)
        #expect(try precomposed.hasMatch(in: "caf\u{E9}"))
        #expect(try !decomposed.hasMatch(in: "caf\u{E9}"))
        #expect(try decomposed.hasMatch(in: "cafe\u{301}"))
    }
}
