public import Foundation

extension Pattern.Options {
    /// The FastCop options for `NSRegularExpression` options, so that code written for
    /// `NSRegularExpression` (and SwiftFilter's `RegexReplaceFilter`) keeps its settings.
    ///
    /// | `NSRegularExpression.Options`  | `Pattern.Options`       | PCRE2                  |
    /// |--------------------------------|-------------------------|------------------------|
    /// | `.caseInsensitive`             | ``caseInsensitive``     | `PCRE2_CASELESS`       |
    /// | `.allowCommentsAndWhitespace`  | ``extended``            | `PCRE2_EXTENDED`       |
    /// | `.ignoreMetacharacters`        | ``literal``             | `PCRE2_LITERAL`        |
    /// | `.dotMatchesLineSeparators`    | ``dotMatchesNewlines``  | `PCRE2_DOTALL`         |
    /// | `.anchorsMatchLines`           | ``multiline``           | `PCRE2_MULTILINE`      |
    /// | `.useUnixLineSeparators`       | ``lineFeedOnly``        | `PCRE2_NEWLINE_LF`     |
    /// | `.useUnicodeWordBoundaries`    | nothing (see below)     |                        |
    ///
    /// `.useUnicodeWordBoundaries` asks ICU to place `\b` by the Unicode word-break rules
    /// (UAX #29), under which "don't" is one word. PCRE2 has no such mode; the option is
    /// accepted and changes nothing. FastCop's `\b` is already Unicode-aware in the other sense:
    /// with PCRE2's `PCRE2_UCP` (on by default) it falls between a Unicode letter, digit or
    /// underscore and anything else, so "café" is one word but "don't" is two.
    ///
    /// Differences that remain between ICU and PCRE2 with the same options: case-insensitive
    /// matching folds one character to one character (ICU also matches "ß" with "SS"), and ICU
    /// rejects some patterns PCRE2 accepts (the empty pattern among them).
    public init(_ options: NSRegularExpression.Options) {
        self = []
        if options.contains(.caseInsensitive) { insert(.caseInsensitive) }
        if options.contains(.allowCommentsAndWhitespace) { insert(.extended) }
        if options.contains(.ignoreMetacharacters) { insert(.literal) }
        if options.contains(.dotMatchesLineSeparators) { insert(.dotMatchesNewlines) }
        if options.contains(.anchorsMatchLines) { insert(.multiline) }
        if options.contains(.useUnixLineSeparators) { insert(.lineFeedOnly) }
    }
}
