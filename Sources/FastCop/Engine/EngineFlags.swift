import CPCRE2

/// PCRE2 option bits, re-exported as plain integers so that the layers above the engine can
/// describe options without importing C.
enum EngineFlags {
    // Compile options (`pcre2_compile`).
    static let caseless = UInt32(PCRE2_CASELESS)
    static let multiline = UInt32(PCRE2_MULTILINE)
    static let dotAll = UInt32(PCRE2_DOTALL)
    static let extended = UInt32(PCRE2_EXTENDED)
    static let ucp = UInt32(PCRE2_UCP)
    static let dollarEndOnly = UInt32(PCRE2_DOLLAR_ENDONLY)
    static let literal = UInt32(PCRE2_LITERAL)
    static let ungreedy = UInt32(PCRE2_UNGREEDY)
    static let noAutoCapture = UInt32(PCRE2_NO_AUTO_CAPTURE)
    static let dupNames = UInt32(PCRE2_DUPNAMES)
    static let utf = UInt32(PCRE2_UTF)
    /// Forbids `\C` (one code unit), which can end a match inside a UTF-8 sequence: its
    /// offsets would not be character boundaries, and the next search from there (with
    /// `PCRE2_NO_UTF_CHECK`) would be undefined behaviour.
    static let neverBackslashC = UInt32(PCRE2_NEVER_BACKSLASH_C)
    static let anchored = UInt32(PCRE2_ANCHORED)
    static let endAnchored = UInt32(PCRE2_ENDANCHORED)
    /// Lets `pcre2_set_offset_limit` confine a search's start positions.
    static let useOffsetLimit = UInt32(PCRE2_USE_OFFSET_LIMIT)

    // Match options (`pcre2_match`).
    static let noUTFCheck = UInt32(PCRE2_NO_UTF_CHECK)
    static let notEmptyAtStart = UInt32(PCRE2_NOTEMPTY_ATSTART)
    static let notBOL = UInt32(PCRE2_NOTBOL)
    static let notEOL = UInt32(PCRE2_NOTEOL)
}

/// Line-ending convention for `^`, `$` and `.`.
enum EngineNewline: Sendable, Hashable {
    /// LF only (PCRE2's build default).
    case lineFeed
    /// Any Unicode line ending: LF, VT, FF, CR, CRLF, NEL, LS, PS (as ICU does).
    case anyUnicode

    var pcre2Value: UInt32 {
        switch self {
        case .lineFeed: return UInt32(PCRE2_NEWLINE_LF)
        case .anyUnicode: return UInt32(PCRE2_NEWLINE_ANY)
        }
    }
}

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
    /// What a step of the total is worth in time, for a search that runs PCRE2's own search
    /// under a clock (``CompiledCode/watch(_:from:options:scratch:remaining:)``), with JIT:
    /// a little more than a backtracking step of PCRE2's JIT takes on the patterns that run
    /// away (3 to 14 ns measured), so half the default total of 10,000,000 steps allows 50 ms.
    static let nanosecondsPerStep: UInt64 = 10
    /// The same for PCRE2's interpreter, several times slower per step.
    static let nanosecondsPerInterpretedStep: UInt64 = 40

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
