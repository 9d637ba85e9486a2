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
            case PatternByte.backslash:
                // An escape is copied whole: its first byte after the backslash decides, and the
                // rest of a longer one (`\x{…}`, `\p{…}`, `\g{…}`) opens no group and no class.
                guard index + 1 < bytes.count, bytes[index + 1] != PatternByte.upperQ,
                    bytes[index + 1] != PatternByte.lowerC
                else { return nil }
                output += bytes[index...index + 1]
                index += 2
            case PatternByte.openBracket:
                var reader = PatternItemReader(bytes: bytes, index: index)
                guard reader.readClass() else { return nil }
                output += bytes[index..<reader.index]
                index = reader.index
            case PatternByte.openParenthesis:
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
        if next != PatternByte.asterisk && next != PatternByte.question { return (!plainGroupsCapture, index + 1) }
        if next == PatternByte.asterisk {
            // A setting such as `(*UCP)` is read past. A backtracking verb (`(*PRUNE)`,
            // `(*COMMIT)`, `(*SKIP)`, `(*THEN)`, `(*ACCEPT)`, `(*FAIL)`) acts on how the search
            // backtracks, which a class backtracks otherwise than a group does: no rewrite
            // (`(?:\W)+?(*PRUNE)\s` matches "-\n" in "d\u{8}-\n", `[\W]+?(*PRUNE)\s` does not). One
            // with an argument (`(*MARK:name)`) holds text.
            guard let close = bytes[index...].firstIndex(of: PatternByte.closeParenthesis),
                !bytes[index..<close].contains(PatternByte.colon), Self.isSetting(bytes[(index + 2)..<close])
            else { return nil }
            return (false, close + 1)
        }
        guard index + 2 < bytes.count else { return (false, index + 1) }
        let kind = bytes[index + 2]
        if kind == PatternByte.colon { return (true, index + 3) }
        if kind == PatternByte.hash || kind == PatternByte.upperC { return nil }
        // Option letters (`(?i)`, `(?s-m:`, `(?^x)`), up to `)` or `:`: refused with an `x`.
        var end = index + 2
        while end < bytes.count, bytes[end].isOptionLetter { end += 1 }
        if end > index + 2, end < bytes.count,
            bytes[end] == PatternByte.closeParenthesis || bytes[end] == PatternByte.colon
        {
            guard !bytes[(index + 2)..<end].contains(PatternByte.lowerX) else { return nil }
        }
        return (false, index + 2)
    }

    /// The replacement of the group whose alternatives start at `start` (just after `(?:`) and
    /// the offset after its `)`, when every alternative is one character item: the class of
    /// them all, or, for one item, that item as a class (a class it was, or `[item]`: a bare
    /// item could run into what stands before it, `(a)\1(?:0)+` is not `(a)\10+`). Nil
    /// otherwise. Without `utf` (a pattern of bytes), a literal character is one item only when
    /// it is ASCII: `é` is two bytes there.
    ///
    /// Not rewritten either: a group mixing a negated type (`\S`, `\W`, `\P{…}`) with a POSIX
    /// class, which PCRE2 10.42 compiles, without UCP, as a class that misses every character
    /// above U+00FF (`[\S[:space:]]` does not match U+212A; the group does).
    private static func group(_ bytes: [UInt8], from start: Int, utf: Bool) -> ([UInt8], Int)? {
        var reader = PatternItemReader(bytes: bytes, index: start)
        var members: [UInt8] = []
        var items = 0
        var only: ArraySlice<UInt8> = []
        var negatedType = false
        var posixName = false
        while true {
            let itemStart = reader.index
            guard reader.next != PatternByte.dot, reader.readCharacterItem() else { return nil }
            only = bytes[itemStart..<reader.index]
            guard
                utf || only.count == 1 || only.first == PatternByte.backslash || only.first == PatternByte.openBracket,
                let member = Self.classMember(only)
            else { return nil }
            negatedType = negatedType || member.negatedType
            posixName = posixName || member.posixName
            members += member.text
            items += 1
            if reader.take(PatternByte.verticalBar) { continue }
            guard reader.take(PatternByte.closeParenthesis), !(negatedType && posixName) else { return nil }
            if items == 1 && only.first == PatternByte.openBracket { return (Array(only), reader.index) }
            return ([PatternByte.openBracket] + members + [PatternByte.closeBracket], reader.index)
        }
    }

    /// How a one-character item is written inside a class so that it cannot run into the
    /// members around it, and whether it holds a negated type or a POSIX class: an escape as it
    /// is (each one the reader knows means the same there), but `\xH` and `\xHH` braced (`\x4`
    /// before `1` would read `\x41`); a literal `-` escaped; a class by its members, written the
    /// same way, its `[` escaped (before a `:` it could spell `[:digit:]`); not a negated class,
    /// nor one whose first or last member is a `-` or whose first is a `]`, which would read
    /// otherwise among other members.
    private static func classMember(_ item: ArraySlice<UInt8>) -> (text: [UInt8], negatedType: Bool, posixName: Bool)? {
        guard let first = item.first else { return nil }
        switch first {
        case PatternByte.backslash:
            return (braced(item), isNegatedType(item), false)
        case PatternByte.openBracket:
            let members = item.dropFirst().dropLast()
            guard let head = members.first, let last = members.last, head != PatternByte.caret,
                head != PatternByte.closeBracket, head != PatternByte.hyphen, last != PatternByte.hyphen
            else { return nil }
            return classMembers(members)
        case PatternByte.hyphen:
            return ([PatternByte.backslash, PatternByte.hyphen], false, false)
        default:
            // No other literal item means something else among members: `[`, `]`, `^` and `\`
            // are not literal items, and a `:` spells nothing without a `[` before it (a class's
            // `[` is escaped below).
            return (Array(item), false, false)
        }
    }

    /// A class's members (between its brackets), written to stand among other members: short
    /// hex escapes braced, a `[` that opens no POSIX name escaped; ranges, other escapes and
    /// POSIX names as they are.
    private static func classMembers(_ members: ArraySlice<UInt8>) -> (
        text: [UInt8], negatedType: Bool, posixName: Bool
    ) {
        var text: [UInt8] = []
        var negatedType = false
        var posixName = false
        var reader = PatternItemReader(bytes: Array(members), index: 0)
        while let byte = reader.next {
            let start = reader.index
            if byte == PatternByte.backslash, reader.readEscape() {
                let escape = reader.bytes[start..<reader.index]
                text += braced(escape)
                negatedType = negatedType || isNegatedType(escape)
            } else if byte == PatternByte.openBracket, reader.bytes.count > start + 1,
                reader.bytes[start + 1] == PatternByte.colon,
                reader.readPOSIXName()
            {
                text += reader.bytes[start..<reader.index]
                posixName = true
            } else if byte == PatternByte.openBracket {
                text += [PatternByte.backslash, PatternByte.openBracket]
                reader.index += 1
            } else {
                text.append(byte)
                reader.index += 1
            }
        }
        return (text, negatedType, posixName)
    }

    /// `escape` with a short hex escape (`\x4`, `\xa1`) written braced (`\x{4}`).
    private static func braced(_ escape: ArraySlice<UInt8>) -> [UInt8] {
        let hex = escape.dropFirst(2)
        guard escape.count >= 3, escape[escape.startIndex + 1] == PatternByte.lowerX, hex.first != PatternByte.openBrace
        else { return Array(escape) }
        return Array("\\x{".utf8) + hex + [PatternByte.closeBrace]
    }

    /// Whether `escape` is a negated character type: `\S`, `\D`, `\W`, `\H`, `\V`, `\P…`,
    /// or `\p{^…}`.
    private static func isNegatedType(_ escape: ArraySlice<UInt8>) -> Bool {
        guard escape.count >= 2 else { return false }
        let letter = escape[escape.startIndex + 1]
        if "SDWHVP".utf8.contains(letter) { return true }
        return letter == UInt8(ascii: "p") && escape.dropFirst(2).starts(with: "{^".utf8)
    }

    /// Whether the name of a verb `(*NAME)` is a setting made at the pattern's start (`UTF`,
    /// `UCP`, a newline or `\R` convention, a `NO_…` or `NOTEMPTY…` option, a limit), not a
    /// backtracking verb.
    private static func isSetting(_ name: ArraySlice<UInt8>) -> Bool {
        let text = String(decoding: name, as: UTF8.self)
        let settings: Set<String> = [
            "UTF", "UCP", "CR", "LF", "CRLF", "ANYCRLF", "ANY", "NUL", "BSR_ANYCRLF", "BSR_UNICODE",
        ]
        return settings.contains(text) || text.hasPrefix("NO_") || text.hasPrefix("NOTEMPTY")
            || text.hasPrefix("LIMIT_")
    }

    /// Whether a repeat follows at `index`: `*`, `+`, `?` or `{` and a digit.
    private static func isRepeat(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case PatternByte.asterisk, PatternByte.plus, PatternByte.question: return true
        case PatternByte.openBrace: return index + 1 < bytes.count && (0x30...0x39).contains(bytes[index + 1])
        default: return false
        }
    }
}

extension UInt8 {
    /// A letter, `^` or `-`: what an inline option setting such as `(?i-s)` is made of.
    fileprivate var isOptionLetter: Bool {
        isASCIILetter || self == UInt8(ascii: "^") || self == UInt8(ascii: "-")
    }
}
