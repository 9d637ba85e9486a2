import CPCRE2

extension PatternSyntax.Reader {
    /// What an opening parenthesis at `index` starts: a group, a verb, an option setting, a
    /// call, a callout or a comment.
    mutating func readOpening() {
        let start = index
        let second = byte(at: index + 1)
        if second == PatternByte.asterisk, let third = byte(at: index + 2),
            third.isASCIILetter || third == PatternByte.colon
        {
            readStarred(from: start)
        } else if second == PatternByte.question {
            readQuestion(from: start)
        } else {
            index += 1
            let captures = !options.noAutoCapture
            if captures { self.captures += 1 }
            open(.plain(captures: captures), from: start)
        }
    }

    /// `(*NAME…`: a group by its alphabetic name (`(*atomic:`, `(*pla:`…) or a verb with or
    /// without an argument (`(*COMMIT)`, `(*MARK:x)`, `(*:x)`).
    private mutating func readStarred(from start: Int) {
        var end = index + 2
        while end < bytes.count, bytes[end].isNameCharacter { end += 1 }
        let name = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
        if byte(at: end) == PatternByte.colon, let group = Self.alphabeticGroups[name] {
            index = end + 1
            open(group, from: start)
            return
        }
        index = end
        if !skip(to: PatternByte.closeParenthesis, from: end) { index = bytes.count }
        add(.verb(Self.verbs[name] ?? .unknown), from: start)
    }

    /// The backtracking verbs by name (`(*:x)` is `(*MARK:x)`).
    private static let verbs: [String: PatternItem.Verb] = [
        "ACCEPT": .accept, "FAIL": .fail, "F": .fail, "MARK": .mark, "": .mark, "COMMIT": .commit,
        "PRUNE": .prune, "SKIP": .skip, "THEN": .then,
    ]

    /// The groups PCRE2 10.42 names with `(*name:`.
    private static let alphabeticGroups: [String: PatternItem.Group] = [
        "pla": .lookaround, "plb": .lookaround, "nla": .lookaround, "nlb": .lookaround,
        "positive_lookahead": .lookaround, "positive_lookbehind": .lookaround, "negative_lookahead": .lookaround,
        "negative_lookbehind": .lookaround, "napla": .lookaround, "naplb": .lookaround,
        "non_atomic_positive_lookahead": .lookaround, "non_atomic_positive_lookbehind": .lookaround,
        "atomic": .atomic, "sr": .scriptRun, "asr": .scriptRun, "script_run": .scriptRun,
        "atomic_script_run": .scriptRun,
    ]

    /// `(?…`
    private mutating func readQuestion(from start: Int) {
        guard let third = byte(at: index + 2) else {
            index = bytes.count
            open(.nonCapturing, from: start)
            return
        }
        let fourth = byte(at: index + 3)
        switch third {
        case PatternByte.hash:
            if !skip(to: PatternByte.closeParenthesis, from: index + 3) { index = bytes.count }
            add(.comment, from: start)
        case _ where Self.groupsByThirdByte[third] != nil:
            index += 3
            open(Self.groupsByThirdByte[third] ?? .nonCapturing, from: start)
        case PatternByte.lessThan
        where fourth == PatternByte.equals || fourth == PatternByte.exclamation
            || fourth == PatternByte.asterisk:
            index += 4
            open(.lookaround, from: start)
        case PatternByte.lessThan:
            readNamedGroup(from: start, nameAt: index + 3, terminator: PatternByte.greaterThan)
        case PatternByte.apostrophe:
            readNamedGroup(from: start, nameAt: index + 3, terminator: PatternByte.apostrophe)
        case PatternByte.upperP where fourth == PatternByte.lessThan:
            readNamedGroup(from: start, nameAt: index + 4, terminator: PatternByte.greaterThan)
        case PatternByte.upperP where fourth == PatternByte.equals:
            readToClose(from: start, .namedReference)
        case PatternByte.upperP where fourth == PatternByte.greaterThan, PatternByte.ampersand, PatternByte.upperR:
            readToClose(from: start, .call)
        case PatternByte.plus where fourth?.isASCIIDigit == true, PatternByte.hyphen where fourth?.isASCIIDigit == true:
            readToClose(from: start, .call)
        case _ where third.isASCIIDigit:
            readToClose(from: start, .call)
        case PatternByte.upperC:
            readCallout(from: start)
        case PatternByte.openParenthesis:
            if fourth == PatternByte.question || fourth == PatternByte.asterisk {
                // An assertion as the condition: it follows as a group of its own.
                index += 2
            } else if !skip(to: PatternByte.closeParenthesis, from: index + 3) {
                index = bytes.count
            }
            open(.condition, from: start)
        default:
            readOptions(from: start)
        }
    }

