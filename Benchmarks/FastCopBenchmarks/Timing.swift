/// One way of doing a section's task: a name and the work, which returns what the section
/// compares across methods (a count of matches, the replaced strings).
struct Method<Output> {
    let name: String
    let run: () throws -> Output
}

/// The best time of one method over all rounds.
struct Timing {
    let name: String
    /// The fastest round.
    var best: Duration
    /// How many items one round processed.
    let items: Int
    /// How many rounds it was timed.
    var rounds = 0
    /// All its rounds added up.
    var total: Duration = .zero

    /// Best-round throughput.
    var itemsPerSecond: Double { Double(items) / best.seconds }
    /// Best-round time per item, in nanoseconds.
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
    /// Runs every method `rounds` times, interleaved (round 1 of each method, then round 2 of
    /// each, the starting method rotating), and keeps each method's best round. Noise from
    /// other processes then hits all methods alike, and the best round is the one least
    /// disturbed.
    ///
    /// A method whose rounds add up to more than `arguments.budget` seconds is not repeated
    /// (a slow baseline's single long round averages the noise out anyway); methods filtered
    /// out by `--method` are left out of the result.
    ///
    /// `check` sees every method's output of every round (outside the timed region) and
    /// throws when it is wrong.
    static func bestOf<Output>(
        _ arguments: Arguments, items: Int, methods allMethods: [Method<Output>],
        check: (_ method: String, _ output: Output) throws -> Void
    ) throws -> [Timing] {
        let methods = allMethods.filter { method in
            arguments.methods.map { texts in texts.contains { method.name.contains($0) } } ?? true
        }
        var timings = methods.map { Timing(name: $0.name, best: .seconds(1_000_000), items: items) }
        let budget = Duration.milliseconds(Int(arguments.budget * 1000))
        let clock = ContinuousClock()
        for round in 0..<max(1, arguments.rounds) {
            for step in 0..<methods.count {
                let index = (step + round) % methods.count
                if timings[index].rounds > 0 && timings[index].total > budget { continue }
                let start = clock.now
                let output = try methods[index].run()
                let elapsed = clock.now - start
                try check(methods[index].name, output)
                timings[index].best = min(timings[index].best, elapsed)
                timings[index].rounds += 1
                timings[index].total += elapsed
            }
        }
        return timings
    }
}
