import CPCRE2

extension CompiledCode {
    /// Re-runs an unanchored search one start position at a time, so that the search as a
    /// whole stays within ``EngineLimits/total`` steps.
    ///
    /// PCRE2 resets its match limit at every start position, so one call of `pcre2_match` may
    /// take (subject length) × (match limit) steps. ``run(_:from:options:validated:scratch:budget:)``
    /// first gives each position a share of the total; when one position needs more, it
    /// comes here. Each position is tried with the anchored form of the pattern, first with
    /// the same share (positions that need no more cost nothing against the total), then with
    /// sixteen times as many steps at a time, up to ``EngineLimits/match``, each grant charged
    /// against `remaining`. The positions are the ones PCRE2's own search would try, in the
    /// same order (character boundaries; CRLF as one unit when PCRE2 treats it so), so the
    /// first match found is the one PCRE2 would report.
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
        let anchored = try anchoredVariant
        let base = subject.baseAddress ?? EmptySubject.pointer
        let count = subject.count
        let carriageReturn = UInt8(ascii: "\r")
        let lineFeed = UInt8(ascii: "\n")
        var position = start
        while position <= count {
            // PCRE2_NOTEMPTY_ATSTART speaks of the search's own start offset only.
            let attemptOptions =
                (position == start ? options : options & ~EngineFlags.notEmptyAtStart) | EngineFlags.noUTFCheck
            var limit = share
            while true {
                scratch.apply(limits, matchLimit: limit)
                let status: Int32
                if anchored.isJIT {
                    status = pcre2_jit_match_8(
                        anchored.code, base, count, position, attemptOptions, scratch.matchData, scratch.context)
                } else {
                    status = pcre2_match_8(
                        anchored.code, base, count, position, attemptOptions, scratch.matchData, scratch.context)
                }
                if status >= 0 { return true }
                if status == PCRE2_ERROR_NOMATCH { break }
                guard status == PCRE2_ERROR_MATCHLIMIT, limit < limits.match else {
                    throw failure(status, scratch: scratch)
                }
                let grant = UInt64(limit) * 16 < UInt64(limits.match) ? limit * 16 : limits.match
                guard remaining >= UInt64(grant) else {
                    var exhausted = EngineFailure(stage: .match, code: PCRE2_ERROR_MATCHLIMIT, offset: nil)
                    exhausted.exhaustedAt = position
                    throw exhausted
                }
                remaining -= UInt64(grant)
                limit = grant
            }
            // The next start position: the next character, and past the LF of a CRLF.
            position += 1
            while position < count && base[position] & 0xC0 == 0x80 { position += 1 }
            if skipsCRLF && position < count && base[position - 1] == carriageReturn
                && base[position] == lineFeed
            {
                position += 1
            }
        }
        return false
    }
}

extension CompiledCode {
    /// `pcre2_substitute`'s job done match by match, for a subject on which one start
    /// position needed more than its share: each match is found by ``run(_:from:options:validated:scratch:budget:)``
    /// under one budget for the whole substitution, and its replacement is expanded by
    /// `pcre2_substitute` from the match just found (`PCRE2_SUBSTITUTE_MATCHED |
    /// PCRE2_SUBSTITUTE_REPLACEMENT_ONLY`). After an empty match the next search starts at the
    /// same place with `PCRE2_NOTEMPTY_ATSTART`, as ``forEachMatch(in:validated:_:)`` does.
    ///
    /// - Returns: the new text, or nil when nothing matched.
    @inline(never)
    func substituteByStepping(
        _ subject: UnsafeBufferPointer<UInt8>, replacement: UnsafeBufferPointer<UInt8>,
        global: Bool, literal: Bool, scratch: MatchScratch
    ) throws -> String? {
        var remaining = limits.total
        var output: [UInt8] = []
        var copied = 0
        var start = 0
        var options: UInt32 = 0
        var substitutions = 0
        let pairs = captureCount + 1
        scratch.reserve(pairs: pairs)
        while start <= subject.count {
            let found = try withUnsafeMutablePointer(to: &remaining) { budget in
                try run(subject, from: start, options: options, validated: true, scratch: scratch, budget: budget)
            }
            guard found else { break }
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
            options = upper == lower ? EngineFlags.notEmptyAtStart : 0
            start = max(upper, start)
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
        var capacity = max(64, replacement.count * 2)
        for _ in 0..<2 {
            var length = capacity
            var status: Int32 = 0
            let piece = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                status = pcre2_substitute_8(
                    code, base, subject.count, 0, options, scratch.matchData, scratch.context,
                    replacementBase, replacement.count, buffer.baseAddress, &length)
                initialized = status >= 0 ? length : 0
            }
            if status >= 0 {
                output.append(contentsOf: piece)
                return
            }
            guard status == PCRE2_ERROR_NOMEMORY else { throw failure(status, scratch: scratch) }
            capacity = length
        }
        throw EngineFailure(stage: .match, code: PCRE2_ERROR_NOMEMORY, offset: nil)
    }
}
