#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// CPU time used by the calling thread (`CLOCK_THREAD_CPUTIME_ID`): what a method that runs on
/// one thread cost, whatever else the shared machine ran meanwhile (a wall clock also counts
/// the time the thread waited for a core).
enum ThreadCPUTime {
    static var now: Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }
}

/// The least thread CPU time each method took on each chunk of the data, as the stopwatch
/// keeps the least wall time.
final class LeastCPUTimes {
    private var least: [String: [Int: Duration]] = [:]

    /// Runs `body`, keeping its CPU time if it is the least seen for `name` on `chunk`.
    func measure<T>(_ name: String, chunk: Int, _ body: () throws -> T) rethrows -> T {
        let start = ThreadCPUTime.now
        let result = try body()
        let used = ThreadCPUTime.now - start
        least[name, default: [:]][chunk] = min(least[name]?[chunk] ?? used, used)
        return result
    }

    /// The sum over the chunks of `name`'s least CPU time, or nil if it was not measured.
    func total(_ name: String) -> Duration? {
        least[name].map { $0.values.reduce(.zero, +) }
    }
}
