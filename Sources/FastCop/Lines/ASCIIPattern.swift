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
    /// Whether the pattern read as `syntax`, compiled with `options`, is such a pattern.
    /// Case-insensitive, literal and extended patterns are refused (`k` and `s` fold to
    /// non-ASCII letters; `#` starts a comment). A class holding `[` or with `]` first is
    /// refused too (the narrow reading this check has always made).
    static func selectsLinesAlike(_ syntax: PatternSyntax, options: Pattern.Options) -> Bool {
        guard options.isDisjoint(with: [.caseInsensitive, .literal, .extended]),
            syntax.bytes.allSatisfy({ $0 == 0x09 || (0x20...0x7E).contains($0) })
        else { return false }
        return syntax.items.allSatisfy { item in
            switch item.kind {
            case .literal(quoted: false), .circumflex, .dollar, .alternation, .close, .quantifier,
                .open(.plain), .open(.nonCapturing):
                return true
            case .escape(.character):
                return syntax.escapedPunctuation(item) != nil
            case .characterClass(negated: false, _):
                // A class the pattern ends inside (no `]` after its members) does not compile.
                let members = syntax.members(of: item)
                guard let last = members.last, last.range.upperBound < item.range.upperBound else { return false }
                return members.allSatisfy { member in
                    switch member.kind {
                    case .literal(quoted: false):
                        let byte = syntax.bytes[member.range.lowerBound]
                        return byte != PatternByte.openBracket && byte != PatternByte.closeBracket
                    case .escape(.character): return syntax.escapedPunctuation(member) != nil
                    default: return false
                    }
                }
            default:
                return false
            }
        }
    }
}
