extension PatternSyntax.Reader {
    /// The escape at `index` (a backslash), in a class or not. `\Q` starts quoting; `\E` is
    /// a ``PatternItem/Kind/quote`` item.
    mutating func readEscape(inClass: Bool) -> PatternItem {
        let start = index
        guard let letter = byte(at: index + 1) else {
            index += 1
            return PatternItem(kind: .escape(.character), range: start..<index)
        }
        index += 2
        let kind: PatternItem.Kind
        switch letter {
        case PatternByte.upperQ:
            quoting = true
            kind = .quote
        case PatternByte.upperE:
            kind = .quote
        case PatternByte.one...PatternByte.nine:
            kind = readDigits(letter, inClass: inClass)
        case PatternByte.zero:
            skipOctalDigits(upTo: 2)
            kind = .escape(.character)
        case PatternByte.lowerO, PatternByte.lowerX:
            if next == PatternByte.openBrace {
                _ = skip(to: PatternByte.closeBrace, from: index)
            } else if letter == PatternByte.lowerX {
                var read = 0
                while read < 2, let digit = next, digit.isHexDigit {
                    index += 1
                    read += 1
                }
            }
            kind = .escape(.character)
        case PatternByte.lowerC:
            if index < bytes.count { skipCharacter() }
            kind = .escape(.character)
        case PatternByte.upperN:
            if !inClass, next == PatternByte.openBrace, skip(to: PatternByte.closeBrace, from: index) {
                kind = .escape(.character)
            } else {
                kind = .escape(.type)
            }
        case PatternByte.lowerP, PatternByte.upperP:
            if next == PatternByte.openBrace {
                _ = skip(to: PatternByte.closeBrace, from: index)
            } else if index < bytes.count {
                skipCharacter()
            }
            kind = .escape(.property)
        case PatternByte.lowerG where !inClass:
            kind = readG()
        case PatternByte.lowerK where !inClass:
            if let opening = next, let terminator = Self.nameTerminators[opening] {
                _ = skip(to: terminator, from: index + 1)
            }
            kind = .escape(.backReference)
        case UInt8(ascii: "b"):
            kind = .escape(inClass ? .character : .assertion)
        case _ where letter.isOne(of: "BAzZGK"):
            kind = .escape(.assertion)
        case _ where letter.isOne(of: "dDsSwWhHvVRXC"):
            kind = .escape(.type)
        case _ where letter.isASCIILetter:
            kind = .escape(.character)
        default:
            // A backslash before a character that is no letter or digit: that character.
            index -= 1
            skipCharacter()
            kind = .escape(.character)
        }
        return PatternItem(kind: kind, range: start..<index)
    }

    /// What ends a name after `\k`: `<name>`, `'name'`, `{name}`.
    private static let nameTerminators: [UInt8: UInt8] = [
        PatternByte.lessThan: PatternByte.greaterThan, PatternByte.apostrophe: PatternByte.apostrophe,
        PatternByte.openBrace: PatternByte.closeBrace,
    ]

    /// `\1`…`\9` and the digits after: PCRE2 10.42 reads the digits as a decimal number
    /// outside a class and makes it a back reference when it is under 10, starts with 8 or 9,
    /// or is at most the number of groups opened so far; otherwise (and always in a class) it
    /// is an octal escape of up to three octal digits, and `\8` or `\9` in a class is the digit.
    private mutating func readDigits(_ first: UInt8, inClass: Bool) -> PatternItem.Kind {
        if !inClass {
            var end = index
            var value = Int(first - PatternByte.zero)
            while end < bytes.count, bytes[end].isASCIIDigit, value <= 65535 {
                value = value * 10 + Int(bytes[end] - PatternByte.zero)
                end += 1
            }
            // A number too large for a group (read_number fails) is not a back reference.
            let fits = value <= 65535 && !(end < bytes.count && bytes[end].isASCIIDigit)
            if fits && (value < 10 || first >= PatternByte.eight || value <= captures) {
                index = end
                return .escape(.backReference)
            }
        }
        if first < PatternByte.eight { skipOctalDigits(upTo: 2) }
        return .escape(.character)
    }

