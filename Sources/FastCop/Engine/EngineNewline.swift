import CPCRE2

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
