import Foundation

/// A difference between FastCop and `NSRegularExpression` that is intended: a pattern (with its
/// options), the inputs where the answers differ, and why. `inputs == nil` means the answers may
/// differ on any input (at least one must). Inputs are compared by their UTF-8 bytes, not with
/// `==` (which would take "café" and "cafe\u{301}" for the same string).
/// docs/differences-from-NSRegularExpression.md lists the same entries under the same reasons.
struct IntendedDifference: Sendable {
    var pattern: String
    var options: NSRegularExpression.Options = []
    var inputs: Set<String>?
    var reason: Reason

    /// Why the engines differ; each case is a section of the document.
    enum Reason: String, Sendable {
        case wordCharacters =
            "1. \\w is PCRE2's: letters, numbers and underscore; ICU's \\w also takes combining marks (\\p{M}) and ZWJ/ZWNJ"
        case wordBoundaryFormatCharacters =
            "2. ICU's \\b and \\B skip format characters (Cf, such as U+200B) and combining marks; PCRE2's do not"
        case fullCaseFolding =
            "3. case-insensitive matching folds one character to one (simple folding); ICU also folds ß to ss, ﬀ to ff"
        case caseInsensitiveProperties =
            "4. case-insensitive matching does not widen \\p{…}: \\p{Lu} matches only upper-case letters"
        case emptyMatchInCRLF =
            "5. no empty match is reported between the CR and the LF of a CRLF (one newline)"
        case dotMatchesCRLF =
            "6. with .dotMatchesLineSeparators, ICU's '.' takes a whole CRLF; PCRE2's takes CR, then LF"
        case emptyThenNonEmpty =
            "7. after an empty match FastCop tries the same place for a non-empty one (Perl's rule); ICU moves on"
        case graphemeClusters = "8. PCRE2 10.42's \\X keeps consecutive emoji together (😀😀 is one cluster)"
        case icuOnlySyntax =
            "9. ICU-only escapes (\\uhhhh, \\N{name}, \\p{Is_…}) are compile errors: write \\x{hhhh}, \\p{Greek}"
        case setOperations =
            "10. ICU's class set operations (&& and --) are not PCRE2 10.42 syntax: a compile error, or another meaning"
        case emptyPattern = "11. the empty pattern compiles (it matches the empty string); ICU rejects it"
        case backslashC =
            "12. \\C is a compile error (it could split a UTF-8 sequence); ICU reads it as the letter C"
        case globalLoopG =
            "13. after an empty match that cannot be followed by a non-empty one, PCRE2's loop searches on one character further, where \\G holds again; ICU's \\G stops"
    }

    static let decomposed: Set<String> = ["cafe\u{301}", "e\u{301}\u{302}", "\u{301}"]
    static let family: Set<String> = ["👨\u{200D}👩\u{200D}👧"]
    static let zeroWidthSpace: Set<String> = ["a\u{200B}b"]
    static let crlf: Set<String> = ["a\r\nb", "a\r\n", "\r\n", "b\r\n"]

    static let all: [IntendedDifference] = [
        IntendedDifference(pattern: #"\w+"#, inputs: decomposed.union(family), reason: .wordCharacters),
        IntendedDifference(pattern: #"\W+"#, inputs: decomposed.union(family), reason: .wordCharacters),
        IntendedDifference(pattern: #"\w+(?!\w)"#, inputs: decomposed.union(family), reason: .wordCharacters),
        IntendedDifference(pattern: #"(?<=^|\s)\w"#, inputs: ["\u{301}"], reason: .wordCharacters),
        IntendedDifference(pattern: "[[:word:]]+", inputs: decomposed.union(family), reason: .wordCharacters),
        IntendedDifference(
            pattern: #"^\w+$"#, options: .anchorsMatchLines, inputs: decomposed, reason: .wordCharacters),
        IntendedDifference(
            pattern: #"\w\b"#, inputs: decomposed.union(zeroWidthSpace).subtracting(["\u{301}"]),
            reason: .wordBoundaryFormatCharacters),
        IntendedDifference(pattern: #"\b\w"#, inputs: zeroWidthSpace, reason: .wordBoundaryFormatCharacters),
        IntendedDifference(
            pattern: #"\B."#, inputs: decomposed.union(zeroWidthSpace).subtracting(["\u{301}"]),
            reason: .wordBoundaryFormatCharacters),
        IntendedDifference(pattern: "straße", options: .caseInsensitive, inputs: ["STRASSE"], reason: .fullCaseFolding),
        IntendedDifference(pattern: "STRASSE", options: .caseInsensitive, inputs: ["straße"], reason: .fullCaseFolding),
        IntendedDifference(
            pattern: "ß", options: .caseInsensitive, inputs: ["STRASSE", "ss"], reason: .fullCaseFolding),
        IntendedDifference(
            pattern: "ss", options: .caseInsensitive, inputs: ["straße", "ß", "ẞ"], reason: .fullCaseFolding),
        IntendedDifference(pattern: "ﬀ", options: .caseInsensitive, inputs: ["ff"], reason: .fullCaseFolding),
        IntendedDifference(pattern: #"\p{Lu}"#, options: .caseInsensitive, reason: .caseInsensitiveProperties),
        IntendedDifference(pattern: "a*", inputs: crlf, reason: .emptyMatchInCRLF),
        IntendedDifference(pattern: "a?", inputs: crlf, reason: .emptyMatchInCRLF),
        IntendedDifference(pattern: "a*+", inputs: crlf, reason: .emptyMatchInCRLF),
        IntendedDifference(pattern: "x*", inputs: crlf, reason: .emptyMatchInCRLF),
        IntendedDifference(pattern: ".?", inputs: crlf, reason: .emptyMatchInCRLF),
        IntendedDifference(pattern: "a|", inputs: crlf, reason: .emptyMatchInCRLF),
        IntendedDifference(pattern: "(?!a)", inputs: crlf, reason: .emptyMatchInCRLF),
        IntendedDifference(
            pattern: "a.b", options: .dotMatchesLineSeparators, inputs: ["a\r\nb"], reason: .dotMatchesCRLF),
        IntendedDifference(pattern: ".", options: .dotMatchesLineSeparators, inputs: crlf, reason: .dotMatchesCRLF),
        IntendedDifference(pattern: "a*?", reason: .emptyThenNonEmpty),
        IntendedDifference(pattern: "a??", reason: .emptyThenNonEmpty),
        IntendedDifference(pattern: "|a", reason: .emptyThenNonEmpty),
        IntendedDifference(pattern: #"\G"#, reason: .globalLoopG),
        IntendedDifference(pattern: #"\X"#, inputs: ["😀😀"], reason: .graphemeClusters),
        IntendedDifference(pattern: #"\u00e9"#, reason: .icuOnlySyntax),
        IntendedDifference(pattern: #"\N{LATIN SMALL LETTER E WITH ACUTE}"#, reason: .icuOnlySyntax),
        IntendedDifference(pattern: #"\p{Is_Greek}"#, reason: .icuOnlySyntax),
        IntendedDifference(pattern: "[a-z&&[^c]]", reason: .setOperations),
        IntendedDifference(pattern: #"[\p{L}--[a-z]]"#, reason: .setOperations),
        IntendedDifference(pattern: #"[\w--\d]+"#, reason: .setOperations),
        IntendedDifference(pattern: "", reason: .emptyPattern),
        IntendedDifference(pattern: #"\C"#, reason: .backslashC),
    ]
}
