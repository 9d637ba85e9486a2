/// A pattern's text read once into its items (``PatternItem``), as PCRE2 10.42 reads it
/// (`parse_regex` in `pcre2_compile.c`), and the facts the engine asks of it. The one reader of
/// pattern syntax: ``LinearShape``, ``SingleCharacterGroups``, the search's choices
/// (``CompiledCode``), the line engine's facts (``LineSearch/blockSearchMayMiss(_:)``,
/// ``ASCIIPattern``, ``RequiredLiteral``, ``LiteralSet``) and the tool's join check
/// (``JoinHazard``) read these items, not the text; what an item's text says beyond its kind
/// (which escape, which quantifier, which options) is read here too (`PatternSyntax+Facts`).
///
/// Known: escapes of every form (`\x{…}`, `\xhh`, `\o{…}`, `\0nn`, `\cX`, `\N{U+…}`, `\p{…}`,
/// `\g` and `\k` references and calls), `\1`…`\9nn` as a back reference or an octal escape by
/// PCRE2's rule (a back reference when under 10, starting with 8 or 9, or at most the number of
/// groups opened before it), `\Q…\E` inside and outside classes, classes with a `]` first,
/// POSIX names and literal `[`, comments `(?#…)`, extended mode (`PCRE2_EXTENDED`, `(?x)`,
/// `(?xx)`, scoped as PCRE2 scopes options) with its white space and `#` comments, option
/// settings, groups of every kind, calls, conditions, backtracking verbs with arguments, the
/// leading settings (`(*UTF)`, `(*CRLF)`…) and callouts. Where PCRE2 would refuse the text,
/// the reading goes on item by item without failing (the pattern does not compile anyway).
///
/// The item boundaries and the group count are checked against PCRE2's own parser in
/// `PatternSyntaxTests` (the items its automatic callouts name, `PCRE2_INFO_CAPTURECOUNT`), on
/// PCRE2's test data and generated patterns.
///
/// - Complexity: O(*n*) in the pattern's length.
struct PatternSyntax: Sendable {
    /// The pattern's text.
    let bytes: [UInt8]
    /// Its items, in order.
    private(set) var items: [PatternItem] = []
    /// The members of every class, each class's in ``PatternItem/Kind/characterClass(negated:members:)``'s range.
    private(set) var classMembers: [PatternItem] = []
    /// The number of capture groups, as PCRE2 counts them (the highest number with `(?|`).
    private(set) var captureCount = 0
    /// Whether the pattern calls a group: ``PatternItem/Kind/call`` or ``PatternItem/Escape/call``.
    private(set) var callsGroups = false
    /// Whether the pattern holds `\G`.
    private var holdsG = false
    /// The backtracking verbs the pattern holds, in order.
    private var heldVerbs: [PatternItem.Verb] = []

    /// Reads `pattern` compiled with `flags` (`PCRE2_EXTENDED`, `PCRE2_EXTENDED_MORE`,
    /// `PCRE2_NO_AUTO_CAPTURE` and `PCRE2_LITERAL` change the reading) under `newline` (what
    /// ends a `#` comment in extended mode, unless a leading setting such as `(*CRLF)` says
    /// otherwise). The text is read as UTF-8, a literal character one item whatever its length:
    /// as PCRE2 reads it in UTF mode (the engine's rewrites read a byte pattern so too, and
    /// refuse a character outside ASCII there: ``SingleCharacterGroups``).
    init(_ pattern: String, flags: UInt32, newline: EngineNewline = .anyUnicode) {
        self.init(bytes: Array(pattern.utf8), flags: flags, newline: newline)
    }

    /// Reads `bytes`, as ``init(_:flags:newline:)`` reads a pattern's text.
    init(bytes: [UInt8], flags: UInt32, newline: EngineNewline = .anyUnicode) {
        self.bytes = bytes
        var reader = Reader(bytes: bytes, flags: flags, newline: newline)
        reader.read()
        items = reader.items
        classMembers = reader.members
        captureCount = reader.captureCount
        for item in items {
            switch item.kind {
            case .verb(let verb): heldVerbs.append(verb)
            case .escape(.assertion): holdsG = holdsG || bytes[item.range.lowerBound + 1] == PatternByte.upperG
            case .call, .escape(.call): callsGroups = true
            default: continue
            }
        }
    }

