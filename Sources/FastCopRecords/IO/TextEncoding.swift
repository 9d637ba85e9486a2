/// The text encodings an input may be in (`--encoding`). Everything but UTF-8 is transcoded
/// to UTF-8 on the way in, with glibc's iconv; the output is always UTF-8.
package enum TextEncoding: String, Sendable, CaseIterable {
    /// UTF-8 (the default): read as it is, each row checked.
    case utf8 = "utf-8"
    /// ISO 8859-1: every byte is the code point of the same number.
    case latin1
    /// Windows' Western code page: Latin-1 with `€`, `œ`, `’`… in 0x80–0x9F (where 0x81,
    /// 0x8D, 0x8F, 0x90 and 0x9D are no characters).
    case windows1252 = "windows-1252"
    /// UTF-16, little- or big-endian as its byte order mark says.
    case utf16 = "utf-16"
    /// UTF-16, little-endian (Windows' "Unicode").
    case utf16LE = "utf-16le"
    /// UTF-16, big-endian.
    case utf16BE = "utf-16be"

    /// The encoding called `name`, in any case, with the usual other spellings (`utf8`,
    /// `latin-1`, `iso-8859-1`, `cp1252`, `utf16`…); nil for none of them.
    package init?(named name: String) {
        let key = name.lowercased().replacingOccurrences(of: "_", with: "-")
        let aliases: [String: TextEncoding] = [
            "utf8": .utf8, "latin-1": .latin1, "iso-8859-1": .latin1, "iso8859-1": .latin1, "l1": .latin1,
            "cp1252": .windows1252, "windows1252": .windows1252, "win-1252": .windows1252, "utf16": .utf16,
            "utf16le": .utf16LE, "utf16be": .utf16BE,
        ]
        guard let encoding = TextEncoding(rawValue: key) ?? aliases[key] else { return nil }
        self = encoding
    }

    /// The name glibc's `iconv_open` knows it by (nil for UTF-8, which is not transcoded, and
    /// for UTF-16 before its byte order mark has decided).
    var iconvName: String? {
        switch self {
        case .utf8, .utf16: return nil
        case .latin1: return "ISO-8859-1"
        case .windows1252: return "WINDOWS-1252"
        case .utf16LE: return "UTF-16LE"
        case .utf16BE: return "UTF-16BE"
        }
    }

    /// UTF-8's byte order mark (U+FEFF): skipped before the rows and before a rules file, and
    /// written again before CLEAN and REJECTS when the input had one.
    static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The UTF-16 byte order that `head` (the first bytes of an input) starts with a mark for.
    static func utf16(byteOrderMark head: [UInt8]) -> TextEncoding? {
        if head.starts(with: [0xFF, 0xFE]) { return .utf16LE }
        if head.starts(with: [0xFE, 0xFF]) { return .utf16BE }
        return nil
    }
}
