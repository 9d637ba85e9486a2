/// One way of doing a section's task: a name and the work on a chunk of the data set (a range
/// of indices), which returns what the section compares across methods (a count of matches,
/// the replaced strings).
struct Method<Output> {
    let name: String
    let run: (Range<Int>) throws -> Output
}

/// One method's measured time for the whole data set.
struct Timing {
    let name: String
    /// The sum, over the chunks, of the method's fastest time on each chunk.
    var best: Duration = .zero
    /// How many items the data set holds.
    let items: Int
    /// How many rounds it was timed.
    var rounds = 0
    /// All its rounds added up.
    var total: Duration = .zero

    /// Throughput at the best time.
    var itemsPerSecond: Double { Double(items) / best.seconds }
    /// Best time per item, in nanoseconds.
    var nanosecondsPerItem: Double { best.seconds * 1e9 / Double(items) }
}

extension Duration {
    /// The duration in seconds, as a Double.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}

/// Raised when methods that must agree do not.
struct Disagreement: Error, CustomStringConvertible {
    let description: String
}

enum Stopwatch {
    /// Times every method on the whole data set, `arguments.rounds` times, in a way that lets
    /// noise from other processes hit all methods alike:
    ///
    /// - Each round walks the data in chunks of `arguments.chunk` items, and runs every method
    ///   on a chunk before moving to the next (the first method rotating with the round and
    ///   the chunk). A burst of noise then lands on one chunk of every method, not on one
    ///   method's whole round.
    /// - A method's time is the sum, over the chunks, of its fastest time on each chunk: the
    ///   least disturbed measurement of every part of the data.
    /// - A method whose rounds add up to more than `arguments.budget` seconds is not repeated
    ///   (it always completes one round). Methods filtered out by `--method` are left out.
    ///
    /// `check` sees every output (outside the timed region) and throws when it is wrong.
    static func bestOf<Output>(
        _ arguments: Arguments, items: Int, methods allMethods: [Method<Output>],
        check: (_ method: String, _ chunk: Int, _ range: Range<Int>, _ output: Output) throws -> Void
    ) throws -> [Timing] {
        let methods = allMethods.filter { method in
            arguments.methods.map { texts in texts.contains { method.name.contains($0) } } ?? true
        }
        let size = max(1, arguments.chunk)
        let chunks = stride(from: 0, to: items, by: size).map { $0..<min($0 + size, items) }
        var fastest = [[Duration?]](repeating: [Duration?](repeating: nil, count: chunks.count), count: methods.count)
        var timings = methods.map { Timing(name: $0.name, items: items) }
        let budget = Duration.milliseconds(Int(arguments.budget * 1000))
        let clock = ContinuousClock()
        for round in 0..<max(1, arguments.rounds) {
            let active = methods.indices.filter { timings[$0].rounds == 0 || timings[$0].total <= budget }
            if active.isEmpty { break }
            for (chunk, range) in chunks.enumerated() {
                for step in active.indices {
                    let index = active[(step + round + chunk) % active.count]
                    let start = clock.now
                    let output = try methods[index].run(range)
                    let elapsed = clock.now - start
                    try check(methods[index].name, chunk, range, output)
                    fastest[index][chunk] = min(fastest[index][chunk] ?? elapsed, elapsed)
                    timings[index].total += elapsed
                }
            }
            for index in active { timings[index].rounds += 1 }
        }
        for index in timings.indices {
            timings[index].best = fastest[index].reduce(.zero) { $0 + ($1 ?? .zero) }
        }
        return timings
    }
}

extension Stopwatch {
    /// ``bestOf(_:items:methods:check:)`` for methods that count matches: checks that every
    /// method counts the same on every chunk, and returns the timings with the total count.
    static func bestOfCounting(
        _ section: String, _ arguments: Arguments, items: Int, methods: [Method<Int>]
    ) throws -> (timings: [Timing], matched: Int) {
        var counts: [Int: Int] = [:]
        let timings = try bestOf(arguments, items: items, methods: methods) { name, chunk, range, count in
            if let first = counts[chunk], first != count {
                throw Disagreement(
                    description: "\(section): \(name) counted \(count) matches in strings \(range), others \(first)")
            }
            counts[chunk] = count
        }
        return (timings, counts.values.reduce(0, +))
    }
}
