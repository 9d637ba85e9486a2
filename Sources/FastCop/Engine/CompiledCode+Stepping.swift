import CPCRE2

extension CompiledCode {
    /// Re-runs an unanchored search in windows of start positions, so that the search as a
    /// whole stays within ``EngineLimits/total`` steps.
    ///
    /// PCRE2 resets its match limit at every start position, so one call of `pcre2_match` may
    /// take (subject length) × (match limit) steps. ``run(_:from:options:validated:scratch:budget:)``
    /// first gives each position a share of the total; when one position needs more, it
    /// comes here. The search goes on in windows of start positions (the form of the pattern
    /// compiled with `PCRE2_USE_OFFSET_LIMIT`, `pcre2_set_offset_limit`), each position still
    /// limited to its share; windows double while they pass, and a window that reaches the
    /// limit is halved until it holds the one position that needs more. That position is
    /// granted four times as many steps at a time (so what it is charged is at most about five times what it used), up to ``EngineLimits/match``, each grant
    /// charged against `remaining`; then the windows start small again after it.
    ///
    /// Every window is searched by PCRE2 itself from a position that its own search would try
    /// (a character boundary; not the LF of a CRLF when PCRE2 moves over CRLF as one unit), and
    /// windows are searched left to right, so the first match found is the one PCRE2 would
    /// report. Each position's share is spent at most a few times (once per halving of the
    /// window that holds it, which shrinks geometrically), so the work stays within a small
    /// multiple of the first pass plus the grants.
    ///
    /// - Precondition: the UTF-8 of `subject` from `start` on has been checked, and
    ///   ``canStep`` is true.
    /// - Throws: a match-limit ``EngineFailure`` when one position needs more than
    ///   ``EngineLimits/match`` steps, or when `remaining` cannot pay for the next grant
    ///   (then with ``EngineFailure/exhaustedAt`` set).
    @inline(never)
    func step(
        _ subject: UnsafeBufferPointer<UInt8>, from start: Int, options: UInt32, scratch: MatchScratch,
        share: UInt32, remaining: inout UInt64
    ) throws -> Bool {
        let windowed = try windowedVariant
        let base = subject.baseAddress ?? EmptySubject.pointer
        let count = subject.count
        defer { pcre2_set_offset_limit_8(scratch.context, cpcre2_unset()) }

        /// Searches start positions `first...last` (byte offsets) with `limit` steps each.
        func search(from first: Int, through last: Int, limit: UInt32) -> Int32 {
            scratch.apply(limits, matchLimit: limit)
            pcre2_set_offset_limit_8(scratch.context, last)
            // PCRE2_NOTEMPTY_ATSTART speaks of the search's own start offset only.
            let attemptOptions =
                (first == start ? options : options & ~EngineFlags.notEmptyAtStart) | EngineFlags.noUTFCheck
            if windowed.isJIT {
                return pcre2_jit_match_8(
                    windowed.code, base, count, first, attemptOptions, scratch.matchData, scratch.context)
            }
            return pcre2_match_8(
                windowed.code, base, count, first, attemptOptions, scratch.matchData, scratch.context)
        }

        /// The first position PCRE2's search would try after every position up to `last`.
        func position(after last: Int) -> Int {
            var next = last + 1
            while next < count && base[next] & 0xC0 == 0x80 { next += 1 }
            if skipsCRLF && next < count && base[next - 1] == UInt8(ascii: "\r") && base[next] == UInt8(ascii: "\n") {
                next += 1
            }
            return next
        }

        let smallestWindow = 64
        var first = start
        var width = smallestWindow
        while first <= count {
            let last = min(count, first + width - 1)
            let status = search(from: first, through: last, limit: share)
            if status >= 0 { return true }
            if status == PCRE2_ERROR_NOMATCH {
                first = position(after: last)
                width = min(width * 2, count + 1)
                continue
            }
            guard status == PCRE2_ERROR_MATCHLIMIT else { throw failure(status, scratch: scratch) }
            if last > first {
                // Some position in the window needs more than its share: look in the first half.
                width = (last - first + 1) / 2
                continue
            }
            // `first` alone needs more: grant it more steps, charged against the total.
            var limit = share
            while true {
                let grant = UInt64(limit) * 4 < UInt64(limits.match) ? limit * 4 : limits.match
                guard limit < limits.match else { throw failure(PCRE2_ERROR_MATCHLIMIT, scratch: scratch) }
                guard remaining >= UInt64(grant) else {
                    var exhausted = EngineFailure(stage: .match, code: PCRE2_ERROR_MATCHLIMIT, offset: nil)
                    exhausted.exhaustedAt = first
                    throw exhausted
                }
                remaining -= UInt64(grant)
                limit = grant
                let status = search(from: first, through: first, limit: limit)
                if status >= 0 { return true }
                if status == PCRE2_ERROR_NOMATCH { break }
                guard status == PCRE2_ERROR_MATCHLIMIT else { throw failure(status, scratch: scratch) }
            }
            first = position(after: first)
            width = smallestWindow
        }
        return false
    }
}

