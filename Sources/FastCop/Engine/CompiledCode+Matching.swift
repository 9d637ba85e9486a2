import CPCRE2

extension CompiledCode {
    /// Runs one match of this code on `subject`, starting at byte `start`.
    ///
    /// On success the offsets are in `scratch.ovector` (`captureCount + 1` pairs when
    /// `scratch` was reserved for them; PCRE2 fills as many as fit).
    ///
    /// An anchored match gets ``EngineLimits/match`` steps. An unanchored search first runs
    /// as one PCRE2 search in which each start position gets an equal share of
    /// ``EngineLimits/total`` (``EngineLimits/share(forSubjectOf:)``); if a position needs
    /// more, it escalates (``escalate(_:from:options:scratch:share:remaining:)``): PCRE2's own
    /// search under a clock, then, if the time runs out, the search in windows of start
    /// positions. A call that runs out of JIT stack is retried with a larger stack
    /// (``MatchScratch/growJITStack()``).
    ///
    /// - Parameters:
    ///   - validated: the caller guarantees `subject` is valid UTF-8 and `start` is on a
    ///     character boundary (true for every Swift `String`). Then PCRE2's UTF check is
    ///     skipped and the JIT entry point `pcre2_jit_match_8` is called directly. When false,
    ///     `pcre2_match_8` checks the bytes first and reports invalid UTF-8 with its offset.
    ///   - budget: the steps left to a search made of several calls (``forEachMatch(in:validated:_:)``);
    ///     nil gives this call a budget of its own.
    /// - Returns: true on a match, false on no match.
    /// - Throws: ``EngineFailure`` for limits, invalid UTF-8 and other match errors.
    @inline(__always)
    func run(
        _ subject: UnsafeBufferPointer<UInt8>, from start: Int = 0, options: UInt32 = 0,
        validated: Bool, scratch: MatchScratch, budget: UnsafeMutablePointer<UInt64>? = nil
    ) throws -> Bool {
        // One search with a pattern of LinearShape takes linear time whatever its limit.
        let share =
            budget == nil && linearBranches != nil
            ? limits.match : matchLimit(forSubjectOf: subject.count, options: options)
        scratch.apply(limits, matchLimit: share)
        // The call, and the two answers nearly every call gets, are all that is inlined into
        // the caller; anything else (a JIT stack to grow, a limit, an error) is `settle`'s.
        let status = call(subject, from: start, options: options, validated: validated, scratch: scratch)
        if status >= 0 { return true }
        if status == PCRE2_ERROR_NOMATCH { return false }
        return try settle(
            status, subject, from: start, options: options, validated: validated, scratch: scratch, budget: budget,
            share: share)
    }

    /// One `pcre2_jit_match_8` or `pcre2_match_8` call of ``run(_:from:options:validated:scratch:budget:)``
    /// under the limits `scratch` holds.
    @inline(__always)
    private func call(
        _ subject: UnsafeBufferPointer<UInt8>, from start: Int, options: UInt32, validated: Bool, scratch: MatchScratch
    ) -> Int32 {
        let base = subject.baseAddress ?? EmptySubject.pointer
        // PCRE2's JIT ignores PCRE2_ANCHORED given at match time (pcre2jit(3)); pcre2_match
        // runs such a call in the interpreter, as PCRE2's own global loop does.
        if isJIT && validated && options & EngineFlags.anchored == 0 {
            return pcre2_jit_match_8(code, base, subject.count, start, options, scratch.matchData, scratch.context)
        }
        return pcre2_match_8(
            code, base, subject.count, start, options | (validated ? EngineFlags.noUTFCheck : 0), scratch.matchData,
            scratch.context)
    }

