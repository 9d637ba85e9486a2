/// Rewrites, in a pattern's text, each repeated non-capturing group whose alternatives are all
/// one-character items as the class of those characters: `(?:\s|,)+` as `[\s,]+`, and a group
/// of one such item as the item itself, `(?:\s)+` as `\s+`.
///
/// The two forms match the same text at the same places: every alternative matches exactly one
/// character, so the group is a set of characters, which is what the class is. But PCRE2
/// optimizes a repeated class and not a repeated group. It makes a repeat possessive where what
/// follows cannot match what it repeats, and its JIT remembers where a leading repeat of one
/// character item stopped and fails later start positions up to there at once (see
/// ``LinearShape``); a repeated group backtracks through each of its iterations, at every start
/// position. On a line of 5,000 blanks before an `x`, PCRE2's JIT took 43 ms to find that
/// `(?:\s|,)+$` does not match, and under 0.1 ms for `[\s,]+$`; with 10,000 blanks, 175 ms,
/// past the search budget's allowance, so that FastCop's search ended with a match-limit error
/// (a C loop over PCRE2 10.42 with UCP and the full match limit). `fastcop match -c` on 20,000
/// lines with runs of up to 2,000 blanks took 14 s as written and 0.07 s as a class.
///
/// Only what ``PatternItemReader`` knows is rewritten: a literal character, an escaped one, a
/// type such as `\s`, `\d` or `\p{L}`, a class that is not negated; not `.`; a literal character
/// outside ASCII only in UTF mode, where it is one item whatever its length in bytes. A pattern
/// is left as it is under `PCRE2_EXTENDED` or `PCRE2_LITERAL`, or with `\Q`, `\c`, a comment
/// `(?#…)`, an inline `x` option, a callout `(?C…)`, a verb with an argument `(*MARK:…)`, or a
/// class the reader does not know, where the text around a group would need more reading to be
/// sure what it means. Capturing groups are never touched: their numbers and what they capture
/// stay (under `PCRE2_NO_AUTO_CAPTURE` a plain `(…)` captures nothing, and is rewritten too).
enum SingleCharacterGroups {
    /// `pattern` with its repeated one-character groups as classes, or nil when it has none or
    /// is not read (see above).
    static func rewritten(_ pattern: String, flags: UInt32, utf: Bool) -> String? {
        guard flags & (EngineFlags.extended | EngineFlags.literal) == 0 else { return nil }
        let plainGroupsCapture = flags & EngineFlags.noAutoCapture == 0
        let bytes = Array(pattern.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var changed = false
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case ASCII.backslash:
                // An escape is copied whole: its first byte after the backslash decides, and the
                // rest of a longer one (`\x{…}`, `\p{…}`, `\g{…}`) opens no group and no class.
                guard index + 1 < bytes.count, bytes[index + 1] != ASCII.upperQ, bytes[index + 1] != ASCII.lowerC
                else { return nil }
                output += bytes[index...index + 1]
                index += 2
            case ASCII.openBracket:
                var reader = PatternItemReader(bytes: bytes, index: index)
                guard reader.readClass() else { return nil }
                output += bytes[index..<reader.index]
                index = reader.index
            case ASCII.openParenthesis:
                guard let opening = Self.opening(bytes, at: index, plainGroupsCapture: plainGroupsCapture)
                else { return nil }
                if opening.isPlainGroup, let (replacement, end) = Self.group(bytes, from: opening.end, utf: utf),
                    Self.isRepeat(bytes, at: end)
                {
                    output += replacement
                    index = end
                    changed = true
                } else {
                    output += bytes[index..<opening.end]
                    index = opening.end
                }
            default:
                output.append(bytes[index])
                index += 1
            }
        }
        return changed ? String(decoding: output, as: UTF8.self) : nil
    }

    /// What an opening parenthesis at `index` starts, and where its head ends: `(?:` is a plain
    /// group, and so is `(` unless `plainGroupsCapture` (it does not under
    /// `PCRE2_NO_AUTO_CAPTURE`); an option setting without `x`, a named or other group, a
    /// look-around or a verb without an argument are read past their head. Nil for what the
    /// rewrite does not read past: a comment, a callout, an `x` option, a verb with an argument.
    private static func opening(
        _ bytes: [UInt8], at index: Int, plainGroupsCapture: Bool
    ) -> (isPlainGroup: Bool, end: Int)? {
        let next = index + 1 < bytes.count ? bytes[index + 1] : nil
        if next != ASCII.asterisk && next != ASCII.question { return (!plainGroupsCapture, index + 1) }
        if next == ASCII.asterisk {
            // A verb: `(*UCP)`, `(*FAIL)`; one with an argument (`(*MARK:name)`) holds text.
            guard let close = bytes[index...].firstIndex(of: ASCII.closeParenthesis),
                !bytes[index..<close].contains(ASCII.colon)
            else { return nil }
            return (false, close + 1)
        }
        guard index + 2 < bytes.count else { return (false, index + 1) }
        let kind = bytes[index + 2]
        if kind == ASCII.colon { return (true, index + 3) }
        if kind == ASCII.hash || kind == ASCII.upperC { return nil }
        // Option letters (`(?i)`, `(?s-m:`, `(?^x)`), up to `)` or `:`: refused with an `x`.
        var end = index + 2
        while end < bytes.count, bytes[end].isOptionLetter { end += 1 }
        if end > index + 2, end < bytes.count, bytes[end] == ASCII.closeParenthesis || bytes[end] == ASCII.colon {
            guard !bytes[(index + 2)..<end].contains(ASCII.lowerX) else { return nil }
        }
        return (false, index + 2)
    }

    /// The replacement of the group whose alternatives start at `start` (just after `(?:`) and
    /// the offset after its `)`, when every alternative is one character item: the class of
    /// them all, or the item itself when there is one. Nil otherwise. Without `utf` (a pattern
    /// of bytes), a literal character is one item only when it is ASCII: `é` is two bytes there.
    private static func group(_ bytes: [UInt8], from start: Int, utf: Bool) -> ([UInt8], Int)? {
        var reader = PatternItemReader(bytes: bytes, index: start)
        var members: [UInt8] = []
        var items = 0
        var only: ArraySlice<UInt8> = []
        while true {
            let itemStart = reader.index
            guard reader.next != ASCII.dot, reader.readCharacterItem() else { return nil }
            only = bytes[itemStart..<reader.index]
            guard utf || only.count == 1 || only.first == ASCII.backslash || only.first == ASCII.openBracket,
                let member = Self.classMember(only)
            else { return nil }
            members += member
            items += 1
            if reader.take(ASCII.verticalBar) { continue }
            guard reader.take(ASCII.closeParenthesis) else { return nil }
            return (items == 1 ? Array(only) : [ASCII.openBracket] + members + [ASCII.closeBracket], reader.index)
        }
    }

    /// How a one-character item is written inside a class: an escape as it is (each one the
    /// reader knows means the same there), a literal `-` escaped, a class by its members (not a
    /// negated one, nor one whose first or last member is a `-` or whose first is a `]`, which
    /// would read otherwise among other members).
    private static func classMember(_ item: ArraySlice<UInt8>) -> [UInt8]? {
        guard let first = item.first else { return nil }
        switch first {
        case ASCII.backslash:
            return Array(item)
        case ASCII.openBracket:
            let members = item.dropFirst().dropLast()
            guard let head = members.first, let last = members.last, head != ASCII.caret,
                head != ASCII.closeBracket, head != ASCII.hyphen, last != ASCII.hyphen
            else { return nil }
            return Array(members)
        case ASCII.hyphen:
            return [ASCII.backslash, ASCII.hyphen]
        default:
            return Array(item)
        }
    }

    /// Whether a repeat follows at `index`: `*`, `+`, `?` or `{` and a digit.
    private static func isRepeat(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case ASCII.asterisk, ASCII.plus, ASCII.question: return true
        case ASCII.openBrace: return index + 1 < bytes.count && (0x30...0x39).contains(bytes[index + 1])
        default: return false
        }
    }

    /// The pattern bytes this reader names.
    private enum ASCII {
        static let backslash = UInt8(ascii: "\\")
        static let openBracket = UInt8(ascii: "[")
        static let closeBracket = UInt8(ascii: "]")
        static let openParenthesis = UInt8(ascii: "(")
        static let closeParenthesis = UInt8(ascii: ")")
        static let openBrace = UInt8(ascii: "{")
        static let asterisk = UInt8(ascii: "*")
        static let plus = UInt8(ascii: "+")
        static let question = UInt8(ascii: "?")
        static let colon = UInt8(ascii: ":")
        static let hash = UInt8(ascii: "#")
        static let dot = UInt8(ascii: ".")
        static let caret = UInt8(ascii: "^")
        static let hyphen = UInt8(ascii: "-")
        static let verticalBar = UInt8(ascii: "|")
        static let upperQ = UInt8(ascii: "Q")
        static let upperC = UInt8(ascii: "C")
        static let lowerC = UInt8(ascii: "c")
        static let lowerX = UInt8(ascii: "x")
    }
}

extension UInt8 {
    /// A letter, `^` or `-`: what an inline option setting such as `(?i-s)` is made of.
    fileprivate var isOptionLetter: Bool {
        isASCIILetter || self == UInt8(ascii: "^") || self == UInt8(ascii: "-")
    }
}
