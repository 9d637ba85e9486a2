/// A cursor over a pattern's items (``PatternSyntax``) that reads the items standing for one
/// character: a literal character, an escaped one, `.`, a type such as `\s` or `\p{L}`, or a
/// class `[…]`. Anything else it does not know (a back reference, `\Q`, `\R`, an octal escape, a
/// class with `[.` or `[=`, a `{`, `}` or `]` standing for itself) is refused: a reader returns
/// false, and its caller then leaves the pattern as it is. ``LinearShape`` and
/// ``SingleCharacterGroups`` read patterns with it.
struct PatternItemReader {
    let syntax: PatternSyntax
    /// The next item's index in `syntax.items`.
    var index = 0

    init(syntax: PatternSyntax) {
        self.syntax = syntax
    }

    var atEnd: Bool { index == syntax.items.count }
    var next: PatternItem? { index < syntax.items.count ? syntax.items[index] : nil }

    /// Moves past the next item when it is of `kind`.
    mutating func take(_ kind: PatternItem.Kind) -> Bool {
        guard next?.kind == kind else { return false }
        index += 1
        return true
    }

    /// Moves past the next item when it is a quantifier whose text `accepts`.
    mutating func takeQuantifier(where accepts: (ArraySlice<UInt8>) -> Bool) -> Bool {
        guard let item = next, item.kind == .quantifier, accepts(syntax.text(of: item)) else { return false }
        index += 1
        return true
    }

    /// One character item: `.`, a class, an escape that stands for one character or one
    /// character type, or a literal character; nil (and nothing read) for any other item.
    mutating func readCharacterItem() -> PatternItem? {
        guard let item = next, isCharacterItem(item) else { return nil }
        index += 1
        return item
    }

    private func isCharacterItem(_ item: PatternItem) -> Bool {
        switch item.kind {
        case .dot: return true
        case .characterClass: return isKnownClass(item)
        case .escape: return isKnownEscape(item)
        case .literal(quoted: false): return !syntax.bytes[item.range.lowerBound].isOne(of: "{}]")
        default: return false
        }
    }

    /// The letter of an escape item (`s` for `\s`), nil for an item that is no backslash escape.
    func escapeLetter(_ item: PatternItem) -> UInt8? {
        let text = syntax.text(of: item)
        guard case .escape = item.kind, text.count >= 2, text.first == PatternByte.backslash else { return nil }
        return text[text.startIndex + 1]
    }

    /// An escape for one character or one character type: `\s`, `\d`, `\w`, `\h`, `\v` and
    /// their negations, `\t`, `\n`, `\r`, `\f`, `\a`, `\e`, `\xhh`, `\x{h…}` (up to eight
    /// digits), `\p{…}`, `\pL`, or a backslash before an ASCII character that is not a letter or
    /// digit (PCRE2 gives every letter and digit escape a meaning); not a back reference, `\Q`,
    /// `\K`, `\R`, `\X`, `\N`, `\G`, octal or control escapes.
    func isKnownEscape(_ item: PatternItem) -> Bool {
        guard let letter = escapeLetter(item) else { return false }
        let argument = syntax.text(of: item).dropFirst(2)
        switch letter {
        case _ where letter.isOne(of: "sSdDwWhHvVtnrfae"):
            return argument.isEmpty
        case PatternByte.lowerX:
            guard argument.first == PatternByte.openBrace else { return (1...2).contains(argument.count) }
            let digits = argument.dropFirst().dropLast()
            return argument.last == PatternByte.closeBrace && (1...8).contains(digits.count)
                && digits.allSatisfy(\.isHexDigit)
        case PatternByte.lowerP, PatternByte.upperP:
            guard argument.first == PatternByte.openBrace else {
                return argument.count == 1 && argument.allSatisfy(\.isASCIILetter)
            }
            let name = argument.dropFirst().dropLast()
            return argument.last == PatternByte.closeBrace && !name.isEmpty && !name.contains(PatternByte.backslash)
        default:
            return argument.isEmpty && (0x20..<0x7F).contains(letter) && !letter.isASCIILetter
                && !letter.isASCIIDigit
        }
    }

    /// A class whose members are all known: characters (not quoted), escapes the reader knows
    /// (``isKnownEscape(_:)``), ranges, and POSIX names (`[:alpha:]`, `[:^alpha:]`); not one
    /// with a `[` before `:`, `.` or `=` that spells no POSIX name.
    func isKnownClass(_ item: PatternItem) -> Bool {
        syntax.members(of: item).allSatisfy { member in
            switch member.kind {
            case .literal(quoted: false):
                let start = member.range.lowerBound
                guard syntax.bytes[start] == PatternByte.openBracket, start + 1 < syntax.bytes.count else {
                    return true
                }
                return !syntax.bytes[start + 1].isOne(of: ":.=")
            case .escape:
                return isKnownEscape(member)
            case .posixClass:
                var name = syntax.text(of: member).dropFirst(2).dropLast(2)
                guard syntax.bytes[member.range.lowerBound + 1] == PatternByte.colon else { return false }
                if name.first == PatternByte.caret { name = name.dropFirst() }
                return !name.isEmpty && name.allSatisfy(\.isASCIILetter)
            default:
                return false
            }
        }
    }
}