    /// The members of a class item.
    func members(of item: PatternItem) -> ArraySlice<PatternItem> {
        guard case .characterClass(_, let range) = item.kind else { return [] }
        return classMembers[range]
    }

    /// The text of an item.
    func text(of item: PatternItem) -> ArraySlice<UInt8> { bytes[item.range] }

    /// Whether the pattern holds `\G` or one of `verbs`.
    func holdsG(orVerbs verbs: [PatternItem.Verb]) -> Bool {
        holdsG || heldVerbs.contains(where: verbs.contains)
    }

    /// Whether the pattern may refer to a group by its number: a call, a `\g` reference, an
    /// escape of a digit from 1 to 9 (in a class or not: a back reference or an octal escape
    /// by the number of groups) or a condition. A `\k` reference names its group.
    var mayNumberGroups: Bool {
        let refers: (PatternItem) -> Bool = { item in
            switch item.kind {
            case .call, .escape(.call), .open(.condition): return true
            case .escape(.backReference), .escape(.character):
                // A backslash ending the pattern is an escape of its own.
                guard item.range.count >= 2 else { return false }
                let letter = bytes[item.range.lowerBound + 1]
                return letter == PatternByte.lowerG || (PatternByte.one...PatternByte.nine).contains(letter)
            default: return false
            }
        }
        return items.contains(where: refers) || classMembers.contains(where: refers)
    }
}

/// The pattern bytes the reader names.
enum PatternByte {
    static let backslash = UInt8(ascii: "\\")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openParenthesis = UInt8(ascii: "(")
    static let closeParenthesis = UInt8(ascii: ")")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let lessThan = UInt8(ascii: "<")
    static let greaterThan = UInt8(ascii: ">")
    static let apostrophe = UInt8(ascii: "'")
    static let asterisk = UInt8(ascii: "*")
    static let plus = UInt8(ascii: "+")
    static let question = UInt8(ascii: "?")
    static let colon = UInt8(ascii: ":")
    static let comma = UInt8(ascii: ",")
    static let equals = UInt8(ascii: "=")
    static let exclamation = UInt8(ascii: "!")
    static let ampersand = UInt8(ascii: "&")
    static let hash = UInt8(ascii: "#")
    static let dot = UInt8(ascii: ".")
    static let caret = UInt8(ascii: "^")
    static let dollar = UInt8(ascii: "$")
    static let hyphen = UInt8(ascii: "-")
    static let verticalBar = UInt8(ascii: "|")
    static let underscore = UInt8(ascii: "_")
    static let zero = UInt8(ascii: "0")
    static let one = UInt8(ascii: "1")
    static let seven = UInt8(ascii: "7")
    static let eight = UInt8(ascii: "8")
    static let nine = UInt8(ascii: "9")
    static let upperC = UInt8(ascii: "C")
    static let upperE = UInt8(ascii: "E")
    static let upperG = UInt8(ascii: "G")
    static let upperN = UInt8(ascii: "N")
    static let upperP = UInt8(ascii: "P")
    static let upperQ = UInt8(ascii: "Q")
    static let upperR = UInt8(ascii: "R")
    static let lowerC = UInt8(ascii: "c")
    static let lowerG = UInt8(ascii: "g")
    static let lowerK = UInt8(ascii: "k")
    static let lowerO = UInt8(ascii: "o")
    static let lowerP = UInt8(ascii: "p")
    static let lowerX = UInt8(ascii: "x")
}

extension UInt8 {
    /// An ASCII letter, as pattern text reads it.
    var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
    /// An ASCII digit.
    var isASCIIDigit: Bool { (0x30...0x39).contains(self) }
    /// An ASCII hexadecimal digit.
    var isHexDigit: Bool {
        isASCIIDigit || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
    /// Whether the byte is one of the ASCII characters of `characters`.
    func isOne(of characters: StaticString) -> Bool { characters.withUTF8Buffer { $0.contains(self) } }
    /// A letter, digit or `_`: what a group or verb name is made of.
    var isNameCharacter: Bool { isASCIILetter || isASCIIDigit || self == PatternByte.underscore }
}
