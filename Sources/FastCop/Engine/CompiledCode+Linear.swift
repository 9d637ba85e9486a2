import CPCRE2

extension CompiledCode {
    /// Subjects at least this long are searched once by ``searchLinear(_:from:options:scratch:remaining:)``
    /// before a substitution with a pattern of ``LinearShape`` (one more call costs nothing
    /// next to the subject; on short subjects it would).
    static let linearPresearchBytes = 4096

    /// PCRE2's own search with the full ``EngineLimits/match`` at every start position and no
    /// clock, for a JIT pattern of ``LinearShape`` (``linearBranches``): its time is linear in
    /// the subject, so it needs no watching, and it gives exactly PCRE2's answer at PCRE2's
    /// speed (the watched search costs several times that where PCRE2 spends a nanosecond or
    /// two per start position, as on `[ \t]+$` over a long run of blanks).
    ///
    /// The search is charged one step per subject byte from `start` per branch against
    /// `remaining`, so a search made of many calls (``forEachMatch(in:validated:_:)``, a
    /// substitution match by match), which may start over in the same run of blanks each time,
    /// still stays within its total. `remaining` must hold that much before the search starts.
    ///
    /// A pattern of one branch that matched is charged twice the bytes from `start` to the
    /// match's end instead (if that is less): the one attempt that scans a run of its repeat
    /// ends in that run, and the run's part past the match's end holds no other end of a
    /// match (the tail's items depend only on the position, and the greedy repeat gave back
    /// from the run's end), so the next call, which starts at the match's end, scans that part
    /// once more and then finds its match only beyond it: every byte is paid for by the call
    /// that scans it or by the one before. So a document's many short matches (`[^\S\n]+$` on
    /// every line) cost the bytes they cover, not the rest of the document each. With two or
    /// more branches this does not hold (`\s+x|\s` scans a run of blanks in its first branch
    /// and matches one blank in its second, call after call).
    ///
    /// - Returns: true on a match, false on no match; nil when the pattern is not of the shape
    ///   or `remaining` cannot pay for the search (then the caller watches it).
    /// - Throws: PCRE2's error, such as a match limit at a position that needs more than
    ///   ``EngineLimits/match`` steps (as PCRE2 alone does).
    func searchLinear(
        _ subject: UnsafeBufferPointer<UInt8>, from start: Int, options: UInt32, scratch: MatchScratch,
        remaining: inout UInt64
    ) throws -> Bool? {
        // An anchored attempt (GlobalLoop's retry) is one start position: `run`'s to make.
        guard let branches = linearBranches, options & EngineFlags.anchored == 0 else { return nil }
        let cost = UInt64(subject.count - start + 1) * UInt64(branches)
        guard remaining >= cost else { return nil }
        remaining -= cost
        scratch.apply(limits, matchLimit: limits.match)
        let base = subject.baseAddress ?? EmptySubject.pointer
        let status = scratch.retryingOnJITStack {
            pcre2_jit_match_8(code, base, subject.count, start, options, scratch.matchData, scratch.context)
        }
        if status >= 0 {
            if branches == 1 {
                let covered = UInt64(scratch.ovector[1] - start + 1) * 2
                if covered < cost { remaining += cost - covered }
            }
            return true
        }
        if status == PCRE2_ERROR_NOMATCH { return false }
        throw failure(status, scratch: scratch)
    }
}
