#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// CPU time used by the calling thread (`CLOCK_THREAD_CPUTIME_ID`): what a method that runs on
/// one thread cost, whatever else the shared machine ran meanwhile (a wall clock also counts
/// the time the thread waited for a core).
///
/// The process's CPU time (`CLOCK_PROCESS_CPUTIME_ID`) is the same for work spread over
/// threads: all of them added up, so a parallel method's CPU time against a one-thread loop's
/// shows what running in parallel costs beyond the work itself (contended cache lines, idle
/// spinning), however many cores the machine could give at the time.
enum ThreadCPUTime {
    static var now: Duration { read(CLOCK_THREAD_CPUTIME_ID) }

    static var process: Duration { read(CLOCK_PROCESS_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> Duration {
        var time = timespec()
        clock_gettime(clock, &time)
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }
}

/// The least CPU time (of the thread, or of the whole process) each method took on each chunk of the data, as the stopwatch
/// keeps the least wall time.
final class LeastCPUTimes {
    private var least: [String: [Int: Duration]] = [:]

    /// Runs `body`, keeping its CPU time (the process's when `wholeProcess`) if it is the least seen for `name` on `chunk`.
    func measure<T>(_ name: String, chunk: Int, wholeProcess: Bool, _ body: () throws -> T) rethrows -> T {
        let start = wholeProcess ? ThreadCPUTime.process : ThreadCPUTime.now
        let result = try body()
        let used = (wholeProcess ? ThreadCPUTime.process : ThreadCPUTime.now) - start
        least[name, default: [:]][chunk] = min(least[name]?[chunk] ?? used, used)
        return result
    }

    /// The sum over the chunks of `name`'s least CPU time, or nil if it was not measured.
    func total(_ name: String) -> Duration? {
        least[name].map { $0.values.reduce(.zero, +) }
    }
}
