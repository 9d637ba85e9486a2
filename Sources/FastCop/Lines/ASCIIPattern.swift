/// Patterns made only of ASCII atoms, which select the same lines of valid UTF-8 whether PCRE2
/// reads the text as characters or as bytes (``Pattern/Options/bytes``).
///
/// An atom here is an ASCII character (printable, or a tab), a `\` and an ASCII punctuation
/// character, or a class `[...]` of those (and ranges between them), not negated; around the
/// atoms: `^`, `$`, `|`, groups `(...)` and `(?:...)`, and quantifiers. Each atom matches one
/// ASCII byte in both modes and no byte of a multi-byte character, and `^` and `$` look only
/// at LF and the subject's ends, so a match covers the same ASCII bytes either way and starts
/// on a character boundary (a match in bytes that starts inside a character is empty and
/// could have started earlier). Everything else is refused: `.`, `\w`, `\d`, `\b`, `\p`, every
/// escape by a letter or digit, POSIX classes, negated classes, other `(?` groups (options,
/// lookarounds), `(*` verbs (which may turn UTF on or change the newline), non-ASCII text.
///
/// The byte form's JIT code reads each byte as it is, where the UTF-8 form decodes: an anchored
/// e-mail pattern on a million lines took about 7% fewer instructions per line it matched.
enum ASCIIPattern {
    /// Whether `source`, compiled with `options`, is such a pattern. Case-insensitive, literal
    /// and extended patterns are refused (`k` and `s` fold to non-ASCII letters; `#` starts a
    /// comment).
    static func selectsLinesAlike(_ source: String, options: Pattern.Options) -> Bool {
        guard options.isDisjoint(with: [.caseInsensitive, .literal, .extended]) else { return false }
        var bytes = Substring(source).utf8[...]
        var inClass = false
        var classStart = false
        while let byte = bytes.popFirst() {
            guard byte == 0x09 || (0x20...0x7E).contains(byte) else { return false }
            if byte == UInt8(ascii: "\\") {
                // An escaped punctuation character is that character.
                guard let next = bytes.popFirst(), isPunctuation(next) else { return false }
                classStart = false
                continue
            }
            if inClass {
                if classStart && (byte == UInt8(ascii: "^") || byte == UInt8(ascii: "]")) { return false }
                classStart = false
                if byte == UInt8(ascii: "[") { return false }  // [:alpha:] and the like
                if byte == UInt8(ascii: "]") { inClass = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "["):
                inClass = true
                classStart = true
            case UInt8(ascii: "."):
                return false
            case UInt8(ascii: "("):
                // Only a capture group or `(?:`; no verbs, options or lookarounds.
                if bytes.first == UInt8(ascii: "*") { return false }
                if bytes.first == UInt8(ascii: "?") {
                    guard bytes.dropFirst().first == UInt8(ascii: ":") else { return false }
                }
            default:
                break
            }
        }
        return !inClass
    }

    /// An ASCII character that is neither a letter nor a digit nor white space.
    private static func isPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x7E).contains(byte) && !(0x30...0x39).contains(byte) && !(0x41...0x5A).contains(byte)
            && !(0x61...0x7A).contains(byte)
    }
}