extension CompiledCode {
    /// `pcre2_substitute`'s job done match by match, for a subject on which one start
    /// position needed more than its share: each match is found by ``run(_:from:options:validated:scratch:budget:)``
    /// under one budget for the whole substitution (`remaining` steps), and its replacement is expanded by
    /// `pcre2_substitute` from the match just found (`PCRE2_SUBSTITUTE_MATCHED |
    /// PCRE2_SUBSTITUTE_REPLACEMENT_ONLY`). The searches follow PCRE2's global loop
    /// (``GlobalLoop``), as ``forEachMatch(in:validated:_:)`` does.
    /// The search starts at `first` (no match starts before it); the text before is copied.
    /// With `linearFirst`, each match is first sought by ``searchLinear(_:from:options:scratch:remaining:)``
    /// (a pattern of ``LinearShape``: no first pass that would reach its share again).
    ///
    /// - Returns: the new text, or nil when nothing matched.
    @inline(never)
    func substituteByStepping(
        _ subject: UnsafeBufferPointer<UInt8>, replacement: UnsafeBufferPointer<UInt8>,
        global: Bool, literal: Bool, scratch: MatchScratch, remaining: UInt64, from first: Int = 0,
        linearFirst: Bool = false
    ) throws -> String? {
        var remaining = remaining
        var output: [UInt8] = []
        var copied = 0
        var loop = GlobalLoop(self, from: first)
        var substitutions = 0
        let pairs = captureCount + 1
        try scratch.reserve(pairs: pairs)
        while !loop.isDone {
            let found = try withUnsafeMutablePointer(to: &remaining) { budget in
                if linearFirst,
                    let found = try searchLinear(
                        subject, from: loop.start, options: loop.options, scratch: scratch, remaining: &budget.pointee)
                {
                    return found
                }
                return try run(
                    subject, from: loop.start, options: loop.options, validated: true, scratch: scratch, budget: budget)
            }
            guard found else {
                loop.missed(in: subject)
                continue
            }
            let (lower, upper) = (scratch.ovector[0], scratch.ovector[1])
            if lower > copied { output.append(contentsOf: subject[copied..<lower]) }
            if literal {
                output.append(contentsOf: replacement)
            } else {
                try expand(subject, replacement: replacement, scratch: scratch, into: &output)
            }
            copied = max(copied, upper)
            substitutions += 1
            if !global { break }
            loop.matched(lower, upper, count: subject.count)
        }
        guard substitutions > 0 else { return nil }
        if copied < subject.count { output.append(contentsOf: subject[copied...]) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the expansion of `replacement` for the match in `scratch` to `output`.
    private func expand(
        _ subject: UnsafeBufferPointer<UInt8>, replacement: UnsafeBufferPointer<UInt8>, scratch: MatchScratch,
        into output: inout [UInt8]
    ) throws {
        let options =
            UInt32(PCRE2_SUBSTITUTE_MATCHED) | UInt32(PCRE2_SUBSTITUTE_REPLACEMENT_ONLY)
            | UInt32(PCRE2_SUBSTITUTE_OVERFLOW_LENGTH) | UInt32(PCRE2_SUBSTITUTE_UNSET_EMPTY)
            | EngineFlags.noUTFCheck
        let base = subject.baseAddress ?? EmptySubject.pointer
        let replacementBase = replacement.baseAddress ?? EmptySubject.pointer
        let (status, piece) = SubstitutionOutput.run(
            capacity: max(64, replacement.count * 2),
            make: { capacity, fill in [UInt8](unsafeUninitializedCapacity: capacity) { $1 = fill($0) } },
            substitute: { buffer, length in
                pcre2_substitute_8(
                    code, base, subject.count, 0, options, scratch.matchData, scratch.context,
                    replacementBase, replacement.count, buffer, &length)
            })
        guard status >= 0, let piece else { throw failure(status, scratch: scratch) }
        output.append(contentsOf: piece)
    }
}
