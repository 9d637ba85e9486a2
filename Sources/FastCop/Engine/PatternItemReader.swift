/// A cursor over a pattern's text (its UTF-8 bytes) that reads the items standing for one
/// character: a literal character, an escaped one, `.`, a type such as `\s` or `\p{L}`, or a
/// class `[…]`. Anything it does not know (a back reference, `\Q`, `\R`, an octal escape, a
/// class with `[.` or `[=`) is refused: a reader returns false, and its caller then leaves the
/// pattern as it is. ``LinearShape`` and ``SingleCharacterGroups`` read patterns with it.
struct PatternItemReader {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8], index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    var atEnd: Bool { index == bytes.count }
    var next: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func take(_ byte: UInt8) -> Bool {
        guard next == byte else { return false }
        index += 1
        return true
    }

    /// One character item: `.`, a class, an escape that stands for one character, or a
    /// literal character (a whole UTF-8 sequence).
    mutating func readCharacterItem() -> Bool {
        guard let byte = next else { return false }
        switch byte {
        case UInt8(ascii: "."):
            index += 1
            return true
        case UInt8(ascii: "["):
            return readClass()
        case UInt8(ascii: "\\"):
            return readEscape()
        default:
            guard !"^$|()?*+{}[]".utf8.contains(byte) else { return false }
            index += 1
            while let continuation = next, continuation & 0xC0 == 0x80 { index += 1 }
            return true
        }
    }

    /// An escape for one character or one character type; not a back reference, `\Q`,
    /// `\K`, `\R`, `\X`, `\N`, `\G`, octal or control escapes.
    mutating func readEscape() -> Bool {
        guard index + 1 < bytes.count else { return false }
        let letter = bytes[index + 1]
        index += 2
        switch letter {
        case _ where "sSdDwWhHvVtnrfae".utf8.contains(letter):
            return true
        case UInt8(ascii: "x"):
            if take(UInt8(ascii: "{")) { return readHexDigits(upTo: 8) && take(UInt8(ascii: "}")) }
            return readHexDigits(upTo: 2)
        case UInt8(ascii: "p"), UInt8(ascii: "P"):
            if take(UInt8(ascii: "{")) {
                let start = index
                while let byte = next, byte != UInt8(ascii: "}"), byte != UInt8(ascii: "\\") { index += 1 }
                return index > start && take(UInt8(ascii: "}"))
            }
            guard let name = next, name.isASCIILetter else { return false }
            index += 1
            return true
        default:
            // A backslash before an ASCII character that is not a letter or digit means
            // that character (PCRE2 gives every letter and digit escape a meaning).
            return (0x20..<0x7F).contains(letter) && !letter.isASCIILetter && !(0x30...0x39).contains(letter)
        }
    }

    /// Up to `count` hexadecimal digits; true when there was at least one.
    mutating func readHexDigits(upTo count: Int) -> Bool {
        var read = 0
        while read < count, let byte = next, byte.isHexDigit {
            index += 1
            read += 1
        }
        return read > 0
    }

    /// `[…]`: an optional `^`, a `]` first as a literal, then characters, escapes that stand
    /// for characters or types, ranges and POSIX names (`[:alpha:]`), up to the closing `]`.
    mutating func readClass() -> Bool {
        index += 1
        _ = take(UInt8(ascii: "^"))
        _ = take(UInt8(ascii: "]"))
        while let byte = next {
            switch byte {
            case UInt8(ascii: "]"):
                index += 1
                return true
            case UInt8(ascii: "\\"):
                guard readEscape() else { return false }
            case UInt8(ascii: "["):
                guard index + 1 < bytes.count else { return false }
                let kind = bytes[index + 1]
                if kind == UInt8(ascii: ":") {
                    guard readPOSIXName() else { return false }
                } else if kind == UInt8(ascii: ".") || kind == UInt8(ascii: "=") {
                    return false
                } else {
                    index += 1
                }
            default:
                index += 1
            }
        }
        return false
    }

    /// `[:name:]` or `[:^name:]` inside a class.
    mutating func readPOSIXName() -> Bool {
        index += 2
        _ = take(UInt8(ascii: "^"))
        let start = index
        while let byte = next, byte.isASCIILetter { index += 1 }
        return index > start && take(UInt8(ascii: ":")) && take(UInt8(ascii: "]"))
    }
}
