import CPCRE2

/// The clocks of one watched search (`cpcre2_watch`, read and written by the callout
/// `cpcre2_watch_callout` in the CPCRE2 shim): the search may spend `allowance` nanoseconds of
/// its thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), and at most ``EngineLimits/wallTimesCPU``
/// times that on the monotonic clock.
///
/// CPU time rather than the clock on the wall: on a machine whose cores other work holds, a
/// thread waits for its core, and a search under a wall-clock deadline ended with a limit
/// error there that it answered on an idle machine. The callout reads the coarse monotonic
/// clock (a few nanoseconds) and reads the CPU time (a system call) only once the coarse clock
/// says the allowance may be spent, then waits again for as long as the CPU time still allows.
struct SearchWatch {
    /// What the callout reads and writes.
    var state: cpcre2_watch
    /// The thread's CPU time when the watch started.
    let cpuStart: UInt64

    /// A watch that starts now, for `allowance` nanoseconds of CPU time (nil: no limit).
    init(allowance: UInt64?, calloutPosition: Int) {
        let wall = cpcre2_coarse_nanoseconds()
        let cpu = cpcre2_thread_cpu_nanoseconds()
        guard let allowance else {
            self.init(
                deadline: .max, cpuDeadline: .max, wallLimit: .max, calloutPosition: calloutPosition, cpuStart: cpu)
            return
        }
        let (limit, overflow) = allowance.multipliedReportingOverflow(by: EngineLimits.wallTimesCPU)
        self.init(
            deadline: wall &+ allowance, cpuDeadline: cpu &+ allowance,
            wallLimit: overflow ? .max : wall &+ limit, calloutPosition: calloutPosition, cpuStart: cpu)
    }

    /// A watch with the given deadlines: `deadline` and `wallLimit` on the coarse monotonic
    /// clock, `cpuDeadline` on the thread's CPU clock (nanoseconds), started at `cpuStart`.
    init(deadline: UInt64, cpuDeadline: UInt64, wallLimit: UInt64, calloutPosition: Int, cpuStart: UInt64 = 0) {
        self.cpuStart = cpuStart
        state = cpcre2_watch(
            deadline: deadline, cpu_deadline: cpuDeadline, wall_limit: wallLimit,
            callout_position: calloutPosition, stopped_at: 0, countdown: 1, stopped: 0)
    }

    /// Where the search stopped when its time ran out; nil when it did not.
    var stoppedAt: Int? { state.stopped != 0 ? state.stopped_at : nil }

    /// The thread's CPU time since the watch started, in nanoseconds.
    var cpuSpent: UInt64 { cpcre2_thread_cpu_nanoseconds() &- cpuStart }

    /// The thread's CPU time in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`).
    static var threadCPUTime: UInt64 { cpcre2_thread_cpu_nanoseconds() }

    /// The coarse monotonic clock in nanoseconds (`CLOCK_MONOTONIC_COARSE`).
    static var coarseTime: UInt64 { cpcre2_coarse_nanoseconds() }

    /// What the callout answers at a failed start position `position`, called from the
    /// callout at `patternPosition` (the watch's own by default): 0 to go on,
    /// `PCRE2_ERROR_CALLOUT` to stop there. For tests of the rules; a search's callouts come
    /// from PCRE2.
    mutating func calloutAnswer(at position: Int, patternPosition: Int? = nil) -> Int32 {
        var block = pcre2_callout_block_8()
        block.pattern_position = patternPosition ?? state.callout_position
        block.start_match = position
        return withUnsafeMutablePointer(to: &state) { state in
            cpcre2_watch_callout(&block, state)
        }
    }
}
