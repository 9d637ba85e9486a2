/// ``Pattern/firstMatchRange(in:from:whole:validUTF8:)`` for many calls in a row on one thread:
/// the pattern's compiled form and the thread's scratch memory (`MatchScratch`) are looked up
/// once, when the matcher is made, instead of at every call. The line search makes one for
/// each stretch of lines it scans and calls it once per candidate line: the two look-ups (a
/// shared slot's load, a thread-local read through `pthread_getspecific`) and their closures
/// were about 5% of the instructions of an anchored e-mail search on a million lines.
///
/// Thread-bound: use a matcher only on the thread that made it (the scratch is that thread's),
/// and only while its pattern is alive. The matches are exactly those of
/// ``Pattern/firstMatchRange(in:from:whole:validUTF8:)``, with the same limits and errors.
package struct ByteMatcher {
    private let code: CompiledCode
    private let scratch: MatchScratch
    private let source: String

    /// A matcher of the search form of `pattern` (or of its whole-match form with `whole`).
    ///
    /// - Throws: ``PatternError`` when that form, compiled on first use, does not compile.
    package init(_ pattern: Pattern, whole: Bool = false) throws {
        code = try pattern.translatingErrors { try pattern.withCode(whole: whole) { $0 } }
        source = pattern.source
        scratch = MatchScratch.current
    }

    /// The byte range of the first match at or after byte `start` of `subject`; see
    /// ``Pattern/firstMatchRange(in:from:whole:validUTF8:)``.
    @inline(__always)
    package func firstMatchRange(
        in subject: UnsafeBufferPointer<UInt8>, from start: Int = 0, validUTF8: Bool
    ) throws -> Range<Int>? {
        try Self.firstMatchRange(code, scratch, source, in: subject, from: start, validUTF8: validUTF8)
    }

    /// One match of `code` with `scratch`, errors named after `source`: the body of both
    /// ``firstMatchRange(in:from:validUTF8:)`` and the pattern's own.
    @inline(__always)
    static func firstMatchRange(
        _ code: CompiledCode, _ scratch: MatchScratch, _ source: String,
        in subject: UnsafeBufferPointer<UInt8>, from start: Int, validUTF8: Bool
    ) throws -> Range<Int>? {
        // PCRE2's JIT fast path does not check the start offset: an offset outside the subject
        // goes through `pcre2_match`, which reports it (PCRE2_ERROR_BADOFFSET).
        let validated = validUTF8 && start >= 0 && start <= subject.count
        do {
            guard try code.run(subject, from: start, validated: validated, scratch: scratch) else { return nil }
        } catch let failure as EngineFailure {
            throw PatternError(failure, pattern: source)
        }
        let ovector = scratch.ovector
        let lower = ovector[0]
        return lower..<max(lower, ovector[1])
    }
}
