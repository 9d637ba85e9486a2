extension Pattern {
    /// The byte range of the first match at or after byte `start` of `subject`, found without
    /// allocating: no `String`, no `Match`, no offsets array; the thread's scratch memory holds
    /// PCRE2's result. Meant for tools that search large buffers of raw bytes (the `fastcop
    /// match` command), calling it many times on one buffer.
    ///
    /// The whole of `subject` is the text: `^`, `\b` and lookbehinds see the bytes before
    /// `start`, and `$` and `\z` match at `subject`'s end, as when `pcre2_match` is given a
    /// start offset. The byte overloads of `firstMatch(in:)` run the same search but check the
    /// bytes on every call and return a ``ByteMatch`` with its groups.
    ///
    /// - Parameters:
    ///   - subject: the bytes to search.
    ///   - start: where the search starts, in `0...subject.count`.
    ///   - whole: use the whole-match form (compiled with `PCRE2_ANCHORED |
    ///     PCRE2_ENDANCHORED`, as `hasWholeMatch(in:)` does), which matches only all of
    ///     `subject` from `start`.
    ///   - validUTF8: the caller has checked that all of `subject` is valid UTF-8 and that
    ///     `start` is on a character boundary. PCRE2's check is then skipped
    ///     (`PCRE2_NO_UTF_CHECK`): pass true only when that holds, because PCRE2's behaviour on
    ///     invalid bytes it was told are valid is undefined. With false, PCRE2 checks the
    ///     bytes first (each call), and invalid UTF-8 is an error.
    /// - Returns: the range of the match as offsets in `subject` (not relative to `start`),
    ///   or nil when there is no match. A match that `\K` would end before its start is
    ///   returned as an empty range at its start.
    /// - Throws: ``PatternError`` of kind ``PatternError/Kind/invalidUTF8`` (with the offset)
    ///   when `validUTF8` is false and the bytes are not UTF-8, a limit error when the match
    ///   reaches one of the pattern's ``Limits``, and a match error for a `start` outside
    ///   `subject`.
    /// - Complexity: O(*n*) in the bytes after `start` for most patterns; bounded by
    ///   ``Limits`` for the rest.
    package func firstMatchRange(
        in subject: UnsafeBufferPointer<UInt8>, from start: Int = 0, whole: Bool = false, validUTF8: Bool
    ) throws -> Range<Int>? {
        try translatingErrors {
            try withCode(whole: whole) { code in
                try MatchScratch.withCurrent { scratch in
                    try ByteMatcher.firstMatchRange(
                        code, scratch, source, in: subject, from: start, validUTF8: validUTF8)
                }
            }
        }
    }
}

extension Pattern {
    /// Bytes of which every match of the search form contains at least one: PCRE2's required
    /// code unit, and its other case when it is an ASCII letter (PCRE2 does not say whether
    /// the unit came from a case-insensitive part of the pattern). Empty when PCRE2 records
    /// none, as for `x|y` or `ab*`.
    ///
    /// A line without any of these bytes cannot match, so a tool can skip it with `memchr`
    /// instead of running the pattern on it.
    ///
    /// - Throws: ``PatternError`` when the search form, compiled on first use, does not compile.
    package func requiredBytes() throws -> [UInt8] {
        guard let unit = try searchCode.requiredCodeUnit else { return [] }
        switch unit {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return [unit, unit - 0x20]
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return [unit, unit + 0x20]
        default: return [unit]
        }
    }
}
