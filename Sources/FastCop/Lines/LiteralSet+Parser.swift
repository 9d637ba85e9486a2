extension LiteralSet {
    /// One alternative of a pattern: a text every match of it holds, and whether the
    /// alternative is that text and nothing else.
    struct Branch {
        var text: [UInt8]
        var exact: Bool

        /// The literal text `bytes` as an alternative: exact, unless a character of it is not
        /// itself byte for byte (``Run/append(_:)``), when its longest run that is is required.
        init(literal bytes: [UInt8], caseInsensitive: Bool) {
            var run = Run(caseInsensitive: caseInsensitive)
            var index = 0
            while index < bytes.count {
                let length = Run.characterLength(bytes[index])
                run.append(bytes[index..<min(bytes.count, index + length)])
                index += length
            }
            self = run.branch
        }

        init(text: [UInt8], exact: Bool) {
            self.text = text
            self.exact = exact
        }
    }

    /// The literal runs of one alternative as it is read: the current run, the longest so far,
    /// and whether the alternative is still nothing but literal text.
    struct Run {
        let caseInsensitive: Bool
        private var current: [UInt8] = []
        private var best: [UInt8] = []
        /// The length of the last character of `current` (0 when the last item was no character).
        private var lastLength = 0
        private(set) var exact = true

        init(caseInsensitive: Bool) { self.caseInsensitive = caseInsensitive }

        /// The bytes of a UTF-8 character that starts with `lead` (1 for a stray byte).
        static func characterLength(_ lead: UInt8) -> Int {
            switch lead {
            case 0xC0...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF7: 4
            default: 1
            }
        }

        /// Adds a literal character (its UTF-8 bytes). A character that is not itself byte for
        /// byte on any line ends the run instead: a line terminator the library's default knows
        /// (LF, VT, FF, CR, NEL, LS, PS), and under `-i` a non-ASCII character that has other
        /// cases.
        mutating func append(_ character: ArraySlice<UInt8>) {
            let scalar = String(decoding: character, as: UTF8.self).unicodeScalars.first
            guard let scalar, String(scalar).utf8.count == character.count,
                ![0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(scalar.value),
                !caseInsensitive || scalar.isASCII
                    || !(scalar.properties.isCased || scalar.properties.changesWhenCaseMapped)
            else {
                other()
                return
            }
            current += caseInsensitive ? character.map(LiteralSet.lower) : Array(character)
            lastLength = character.count
        }

        /// Ends the run at an item that is not a literal character.
        mutating func other() {
            if current.count > best.count { best = current }
            current = []
            lastLength = 0
            exact = false
        }

        /// A quantifier: the item before it may be absent or repeated, so its character (when
        /// it is one) is not required, and the run ends.
        mutating func quantifier() {
            current.removeLast(lastLength)
            other()
        }

        /// The alternative read.
        var branch: Branch {
            exact ? Branch(text: current, exact: true) : Branch(text: max(current, best), exact: false)
        }

        private func max(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] { a.count > b.count ? a : b }
    }

    /// The alternatives of a pattern, from its items (``PatternSyntax``): an alternative that is
    /// one `(?:…)` group is that group's alternatives; otherwise its items are literal
    /// characters (escaped ASCII punctuation among them), classes, `.`, `^`, `$`, quantifiers,
    /// the escapes `\d \D \w \W \s \S \h \H \v \V`, the assertions (`\b`, `\A`, `\K`…), the
    /// control characters `\t \n \r \f \e \a` (never part of a run), `\p` and `\P` (which
    /// match one character or nothing), and groups, read past as one item (capturing, `(?:`,
    /// lookarounds, atomic, branch reset, named, script runs). Anything else outside a group
    /// refuses the pattern (other escapes: `\x`, back references, `\N`…; a `{` that is not a
    /// counted repeat), and so do, anywhere, inline options, verbs and leading settings,
    /// conditions, comments, calls, callouts and `\Q…\E`.
    struct Parser {
        let syntax: PatternSyntax
        let caseInsensitive: Bool
        /// The next item.
        private(set) var index = 0

        /// A reader of `syntax`'s alternatives, or nil when an item anywhere refuses the pattern.
        init?(_ syntax: PatternSyntax, caseInsensitive: Bool) {
            let refused = syntax.items.contains { item in
                switch item.kind {
                case .verb, .leadingSetting, .optionSetting, .open(.scopedOptions), .open(.condition), .comment,
                    .quote, .call, .escape(.call), .namedReference, .callout:
                    return true
                default:
                    return false
                }
            }
            guard !refused else { return nil }
            self.syntax = syntax
            self.caseInsensitive = caseInsensitive
        }

        /// Whether every item was read.
        var readAll: Bool { index == syntax.items.count }

        private var item: PatternItem? { index < syntax.items.count ? syntax.items[index] : nil }

        /// Alternatives up to the end or a `)`.
        mutating func alternation() -> [Branch]? {
            var branches: [Branch] = []
            while true {
                guard let branch = alternative() else { return nil }
                branches += branch
                guard item?.kind == .alternation else { return branches }
                index += 1
            }
        }

        /// Whether the items end here, or an alternative or a group does.
        private var atEnd: Bool { item == nil || item?.kind == .alternation || item?.kind == .close }

        /// One alternative: a whole `(?:…)` group's alternatives, or a sequence's.
        private mutating func alternative() -> [Branch]? {
            if item?.kind == .open(.nonCapturing) {
                let start = index
                index += 1
                if let inner = alternation(), item?.kind == .close {
                    index += 1
                    if atEnd { return inner }
                }
                index = start
            }
            return sequence()
        }

        /// The items up to `|`, `)` or the end: the alternative's longest literal run; or, when
        /// that is too short to look for (under ``LiteralSet/minimumRequired`` bytes), the texts of
        /// a group each of whose alternatives requires one (`(disk|filesystem) (full|read-only)`:
        /// disk or filesystem; of several groups the one ``score(_:)`` rates best), texts PCRE2
        /// confirms. (Not when the run is long enough: more texts can leave the SIMD probes for
        /// the automaton, slower per byte than PCRE2 confirming a few more lines.)
        private mutating func sequence() -> [Branch]? {
            var run = Run(caseInsensitive: caseInsensitive)
            var factor: (texts: [[UInt8]], score: Int)? = nil
            while !atEnd, let next = item {
                switch next.kind {
                case .literal:
                    let text = syntax.text(of: next)
                    // A `{` that is not a counted repeat, refused as it always was.
                    guard text.first != PatternByte.openBrace else { return nil }
                    run.append(text)
                    index += 1
                case .escape:
                    if let punctuation = syntax.escapedPunctuation(next) {
                        run.append([punctuation][...])
                    } else {
                        guard stands(next) else { return nil }
                        run.other()
                    }
                    index += 1
                case .open(let group):
                    if group == .plain(captures: true) || group == .plain(captures: false) || group == .nonCapturing,
                        let texts = requiredGroup()
                    {
                        let score = texts.map(Self.score).min() ?? 0
                        if score > factor?.score ?? 0 { factor = (texts, score) }
                    } else {
                        guard let close = syntax.closeIndex(ofGroupAt: index) else { return nil }
                        index = close + 1
                    }
                    run.other()
                case .characterClass, .dot, .circumflex, .dollar:
                    index += 1
                    run.other()
                case .quantifier:
                    index += 1
                    run.quantifier()
                default:
                    return nil
                }
            }
            let branch = run.branch
            guard !branch.exact, branch.text.count < LiteralSet.minimumRequired, let factor else { return [branch] }
            return factor.texts.map { Branch(text: $0, exact: false) }
        }

        /// The escapes that stand in an alternative as one item outside its run: those that
        /// match one character of a class or one control character (`\t`), or none (an
        /// assertion), and `\p`, `\P`.
        private func stands(_ escape: PatternItem) -> Bool {
            let letter = syntax.escapedByte(of: escape) ?? 0
            switch escape.kind {
            case .escape(.character): return letter.isOne(of: "tnrfea")
            case .escape(.type): return letter.isOne(of: "dDwWsShHvV")
            case .escape(.assertion), .escape(.property): return true
            default: return false
            }
        }

        /// At a capturing or `(?:` group: when its every alternative requires a text of at least
        /// ``LiteralSet/minimumRequired`` bytes, and no quantifier after it lets it be absent,
        /// reads past it and gives those texts; empty when a quantifier lets it be absent; nil
        /// (nothing read) otherwise.
        private mutating func requiredGroup() -> [[UInt8]]? {
            let start = index
            index += 1
            guard let inner = alternation(), item?.kind == .close,
                inner.allSatisfy({ $0.text.count >= LiteralSet.minimumRequired })
            else {
                index = start
                return nil
            }
            index += 1
            if let quantifier = item, quantifier.kind == .quantifier, syntax.allowsNone(quantifier) { return [] }
            return inner.map(\.text)
        }

        /// How well a text picks out the lines holding it: four for a letter or a non-ASCII
        /// byte, one for a space, a digit or punctuation (most log lines hold those).
        static func score(_ text: [UInt8]) -> Int {
            text.reduce(0) { $0 + ($1.isASCIILetter || $1 >= 0x80 ? 4 : 1) }
        }
    }
}
