extension PatternSyntax {
    /// The byte after an escape's backslash (`d` in `\d`, `.` in `\.`, the lead byte of a
    /// character outside ASCII), or nil for a backslash ending the pattern or an item that is
    /// no escape. What the line engine's readers tell escapes apart by (``PatternItem/Escape``
    /// says what kind of thing an escape is, this which one).
    func escapedByte(of item: PatternItem) -> UInt8? {
        guard item.range.count >= 2, bytes[item.range.lowerBound] == PatternByte.backslash else { return nil }
        switch item.kind {
        case .escape, .quote: return bytes[item.range.lowerBound + 1]
        default: return nil
        }
    }

    /// The character an escape of one ASCII character that is no letter or digit stands for
    /// (`.` for `\.`, `\` for `\\`): PCRE2 reads it as that character, in a class or not. Nil
    /// for any other item.
    func escapedPunctuation(_ item: PatternItem) -> UInt8? {
        guard item.kind == .escape(.character), item.range.count == 2, let byte = escapedByte(of: item),
            byte < 0x80, !byte.isASCIILetter, !byte.isASCIIDigit
        else { return nil }
        return byte
    }

    /// Whether a quantifier item lets its item be absent: `*`, `?`, `{0}`, `{0,m}` (with a lazy
    /// or possessive mark or not).
    func allowsNone(_ quantifier: PatternItem) -> Bool {
        let text = self.text(of: quantifier)
        guard let first = text.first else { return false }
        if first != PatternByte.openBrace { return first != PatternByte.plus }
        let digits = text.dropFirst().prefix(while: \.isASCIIDigit)
        return digits.allSatisfy { $0 == PatternByte.zero }
    }

    /// Whether a quantifier item is possessive (`++`, `*+`, `?+`, `{2,}+`): it never gives back
    /// what it took.
    func isPossessive(_ quantifier: PatternItem) -> Bool {
        quantifier.kind == .quantifier && quantifier.range.count >= 2
            && bytes[quantifier.range.upperBound - 1] == PatternByte.plus
    }

    /// Whether an option item (``PatternItem/Kind/optionSetting(changes:)`` or a
    /// ``PatternItem/Group/scopedOptions`` head) leaves multiline mode off: `(?-m)`, `(?s-im:`,
    /// `(?^)`, `(?^i)` (a `^` unsets `imnsx`); `(?^m)` sets it again.
    func unsetsMultiline(_ item: PatternItem) -> Bool {
        switch item.kind {
        case .optionSetting, .open(.scopedOptions): break
        default: return false
        }
        var off = false
        var unsetting = false
        for byte in text(of: item).dropFirst(2) {
            switch byte {
            case PatternByte.caret: off = true
            case PatternByte.hyphen: unsetting = true
            case UInt8(ascii: "m"): off = unsetting
            default: continue
            }
        }
        return off
    }

    /// Whether an item refers to a group by its absolute number, which changes when groups are
    /// added before it: a back reference `\1`…`\9…` or `\g1`, `\g{1}` (an escape of a digit is
    /// one when PCRE2 may read it as either, an octal character by the number of groups), a
    /// call `\g<1>`, `\g'1'`, `(?1)`, `(?R)`, or a condition on a group's number, `(?(1)`,
    /// `(?(R1)`. A relative number (`\g{-1}`, `(?+1)`, `(?(-1)`) or a name is none.
    func refersByAbsoluteNumber(_ item: PatternItem) -> Bool {
        let text = self.text(of: item)
        let digit = { (byte: UInt8?) in byte?.isASCIIDigit == true }
        switch item.kind {
        case .escape(.backReference), .escape(.character), .escape(.call):
            guard let letter = escapedByte(of: item) else { return false }
            if (PatternByte.one...PatternByte.nine).contains(letter) { return true }
            guard letter == PatternByte.lowerG else { return false }
            let number = text.dropFirst(2).drop(while: { $0.isOne(of: "{<' ") })
            return digit(number.first)
        case .call:
            let third = text.dropFirst(2).first
            return digit(third) || third == PatternByte.upperR
        case .open(.condition):
            let condition = text.dropFirst(3).drop(while: { $0 == 0x20 })
            return digit(condition.first)
                || (condition.first == PatternByte.upperR && digit(condition.dropFirst().first))
        default:
            return false
        }
    }

    /// Whether a comment item is an extended-mode `#` comment (white space around it or not),
    /// which runs to the next newline; `(?#…)` is none.
    func isLineComment(_ item: PatternItem) -> Bool {
        item.kind == .comment && bytes[item.range.lowerBound] != PatternByte.openParenthesis
            && text(of: item).contains(PatternByte.hash)
    }

    /// The index of the ``PatternItem/Kind/close`` item that ends the group opened at
    /// `items[open]`, or nil when the pattern ends first.
    func closeIndex(ofGroupAt open: Int) -> Int? {
        var depth = 0
        for index in open..<items.count {
            switch items[index].kind {
            case .open: depth += 1
            case .close:
                depth -= 1
                if depth == 0 { return index }
            default: continue
            }
        }
        return nil
    }

    /// The items with which every match of the pattern matches one character: property escapes
    /// (`\p{Cyrillic}`, `\P{L}`) and character classes at the pattern's top level that no
    /// quantifier lets be absent (`*`, `?`, `{0,n}`; PCRE2 reads a quantifier after `(?#…)`,
    /// `\Q\E` or extended mode's white space as repeating the item before). Read
    /// conservatively: none when the top level holds an alternation, an option setting or a
    /// leading setting (`(*UCP)`), or the pattern holds `(*ACCEPT)` (which ends a match before
    /// what follows); items in groups are not looked at.
    func mandatoryCharacterItems() -> [PatternItem] {
        var found: [PatternItem] = []
        var depth = 0
        for (index, item) in items.enumerated() {
            switch item.kind {
            case .open: depth += 1
            case .close: depth -= 1
            case .verb(.accept), .leadingSetting: return []
            case .alternation where depth <= 0: return []
            case .optionSetting where depth <= 0: return []
            case .escape(.property) where depth == 0, .characterClass where depth == 0:
                let next = items[(index + 1)...].first { $0.kind != .comment && $0.kind != .quote }
                if let next, next.kind == .quantifier, allowsNone(next) { continue }
                found.append(item)
            default: continue
            }
        }
        return found
    }
}
