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
}
