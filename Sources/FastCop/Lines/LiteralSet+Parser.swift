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

    /// A reader of the pattern syntax the alternatives may use, over the pattern's UTF-8 bytes:
    /// an alternative that is one `(?:…)` group is that group's alternatives; otherwise its
    /// items are literal characters (escaped ASCII punctuation among them), classes, `.`, `^`,
    /// `$`, quantifiers, the escapes `\d \D \w \W \s \S \h \H \v \V \b \B \A \z \Z \G \K`, the
    /// control characters `\t \n \r \f \e \a` (never part of a run), `\p`
    /// and `\P` (which match one character or nothing), and groups, read past as one item
    /// (capturing, `(?:`, lookarounds, atomic, branch reset, named). Everything else refuses
    /// the pattern: other escapes (`\x`, `\Q`, back references, `\N`…), inline options, verbs,
    /// conditions, comments, calls, a `{` that is not a counted repeat.
    struct Parser {
        let bytes: [UInt8]
        let caseInsensitive: Bool
        private(set) var index = 0

        init(bytes: [UInt8], caseInsensitive: Bool) {
            self.bytes = bytes
            self.caseInsensitive = caseInsensitive
        }

        private func byte(_ offset: Int = 0) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        /// Alternatives up to the end or a `)`.
        mutating func alternation() -> [Branch]? {
            var branches: [Branch] = []
            while true {
                guard let branch = alternative() else { return nil }
                branches += branch
                guard byte() == UInt8(ascii: "|") else { return branches }
                index += 1
            }
        }

        /// One alternative: a whole `(?:…)` group's alternatives, or a sequence's.
        private mutating func alternative() -> [Branch]? {
            if byte() == UInt8(ascii: "("), byte(1) == UInt8(ascii: "?"), byte(2) == UInt8(ascii: ":") {
                let start = index
                index += 3
                if let inner = alternation(), byte() == UInt8(ascii: ")") {
                    index += 1
                    if byte() == nil || byte() == UInt8(ascii: "|") || byte() == UInt8(ascii: ")") { return inner }
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
            while let next = byte(), next != UInt8(ascii: "|"), next != UInt8(ascii: ")") {
                switch next {
                case UInt8(ascii: "\\"):
                    guard let escaped = byte(1) else { return nil }
                    if escaped < 0x80 && !Self.isAlphanumeric(escaped) {
                        run.append(bytes[(index + 1)...(index + 1)])
                        index += 2
                        continue
                    }
                    guard escape() else { return nil }
                    run.other()
                case UInt8(ascii: "["):
                    guard skipClass() else { return nil }
                    run.other()
                case UInt8(ascii: "("):
                    if let texts = requiredGroup() {
                        let score = texts.map(Self.score).min() ?? 0
                        if score > factor?.score ?? 0 { factor = (texts, score) }
                    } else {
                        guard skipGroup() else { return nil }
                    }
                    run.other()
                case UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "$"):
                    index += 1
                    run.other()
                case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{"):
                    guard skipQuantifier() else { return nil }
                    run.quantifier()
                default:
                    let length = Run.characterLength(next)
                    guard index + length <= bytes.count else { return nil }
                    run.append(bytes[index..<(index + length)])
                    index += length
                }
            }
            let branch = run.branch
            guard !branch.exact, branch.text.count < LiteralSet.minimumRequired, let factor else { return [branch] }
            return factor.texts.map { Branch(text: $0, exact: false) }
        }

        /// At `(`: a capturing or `(?:` group whose every alternative requires a text of at
        /// least ``LiteralSet/minimumRequired`` bytes, and which no quantifier after it lets be
        /// absent: reads past it and gives those texts; nil (nothing read) for any other group.
        private mutating func requiredGroup() -> [[UInt8]]? {
            let start = index
            index += 1
            // A verb or an alphabetic assertion (`(*ACCEPT)`), which ``skipGroup()`` refuses.
            if byte() == UInt8(ascii: "*") {
                index = start
                return nil
            }
            if byte() == UInt8(ascii: "?") {
                guard byte(1) == UInt8(ascii: ":") else {
                    index = start
                    return nil
                }
                index += 2
            }
            guard let inner = alternation(), byte() == UInt8(ascii: ")"),
                inner.allSatisfy({ $0.text.count >= LiteralSet.minimumRequired })
            else {
                index = start
                return nil
            }
            index += 1
            // `?`, `*` and `{0…}` let the group be absent: it requires nothing.
            if byte() == UInt8(ascii: "?") || byte() == UInt8(ascii: "*")
                || (byte() == UInt8(ascii: "{") && byte(1) == UInt8(ascii: "0"))
            {
                return []
            }
            return inner.map(\.text)
        }

        /// How well a text picks out the lines holding it: four for a letter or a non-ASCII
        /// byte, one for a space, a digit or punctuation (most log lines hold those).
        static func score(_ text: [UInt8]) -> Int {
            text.reduce(0) { $0 + (Self.isAlphanumeric($1) && $1 > 0x39 || $1 >= 0x80 ? 4 : 1) }
        }

        private static func isAlphanumeric(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20)
        }

        /// At a backslash and a letter or digit: skips an escape that matches one character of
        /// a class or one control character (`\t`), or none (an assertion); false for any other.
        private mutating func escape() -> Bool {
            guard let letter = byte(1) else { return false }
            if "dDwWsShHvVbBAzZGKtnrfea".utf8.contains(letter) {
                index += 2
                return true
            }
            guard letter == UInt8(ascii: "p") || letter == UInt8(ascii: "P") else { return false }
            index += 2
            guard byte() == UInt8(ascii: "{") else {
                index += 1  // \pL
                return index <= bytes.count
            }
            while let next = byte(), next != UInt8(ascii: "}") { index += 1 }
            index += 1
            return index <= bytes.count
        }

        /// At a quantifier: skips it and a lazy or possessive mark; false for a `{` that is not
        /// `{n}`, `{n,}` or `{n,m}`.
        private mutating func skipQuantifier() -> Bool {
            if byte() == UInt8(ascii: "{") {
                var end = index + 1
                var digits = 0
                while end < bytes.count, (0x30...0x39).contains(bytes[end]) || bytes[end] == UInt8(ascii: ",") {
                    if bytes[end] != UInt8(ascii: ",") { digits += 1 }
                    end += 1
                }
                guard end < bytes.count, bytes[end] == UInt8(ascii: "}"), digits > 0,
                    (0x30...0x39).contains(bytes[index + 1])
                else { return false }
                index = end + 1
            } else {
                index += 1
            }
            if byte() == UInt8(ascii: "?") || byte() == UInt8(ascii: "+") { index += 1 }
            return true
        }

        /// At `[`: skips the class (a `]` first is literal; escapes and POSIX classes inside do
        /// not end it); false for `\Q` or `\E` inside, or no end.
        private mutating func skipClass() -> Bool {
            index += 1
            if byte() == UInt8(ascii: "^") { index += 1 }
            if byte() == UInt8(ascii: "]") { index += 1 }
            while let next = byte() {
                switch next {
                case UInt8(ascii: "]"):
                    index += 1
                    return true
                case UInt8(ascii: "\\"):
                    if byte(1) == UInt8(ascii: "Q") || byte(1) == UInt8(ascii: "E") { return false }
                    index += 2
                case UInt8(ascii: "[") where byte(1) == UInt8(ascii: ":"):
                    index += 2
                    while let inner = byte(), !(inner == UInt8(ascii: ":") && byte(1) == UInt8(ascii: "]")) {
                        index += 1
                    }
                    index += 2
                default:
                    index += 1
                }
            }
            return false
        }

        /// At `(`: skips a group read as one item, its inside read only to find its end; false
        /// for a kind of group or an item inside that refuses the pattern.
        private mutating func skipGroup() -> Bool {
            index += 1
            if byte() == UInt8(ascii: "*") { return false }  // a verb or an alphabetic assertion
            if byte() == UInt8(ascii: "?") {
                switch (byte(1), byte(2)) {
                case (UInt8(ascii: ":"), _), (UInt8(ascii: "="), _), (UInt8(ascii: "!"), _), (UInt8(ascii: ">"), _),
                    (UInt8(ascii: "|"), _):
                    index += 2
                case (UInt8(ascii: "<"), UInt8(ascii: "=")), (UInt8(ascii: "<"), UInt8(ascii: "!")):
                    index += 3
                case (UInt8(ascii: "<"), let first?) where Self.isAlphanumeric(first) || first == UInt8(ascii: "_"):
                    index += 2  // a named group: its name is read past as text
                case (UInt8(ascii: "P"), UInt8(ascii: "<")), (UInt8(ascii: "'"), _):
                    index += 2
                default:
                    return false
                }
            }
            while let next = byte() {
                switch next {
                case UInt8(ascii: ")"):
                    index += 1
                    return true
                case UInt8(ascii: "\\"):
                    guard let escaped = byte(1), escaped != UInt8(ascii: "Q"), escaped != UInt8(ascii: "E") else {
                        return false
                    }
                    index += 2
                case UInt8(ascii: "["):
                    guard skipClass() else { return false }
                case UInt8(ascii: "("):
                    guard skipGroup() else { return false }
                default:
                    index += 1
                }
            }
            return false
        }
    }
}
