import CPCRE2

/// Resource limits for one match, in PCRE2's units, plus the whole-search budget FastCop
/// adds on top (see ``CompiledCode/run(_:from:options:validated:scratch:budget:)``).
struct EngineLimits: Sendable, Hashable {
    /// `pcre2_set_match_limit`: calls of the internal match function per start position (JIT
    /// honours it too).
    var match: UInt32
    /// `pcre2_set_depth_limit`: backtracking depth (interpreter only).
    var depth: UInt32
    /// `pcre2_set_heap_limit`: kibibytes of heap for backtracking frames (interpreter only).
    var heapKiB: UInt32
    /// Match steps one search may spend over all its start positions.
    var total: UInt64

    /// The fewest steps a start position is given in a search's first, unanchored pass.
    static let leastShare: UInt32 = 1000
    /// Steps per subject byte that a search's grants may add up to when that is more than
    /// ``total``: a long document whose many matches each need thousands of steps is still
    /// searched, and the work stays linear in the subject's length.
    static let budgetPerByte: UInt64 = 100
    /// What a step of the total is worth in the thread's CPU time, for a search that runs
    /// PCRE2's own search under a clock (``CompiledCode/watch(_:from:options:scratch:remaining:)``), with JIT:
    /// a little more than a backtracking step of PCRE2's JIT takes on the patterns that run
    /// away (3 to 14 ns measured), so half the default total of 10,000,000 steps allows 50 ms.
    static let nanosecondsPerStep: UInt64 = 10
    /// The same for PCRE2's interpreter, several times slower per step.
    static let nanosecondsPerInterpretedStep: UInt64 = 40
    /// How many times its CPU-time allowance a watched search may take on the monotonic clock
    /// (a thread that other work keeps off its core gets its CPU time, within reason).
    static let wallTimesCPU: UInt64 = 8

    /// The steps that the grants of one search over `count` bytes may add up to.
    func budget(forSubjectOf count: Int) -> UInt64 {
        max(total, UInt64(count).multipliedReportingOverflow(by: EngineLimits.budgetPerByte).partialValue)
    }

    /// The match limit for each start position of an unanchored search over `count` bytes:
    /// an equal share of ``total`` (rounded down to a power-of-two fraction, so no division
    /// is needed), at least ``leastShare``, at most ``match``.
    @inline(__always)
    func share(forSubjectOf count: Int) -> UInt32 {
        // count + 1 start positions <= 2^shift.
        let shift = UInt64(Int.bitWidth - count.leadingZeroBitCount)
        let share = total >> min(shift, 63)
        if share >= UInt64(match) { return match }
        return max(UInt32(truncatingIfNeeded: share), min(match, EngineLimits.leastShare))
    }
}
