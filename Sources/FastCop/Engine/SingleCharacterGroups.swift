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
    /// The pattern read as `syntax` with its repeated one-character groups as classes, or nil
    /// when it has none or is not read (see above).
    static func rewritten(_ syntax: PatternSyntax, flags: UInt32, utf: Bool) -> String? {
        guard flags & (EngineFlags.extended | EngineFlags.literal) == 0 else { return nil }
        let plainGroupsCapture = flags & EngineFlags.noAutoCapture == 0
        var reader = PatternItemReader(syntax: syntax)
        // The text up to `copied` is in `output`; what follows is copied as it is when a group
        // is replaced, and at the end.
        var output: [UInt8] = []
        var copied = 0
        while let item = reader.next {
            guard Self.isCopied(item, reader: reader) else { return nil }
            reader.index += 1
            if Self.isPlainGroup(item, plainGroupsCapture: plainGroupsCapture),
                let (replacement, end) = Self.group(reader, utf: utf), Self.isRepeat(reader, at: end)
            {
                output += syntax.bytes[copied..<item.range.lowerBound]
                output += replacement
                reader.index = end
                copied = syntax.items[end - 1].range.upperBound
            }
        }
        guard copied > 0 else { return nil }
        output += syntax.bytes[copied...]
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether the rewrite reads past `item` (copied as it is, or a group's head): not `\Q`,
    /// `\c`, a class the reader does not know (``PatternItemReader/isKnownClass(_:)``), a
    /// comment `(?#…)`, a callout, an option setting or group with an `x` (`(?x)`, `(?s-x:`)
    /// where the text around a group would need more reading to be sure what it means; nor a
    /// backtracking verb (`(*PRUNE)`, `(*COMMIT)`, `(*SKIP)`, `(*THEN)`, `(*ACCEPT)`, `(*FAIL)`),
    /// which acts on how the search backtracks, which a class backtracks otherwise than a group
    /// does (`(?:\W)+?(*PRUNE)\s` matches "-\n" in "d\u{8}-\n", `[\W]+?(*PRUNE)\s` does not), or
    /// one with an argument (`(*MARK:name)`), which holds text. A leading setting (`(*UCP)`) is
    /// read past.
    private static func isCopied(_ item: PatternItem, reader: PatternItemReader) -> Bool {
        let bytes = reader.syntax.bytes
        let start = item.range.lowerBound
        switch item.kind {
        case .escape, .quote:
            guard bytes[start] == PatternByte.backslash, item.range.count >= 2 else { return false }
            let letter = bytes[start + 1]
            return letter != PatternByte.upperQ && letter != PatternByte.lowerC
        case .characterClass:
            return reader.isKnownClass(item)
        case .optionSetting, .open(.scopedOptions):
            return !bytes[item.range].contains(PatternByte.lowerX)
        case .open(.lookaround), .open(.atomic):
            // Not one named as `(*pla:` or `(*atomic:`.
            return bytes[start + 1] != PatternByte.asterisk
        case .comment, .callout, .verb, .literal(quoted: true), .open(.scriptRun):
            return false
        default:
            return true
        }
    }

    /// Whether `item` opens a group that captures nothing: `(?:`, and `(` unless
    /// `plainGroupsCapture` (it does not under `PCRE2_NO_AUTO_CAPTURE`).
    private static func isPlainGroup(_ item: PatternItem, plainGroupsCapture: Bool) -> Bool {
        if case .open(.plain) = item.kind { return !plainGroupsCapture }
        return item.kind == .open(.nonCapturing)
    }

    /// The replacement of the group whose alternatives start at `reader`'s item (just after
    /// `(?:`) and the index of the item after its `)`, when every alternative is one character
    /// item: the class of them all, or, for one item, that item as a class (a class it was, or
    /// `[item]`: a bare item could run into what stands before it, `(a)\1(?:0)+` is not
    /// `(a)\10+`). Nil otherwise. Without `utf` (a pattern of bytes), a literal character is one
    /// item only when it is ASCII: `é` is two bytes there.
    ///
    /// Not rewritten either: a group mixing a negated type (`\S`, `\W`, `\P{…}`) with a POSIX
    /// class, which PCRE2 10.42 compiles, without UCP, as a class that misses every character
    /// above U+00FF (`[\S[:space:]]` does not match U+212A; the group does).
    private static func group(_ start: PatternItemReader, utf: Bool) -> ([UInt8], Int)? {
        var reader = start
        var members: [UInt8] = []
        var items = 0
        var only: ArraySlice<UInt8> = []
        var negatedType = false
        var posixName = false
        while true {
            guard reader.next?.kind != .dot, let item = reader.readCharacterItem() else { return nil }
            only = reader.syntax.text(of: item)
            guard
                utf || only.count == 1 || only.first == PatternByte.backslash
                    || only.first == PatternByte.openBracket,
                let member = Self.classMember(item, reader.syntax)
            else { return nil }
            negatedType = negatedType || member.negatedType
            posixName = posixName || member.posixName
            members += member.text
            items += 1
            if reader.take(.alternation) { continue }
            guard reader.take(.close), !(negatedType && posixName) else { return nil }
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
    private static func classMember(
        _ item: PatternItem, _ syntax: PatternSyntax
    ) -> (text: [UInt8], negatedType: Bool, posixName: Bool)? {
        let text = syntax.text(of: item)
        switch item.kind {
        case .escape:
            return (braced(text), isNegatedType(text), false)
        case .characterClass(let negated, _):
            let members = syntax.members(of: item)
            guard !negated, let head = members.first, let last = members.last,
                syntax.text(of: head) != [PatternByte.closeBracket], syntax.text(of: head) != [PatternByte.hyphen],
                syntax.text(of: last).last != PatternByte.hyphen
            else { return nil }
            return classMembers(members, syntax)
        case _ where text.elementsEqual([PatternByte.hyphen]):
            return ([PatternByte.backslash, PatternByte.hyphen], false, false)
        default:
            // No other literal item means something else among members: `[`, `]`, `^` and `\`
            // are not literal items, and a `:` spells nothing without a `[` before it (a class's
            // `[` is escaped below).
            return (Array(text), false, false)
        }
    }

    /// A class's members, written to stand among other members: short hex escapes braced, a
    /// `[` that opens no POSIX name escaped; ranges, other escapes and POSIX names as they are.
    private static func classMembers(_ members: ArraySlice<PatternItem>, _ syntax: PatternSyntax) -> (
        text: [UInt8], negatedType: Bool, posixName: Bool
    ) {
        var text: [UInt8] = []
        var negatedType = false
        var posixName = false
        for member in members {
            let memberText = syntax.text(of: member)
            switch member.kind {
            case .escape:
                text += braced(memberText)
                negatedType = negatedType || isNegatedType(memberText)
            case .posixClass:
                text += memberText
                posixName = true
            case _ where memberText.elementsEqual([PatternByte.openBracket]):
                text += [PatternByte.backslash, PatternByte.openBracket]
            default:
                text += memberText
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
        if letter.isOne(of: "SDWHVP") { return true }
        return letter == UInt8(ascii: "p") && escape.dropFirst(2).starts(with: "{^".utf8)
    }

    /// Whether a repeat follows the group whose `)` ends before item `index`: a quantifier, or
    /// a `{` and a digit that are literal text (`{2,`), which repeat nothing but read the same
    /// after a class as after a group.
    private static func isRepeat(_ reader: PatternItemReader, at index: Int) -> Bool {
        let items = reader.syntax.items
        guard index < items.count else { return false }
        if items[index].kind == .quantifier { return true }
        guard reader.syntax.text(of: items[index]).elementsEqual([PatternByte.openBrace]), index + 1 < items.count
        else { return false }
        return reader.syntax.text(of: items[index + 1]).first?.isASCIIDigit == true
    }
}