    /// The groups `(?:`, `(?|`, `(?>`, `(?=`, `(?!` and `(?*`, by their third byte.
    private static let groupsByThirdByte: [UInt8: PatternItem.Group] = [
        PatternByte.colon: .nonCapturing, PatternByte.verticalBar: .branchReset, PatternByte.greaterThan: .atomic,
        PatternByte.equals: .lookaround, PatternByte.exclamation: .lookaround, PatternByte.asterisk: .lookaround,
    ]

    /// `(?<name>`, `(?'name'` or `(?P<name>`: a group that always captures.
    private mutating func readNamedGroup(from start: Int, nameAt offset: Int, terminator: UInt8) {
        if !skip(to: terminator, from: offset) { index = bytes.count }
        captures += 1
        open(.named, from: start)
    }

    /// An item that runs to the next `)`: a call or a reference by name.
    private mutating func readToClose(from start: Int, _ kind: PatternItem.Kind) {
        if !skip(to: PatternByte.closeParenthesis, from: index + 2) { index = bytes.count }
        add(kind, from: start)
    }

    /// The delimiters of a callout's text, opening to closing.
    private static let calloutDelimiters: [UInt8: UInt8] = Dictionary(
        uniqueKeysWithValues: "`'\"^%#$".utf8.map { ($0, $0) } + [(PatternByte.openBrace, PatternByte.closeBrace)])

    /// `(?C)`, `(?C12)` or `(?C"text")`, whose text may hold its delimiter doubled.
    private mutating func readCallout(from start: Int) {
        index += 3
        if let opening = next, let terminator = Self.calloutDelimiters[opening] {
            index += 1
            while index < bytes.count {
                if bytes[index] == terminator {
                    if byte(at: index + 1) == terminator {
                        index += 2
                        continue
                    }
                    index += 1
                    break
                }
                index += 1
            }
        }
        if !skip(to: PatternByte.closeParenthesis, from: index) { index = bytes.count }
        add(.callout, from: start)
    }

    /// The option letters other than `x`, by the option each sets.
    private static let optionLetters: [UInt8: UInt32] = [
        UInt8(ascii: "i"): UInt32(PCRE2_CASELESS), UInt8(ascii: "m"): UInt32(PCRE2_MULTILINE),
        UInt8(ascii: "n"): UInt32(PCRE2_NO_AUTO_CAPTURE), UInt8(ascii: "s"): UInt32(PCRE2_DOTALL),
        UInt8(ascii: "J"): UInt32(PCRE2_DUPNAMES), UInt8(ascii: "U"): UInt32(PCRE2_UNGREEDY),
    ]

    /// Option letters after `(?`, up to `)` (a setting for the rest of the group) or `:` (a
    /// group with those options): `i`, `m`, `n`, `s`, `x`, `xx`, `J`, `U`, a leading `^` that
    /// unsets `imnsx`, and a `-` before the letters to unset. Unsetting `x` unsets `xx`, and
    /// setting `x` alone unsets `xx` too.
    private mutating func readOptions(from start: Int) {
        var end = index + 2
        var updated = options
        var unsetting = false
        if byte(at: end) == PatternByte.caret {
            updated.bits &= ~Options.resetByCaret
            end += 1
        }
        while let letter = byte(at: end),
            letter == PatternByte.hyphen || letter == PatternByte.lowerX || Self.optionLetters[letter] != nil
        {
            end += 1
            var bits = Self.optionLetters[letter] ?? 0
            if letter == PatternByte.hyphen {
                unsetting = true
            } else if letter == PatternByte.lowerX {
                let double = byte(at: end) == PatternByte.lowerX
                if double { end += 1 }
                bits = UInt32(PCRE2_EXTENDED | PCRE2_EXTENDED_MORE)
                if !unsetting && !double {
                    updated.bits &= ~UInt32(PCRE2_EXTENDED_MORE)
                    bits = UInt32(PCRE2_EXTENDED)
                }
            }
            if unsetting { updated.bits &= ~bits } else { updated.bits |= bits }
        }
        let terminator = byte(at: end)
        guard terminator == PatternByte.closeParenthesis || terminator == PatternByte.colon else {
            // Not an option setting: PCRE2 refuses the pattern.
            index += 2
            open(.nonCapturing, from: start)
            return
        }
        index = end + 1
        if terminator == PatternByte.colon {
            open(.scopedOptions, from: start)
            options = updated
        } else {
            // PCRE2 makes an item only of a setting that changes an option.
            add(.optionSetting(changes: updated != options), from: start)
            options = updated
        }
    }
}
