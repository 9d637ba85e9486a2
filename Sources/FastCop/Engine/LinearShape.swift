/// Recognizes, from a pattern's text, the patterns for which PCRE2's JIT search takes time
/// linear in the subject: trailing-whitespace and trim patterns such as `\s+$`, `[ \t]+$` and
/// `^\s+|\s+$`, whose first pass over a long run of blanks needs more steps at one start
/// position than its share of the total (see ``CompiledCode/searchLinear(_:from:options:scratch:remaining:)``).
///
/// The shape: at most ``maximumBranches`` top-level branches, each made of
///
/// - optionally `^` or `\A` (zero-width),
/// - one character item (a literal character, an escaped one, `.`, a type such as `\s`, `\d`,
///   `\w`, `\h`, `\v` or their negations, `\p{…}`/`\P{…}`, or a class `[…]`) repeated by a
///   greedy or possessive `+` or `*`,
/// - then at most ``maximumTailItems`` items, each a zero-width anchor (`$`, `^`, `\z`, `\Z`,
///   `\b`, `\B`) or a character item, optionally with a greedy `?`.
///
/// Why linear: when a branch starts with a repeated single character item, PCRE2's JIT keeps,
/// for the whole search, where that repeat last stopped (`detect_early_fail` in
/// `pcre2_jit_compile.c`, PCRE2 10.35 and later), and a later start position up to there fails
/// at once, before scanning. So each subject character is scanned by at most one attempt per
/// branch, and each attempt backs off at most as many characters as it scanned, trying the few
/// fixed items of the tail after each. Nothing is excluded by accident: anything this reader
/// does not know (a group, a verb, an option setting, `\Q`, a counted or lazy repeat, a back
/// reference, a second repeat) makes the pattern not of the shape, which only means the search
/// keeps its clock. The interpreter has no such memory (`\s+$` is quadratic there), so only
/// JIT code is searched this way.
enum LinearShape {
    /// Branches beyond this many are not of the shape (each branch is a scan of the subject).
    static let maximumBranches = 16
    /// Fixed items after a branch's repeat.
    static let maximumTailItems = 4
    /// Longer patterns are not read (a huge class costs time per character).
    static let maximumPatternBytes = 1000

    /// Whether the PCRE2 in use is 10.35 or later, whose JIT remembers where a leading repeat
    /// stopped in every branch (10.34 did so only for a pattern of one branch).
    static let remembersRepeats: Bool = {
        let parts = CompiledCode.libraryVersion.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        guard parts.count == 2 else { return false }
        return (parts[0], parts[1]) >= (10, 35)
    }()

    /// The number of top-level branches when `pattern`, compiled with `flags`, has the shape;
    /// nil otherwise (also under `PCRE2_EXTENDED`, `PCRE2_LITERAL` and `PCRE2_UNGREEDY`, which
    /// change what the text means).
    static func branches(of pattern: String, flags: UInt32) -> Int? {
        let refused = EngineFlags.extended | EngineFlags.literal | EngineFlags.ungreedy
        guard remembersRepeats, flags & refused == 0 else { return nil }
        let bytes = Array(pattern.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumPatternBytes else { return nil }
        var reader = Reader(bytes: bytes)
        var branches = 0
        repeat {
            guard reader.readBranch() else { return nil }
            branches += 1
        } while reader.take(UInt8(ascii: "|"))
        return reader.atEnd && branches <= maximumBranches ? branches : nil
    }

    /// A cursor over the pattern's bytes that reads the shape's pieces.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }
        var next: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func take(_ byte: UInt8) -> Bool {
            guard next == byte else { return false }
            index += 1
            return true
        }

        /// `^`/`\A`, a repeated character item, then the tail; stops before `|` or the end.
        mutating func readBranch() -> Bool {
            if !take(UInt8(ascii: "^")), next == UInt8(ascii: "\\"), index + 1 < bytes.count,
                bytes[index + 1] == UInt8(ascii: "A")
            {
                index += 2
            }
            guard readCharacterItem() else { return false }
            guard take(UInt8(ascii: "+")) || take(UInt8(ascii: "*")) else { return false }
            _ = take(UInt8(ascii: "+"))  // possessive
            var tail = 0
            while let byte = next, byte != UInt8(ascii: "|") {
                tail += 1
                guard tail <= maximumTailItems else { return false }
                if readAnchor() { continue }
                guard readCharacterItem() else { return false }
                _ = take(UInt8(ascii: "?"))
            }
            // A lazy `??`, a `+` or `*` on a tail item, or a `{` ends up here as a bad item.
            return true
        }

        /// `$`, `^`, `\z`, `\Z`, `\b` or `\B`.
        mutating func readAnchor() -> Bool {
            if take(UInt8(ascii: "$")) || take(UInt8(ascii: "^")) { return true }
            guard next == UInt8(ascii: "\\"), index + 1 < bytes.count,
                "zZbB".utf8.contains(bytes[index + 1])
            else { return false }
            index += 2
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
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
    fileprivate var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