    private mutating func skipOctalDigits(upTo count: Int) {
        var read = 0
        while read < count, let digit = next, (PatternByte.zero...PatternByte.seven).contains(digit) {
            index += 1
            read += 1
        }
    }

    /// After `\g`: a call `\g<…>` or `\g'…'`, or a back reference `\g{…}`, `\gn`, `\g-n`.
    private mutating func readG() -> PatternItem.Kind {
        switch next {
        case PatternByte.lessThan:
            _ = skip(to: PatternByte.greaterThan, from: index + 1)
            return .escape(.call)
        case PatternByte.apostrophe:
            _ = skip(to: PatternByte.apostrophe, from: index + 1)
            return .escape(.call)
        case PatternByte.openBrace:
            _ = skip(to: PatternByte.closeBrace, from: index + 1)
            return .escape(.backReference)
        default:
            if next == PatternByte.plus || next == PatternByte.hyphen, byte(at: index + 1)?.isASCIIDigit == true {
                index += 1
            }
            while let digit = next, digit.isASCIIDigit { index += 1 }
            return .escape(.backReference)
        }
    }

    /// A class `[…]` at `index`, its members read into ``members``.
    mutating func readClass() {
        let start = index
        // PCRE2 10.42 reads these two exactly as word boundaries, not as classes.
        if byte(at: index + 1) == PatternByte.openBracket, byte(at: index + 2) == PatternByte.colon,
            let side = byte(at: index + 3), side == PatternByte.lessThan || side == PatternByte.greaterThan,
            bytes[(index + 4)...].starts(with: ":]]".utf8)
        {
            index += 7
            add(.escape(.assertion), from: start)
            return
        }
        index += 1
        let negated = next == PatternByte.caret
        if negated { index += 1 }
        let firstMember = members.count
        var first = true
        while index < bytes.count {
            if quoting {
                let member = readQuoted()
                if member.kind != .quote { first = false }
                members.append(member)
                continue
            }
            let memberStart = index
            let byte = bytes[index]
            if byte == PatternByte.closeBracket && !first {
                index += 1
                break
            }
            if byte == PatternByte.backslash {
                let member = readEscape(inClass: true)
                members.append(member)
                // `\Q\E` and `\E` at the start leave a following `]` the first member.
                if member.kind != .quote { first = false }
                continue
            }
            first = false
            if options.extendedMore, byte == 0x20 || byte == 0x09 {
                index += 1
                members.append(PatternItem(kind: .comment, range: memberStart..<index))
            } else if byte == PatternByte.openBracket, let end = posixEnd(from: index + 1) {
                index = end
                members.append(PatternItem(kind: .posixClass, range: memberStart..<index))
            } else {
                skipCharacter()
                members.append(PatternItem(kind: .literal(quoted: false), range: memberStart..<index))
            }
        }
        add(.characterClass(negated: negated, members: firstMember..<members.count), from: start)
    }

    /// The end of a POSIX name whose `[` is just before `offset` (`[:alpha:]`, `[.x.]`,
    /// `[=x=]`), or nil when the text there is no POSIX name (`check_posix_syntax`).
    private func posixEnd(from offset: Int) -> Int? {
        guard let terminator = byte(at: offset),
            terminator == PatternByte.colon || terminator == PatternByte.dot || terminator == PatternByte.equals
        else { return nil }
        var at = offset + 1
        while bytes.count - at >= 2 {
            let byte = bytes[at]
            let following = bytes[at + 1]
            if byte == PatternByte.backslash
                && (following == PatternByte.closeBracket || following == PatternByte.backslash)
            {
                at += 1
            } else if (byte == PatternByte.openBracket && following == terminator) || byte == PatternByte.closeBracket {
                return nil
            } else if byte == terminator && following == PatternByte.closeBracket {
                return at + 2
            }
            at += 1
        }
        return nil
    }
}