    /// What a call of ``run(_:from:options:validated:scratch:budget:)`` that neither matched
    /// nor failed to match comes to: a call that ran out of JIT stack is made again with a
    /// larger one (``MatchScratch/growJITStack()``); a start position that needed more than its
    /// `share` escalates (``escalate(_:from:options:scratch:share:remaining:)``); anything else
    /// is the error.
    @inline(never)
    private func settle(
        _ status: Int32, _ subject: UnsafeBufferPointer<UInt8>, from start: Int, options: UInt32, validated: Bool,
        scratch: MatchScratch, budget: UnsafeMutablePointer<UInt64>?, share: UInt32
    ) throws -> Bool {
        var status = status
        while status == PCRE2_ERROR_JIT_STACKLIMIT && scratch.growJITStack() {
            status = call(subject, from: start, options: options, validated: validated, scratch: scratch)
        }
        if status >= 0 { return true }
        if status == PCRE2_ERROR_NOMATCH { return false }
        if steps(after: status, share: share) {
            // PCRE2 checked the UTF-8 of everything this search can look at before it started.
            guard let budget else {
                var remaining = limits.budget(forSubjectOf: subject.count)
                return try escalate(
                    subject, from: start, options: options, scratch: scratch, share: share, remaining: &remaining)
            }
            return try escalate(
                subject, from: start, options: options, scratch: scratch, share: share, remaining: &budget.pointee)
        }
        throw failure(status, scratch: scratch)
    }

    /// The rest of a search whose first pass (each start position limited to `share`) reached
    /// the limit, on the ``BudgetLadder``: for a pattern of ``LinearShape``, PCRE2's own search
    /// without a clock; else PCRE2's own search under a clock, which gives PCRE2's answer unless
    /// the time that `remaining` allows runs out; then, from the position reached, the search in
    /// windows with what is left of `remaining`.
    @inline(never)
    func escalate(
        _ subject: UnsafeBufferPointer<UInt8>, from start: Int, options: UInt32, scratch: MatchScratch,
        share: UInt32, remaining: inout UInt64
    ) throws -> Bool {
        var resume = start
        return try BudgetLadder.climb(
            linear: {
                try searchLinear(subject, from: start, options: options, scratch: scratch, remaining: &remaining)
            },
            watched: {
                guard
                    let (status, stoppedAt) = try watch(
                        subject, from: start, options: options, scratch: scratch, remaining: &remaining)
                else { return nil }
                if status >= 0 { return true }
                if status == PCRE2_ERROR_NOMATCH { return false }
                guard status == PCRE2_ERROR_CALLOUT else { throw failure(status, scratch: scratch) }
                resume = stoppedAt
                return nil
            },
            windows: {
                guard canStep else {
                    var exhausted = EngineFailure(stage: .match, code: PCRE2_ERROR_MATCHLIMIT, offset: nil)
                    exhausted.exhaustedAt = resume
                    throw exhausted
                }
                // PCRE2_NOTEMPTY_ATSTART speaks of the search's own start offset only.
                let resumeOptions = resume == start ? options : options & ~EngineFlags.notEmptyAtStart
                return try step(
                    subject, from: resume, options: resumeOptions, scratch: scratch, share: share,
                    remaining: &remaining)
            })
    }

    /// The match limit of one call over `count` bytes: the whole of ``EngineLimits/match`` for
    /// an anchored match (one start position), else each position's share of the total.
    @inline(__always)
    func matchLimit(forSubjectOf count: Int, options: UInt32 = 0) -> UInt32 {
        isAnchored || options & EngineFlags.anchored != 0 ? limits.match : limits.share(forSubjectOf: count)
    }

    /// Whether a call that ended with `status` under the match limit `share` escalates
    /// (``escalate(_:from:options:scratch:share:remaining:)``): a position needed more than
    /// its share, which was less than the whole match limit.
    @inline(__always)
    func steps(after status: Int32, share: UInt32) -> Bool {
        status == PCRE2_ERROR_MATCHLIMIT && share < limits.match
    }

    /// The ``EngineFailure`` for a negative `status` of `pcre2_match`.
    func failure(_ status: Int32, scratch: MatchScratch) -> EngineFailure {
        var failure = EngineFailure(stage: .match, code: status, offset: nil)
        if failure.isInvalidUTF8 || status == PCRE2_ERROR_BADUTFOFFSET {
            failure.offset = pcre2_get_startchar_8(scratch.matchData)
        }
        return failure
    }

    /// Finds the first match at or after `start` and returns its offsets: `2 * (captureCount + 1)`
    /// byte offsets, `-1` for groups that did not take part.
    func offsets(
        in subject: UnsafeBufferPointer<UInt8>, from start: Int = 0, options: UInt32 = 0,
        validated: Bool, budget: UnsafeMutablePointer<UInt64>? = nil
    ) throws -> [Int]? {
        let scratch = MatchScratch.current
        let pairs = captureCount + 1
        try scratch.reserve(pairs: pairs)
        guard
            try run(subject, from: start, options: options, validated: validated, scratch: scratch, budget: budget)
        else { return nil }
        let ovector = scratch.ovector
        let unset = cpcre2_unset()
        return (0..<(2 * pairs)).map { ovector[$0] == unset ? -1 : ovector[$0] }
    }

