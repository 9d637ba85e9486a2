import Testing

@testable import FastCop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("PatternCache: per-thread recent lookups")
struct PatternCacheRecentLookupsTests {
    @Test("hits on other threads are counted, also after those threads end")
    func hitsOnEndedThreads() throws {
        let cache = PatternCache(capacity: 8)
        for _ in 0..<4 {
            runOnNewThread {
                for _ in 0..<10 { #expect((try? cache.pattern("a+é").hasMatch(in: "caé")) == true) }
            }
        }
        // One miss on the first thread; the others' first lookups are hits under the lock.
        #expect(cache.statistics.hits == 39)
        #expect(cache.statistics.misses == 1)
        // A new thread counter folds in those of the ended threads, and the total stays.
        _ = try cache.pattern("ß+")
        #expect(cache.threadCounterCount == 1)
        #expect(cache.statistics.hits == 39)
        #expect(cache.statistics.misses == 2)
    }

    @Test("a pattern text built anew (another string, the same bytes) is a hit")
    func sameBytesAnotherString() throws {
        let cache = PatternCache(capacity: 8)
        let parts = ["[a-zé]+", "@", "[a-z]+\\.(com|org)👍"]
        let first = try cache.pattern(parts.joined())
        for _ in 0..<5 {
            #expect(try cache.pattern(parts.joined()) === first)
        }
        #expect(cache.statistics.hits == 5)
        #expect(cache.statistics.misses == 1)
    }

    static let equivalentTexts: [(String, String)] = [
        ("\u{E9}", "e\u{301}"),
        ("\u{212B}", "\u{C5}"),
        ("caf\u{E9} au lait, na\u{EF}ve gar\u{E7}on", "cafe\u{301} au lait, nai\u{308}ve garc\u{327}on"),
        ("\u{1E9B}\u{323}", "\u{17F}\u{323}\u{307}"),
    ]

    @Test(
        "canonically equivalent texts never answer for each other", arguments: equivalentTexts)
    func canonicallyEquivalent(_ texts: (String, String)) throws {
        #expect(texts.0 == texts.1)  // Swift's String == calls them equal
        let cache = PatternCache(capacity: 8)
        let first = try cache.pattern(texts.0)
        let second = try cache.pattern(texts.1)
        #expect(first !== second)
        for _ in 0..<3 {
            #expect(try cache.pattern(texts.0) === first)
            #expect(try cache.pattern(texts.1) === second)
        }
        #expect(try first.hasWholeMatch(in: texts.0))
        #expect(try !first.hasWholeMatch(in: texts.1))
        #expect(cache.statistics.misses == 2)
        #expect(cache.statistics.hits == 6)
    }

    @Test("an entry remembered for one cache never answers for another")
    func separateCaches() throws {
        let one = PatternCache(capacity: 4)
        let other = PatternCache(capacity: 4)
        #expect(try one.pattern("x+ü") !== other.pattern("x+ü"))
        // Caches made one after the other may share an address; they share no entries.
        for _ in 0..<20 {
            let cache = PatternCache(capacity: 4)
            _ = try cache.pattern("x+ü")
            #expect(cache.statistics.misses == 1)
            #expect(cache.statistics.hits == 0)
        }
    }

    @Test("removeAll() resets the hits counted per thread and forgets the recent lookups")
    func removeAllResets() throws {
        let cache = PatternCache(capacity: 4)
        let first = try cache.pattern("ø+")
        for _ in 0..<3 { _ = try cache.pattern("ø+") }
        #expect(cache.statistics.hits == 3)
        cache.removeAll()
        #expect(cache.statistics == PatternCache.Statistics(hits: 0, misses: 0, evictions: 0, count: 0, capacity: 4))
        let second = try cache.pattern("ø+")
        #expect(second !== first)
        #expect(try cache.pattern("ø+") === second)
        #expect(cache.statistics.hits == 1)
        #expect(cache.statistics.misses == 1)
    }

    @Test("a thread keeps several recent patterns, and a change of options is another pattern")
    func severalRecent() throws {
        let cache = PatternCache(capacity: 16)
        let sources = (0..<6).map { "(ä\($0))+" }
        let patterns = try sources.map { try cache.pattern($0) }
        let whole = try cache.pattern(sources[0], wholeMatch: true)
        let caseless = try cache.pattern(sources[0], options: .caseInsensitive)
        let strict = try cache.pattern(sources[0], limits: .init(matchLimit: 10, depthLimit: 10, heapLimit: 10_000))
        #expect(Set([whole, caseless, strict, patterns[0]].map(ObjectIdentifier.init)).count == 4)
        for round in 0..<3 {
            for (source, pattern) in zip(sources, patterns).reversed() {
                #expect(try cache.pattern(source) === pattern, "round \(round)")
            }
        }
        #expect(try caseless.hasMatch(in: "Ä0"))
        #expect(try !patterns[0].hasMatch(in: "Ä0"))
        #expect(cache.statistics.misses == 9)
        #expect(cache.statistics.hits == 18)
    }

    @Test("concurrent lookups under constant eviction return the pattern asked for")
    func concurrentEviction() async throws {
        let cache = PatternCache(capacity: 3)
        let sources = (0..<12).map { "(é\($0))+ß" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for index in 0..<300 {
                        let which = (index * (task + 1) + index / 7) % sources.count
                        let pattern = try cache.pattern(sources[which])
                        #expect(pattern.source == sources[which])
                        #expect(try pattern.hasWholeMatch(in: "é\(which)é\(which)ß"))
                    }
                }
            }
            try await group.waitForAll()
        }
        let statistics = cache.statistics
        #expect(statistics.hits + statistics.misses == 4 * 300)
        #expect(statistics.evictions > 0)
        #expect(statistics.count <= 3)
    }
}

/// Runs `body` on a new thread and returns once that thread has ended (its per-thread
/// FastCop state released).
private func runOnNewThread(_ body: @escaping @Sendable () -> Void) {
    final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let context = Unmanaged.passRetained(Work(body)).toOpaque()
    #if canImport(Darwin)
        var thread: pthread_t?
    #else
        var thread = pthread_t()
    #endif
    let status = pthread_create(
        &thread, nil,
        { raw in
            let pointer: UnsafeMutableRawPointer? = raw
            if let pointer { Unmanaged<Work>.fromOpaque(pointer).takeRetainedValue().body() }
            return nil
        }, context)
    #expect(status == 0)
    guard status == 0 else {
        Unmanaged<Work>.fromOpaque(context).release()
        return
    }
    #if canImport(Darwin)
        if let thread { pthread_join(thread, nil) }
    #else
        pthread_join(thread, nil)
    #endif
}
