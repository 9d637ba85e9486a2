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