    /// Replaces matches with `pcre2_substitute_8`.
    ///
    /// - Parameters:
    ///   - replacement: a PCRE2-syntax replacement (already translated), or literal text when
    ///     `options` holds `PCRE2_SUBSTITUTE_LITERAL`.
    ///   - global: replace every match (`PCRE2_SUBSTITUTE_GLOBAL`) or only the first.
    ///   - literal: take `replacement` as it is (`PCRE2_SUBSTITUTE_LITERAL`).
    /// - Returns: the new text, or nil when nothing matched (the caller keeps the input).
    func substitute(
        _ subject: UnsafeBufferPointer<UInt8>, replacement: UnsafeBufferPointer<UInt8>,
        global: Bool, literal: Bool, validated: Bool
    ) throws -> String? {
        let scratch = MatchScratch.current
        let share = matchLimit(forSubjectOf: subject.count)
        scratch.apply(limits, matchLimit: share)
        var options =
            UInt32(PCRE2_SUBSTITUTE_OVERFLOW_LENGTH) | UInt32(PCRE2_SUBSTITUTE_UNSET_EMPTY)
        if global { options |= UInt32(PCRE2_SUBSTITUTE_GLOBAL) }
        if literal { options |= UInt32(PCRE2_SUBSTITUTE_LITERAL) }
        if validated { options |= EngineFlags.noUTFCheck }
        let base = subject.baseAddress ?? EmptySubject.pointer
        let replacementBase = replacement.baseAddress ?? EmptySubject.pointer
        // Where the substitution's search starts (`pcre2_substitute` copies what is before).
        var first = 0
        if linearBranches != nil && validated && subject.count >= CompiledCode.linearPresearchBytes {
            // A long subject and a pattern of LinearShape: one linear search finds the first
            // match, or that there is none (then the first pass, which would stop at the
            // first position over its share, is not needed at all).
            var once = UInt64.max
            guard try searchLinear(subject, from: 0, options: 0, scratch: scratch, remaining: &once) == true else {
                return nil
            }
            first = scratch.ovector[0]
            scratch.apply(limits, matchLimit: share)
        }

        // A position needed more than its share of the total: the rest on the BudgetLadder,
        // under one budget for the whole substitution.
        func stepping(_ status: Int32) -> Bool { steps(after: status, share: share) }
        func escalated() throws -> String? {
            var remaining = limits.budget(forSubjectOf: subject.count)
            return try BudgetLadder.climb(
                linear: {
                    // Match by match, each found by the linear search while the total pays for it.
                    guard linearBranches != nil else { return nil }
                    return .some(
                        try substituteByStepping(
                            subject, replacement: replacement, global: global, literal: literal, scratch: scratch,
                            remaining: remaining, from: first, linearFirst: true))
                },
                watched: {
                    try substituteWatched(
                        subject, replacement: replacement, options: options, scratch: scratch, remaining: &remaining)
                },
                windows: {
                    try substituteByStepping(
                        subject, replacement: replacement, global: global, literal: literal, scratch: scratch,
                        remaining: remaining)
                })
        }

        // Short results go to the thread's reusable buffer first, then into a String of their
        // exact size: no allocation when nothing matched, and no spare capacity kept by every
        // result (the estimate is half as large again as the subject).
        let (status, result) = SubstitutionOutput.run(
            capacity: subject.count + subject.count / 2 + 64,
            make: SubstitutionOutput.string(reusing: scratch.outputBuffer)
        ) { output, length in
            let size = length
            return scratch.retryingOnJITStack {
                length = size
                return pcre2_substitute_8(
                    code, base, subject.count, first, options, scratch.matchData, scratch.context,
                    replacementBase, replacement.count, output, &length)
            }
        }
        if status > 0, let result { return result }
        if status == 0 { return nil }
        if stepping(status) { return try escalated() }
        throw failure(status, scratch: scratch)
    }
}
