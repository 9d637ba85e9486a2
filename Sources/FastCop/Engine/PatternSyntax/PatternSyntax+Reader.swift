import CPCRE2

extension PatternSyntax {
    /// The reading itself: one pass over the text, with the options in effect at each point
    /// (extended mode, automatic capture) scoped to their groups and the groups counted as they
    /// open, as `parse_regex` in PCRE2 10.42 keeps them.
    struct Reader {
        let bytes: [UInt8]
        let literalMode: Bool
        var index = 0
        var items: [PatternItem] = []
        var members: [PatternItem] = []
        /// Groups opened so far (PCRE2's `bracount`): decides whether `\12` is a back reference.
        var captures = 0
        var options: Options
        var frames: [Frame] = []
        /// Inside `\Q…\E`.
        var quoting = false
        /// The newline convention that ends an extended-mode comment.
        var newline = Newline.any

        /// The options in effect, as PCRE2 option bits (`PCRE2_CASELESS`, `PCRE2_EXTENDED`…): those
        /// an inline setting may change.
        struct Options: Equatable {
            var bits: UInt32
            var extended: Bool { bits & UInt32(PCRE2_EXTENDED) != 0 }
            var extendedMore: Bool { bits & UInt32(PCRE2_EXTENDED_MORE) != 0 }
            var noAutoCapture: Bool { bits & UInt32(PCRE2_NO_AUTO_CAPTURE) != 0 }
            /// What `(?^)` unsets: `imnsx` and `xx`.
            static let resetByCaret = UInt32(
                PCRE2_CASELESS | PCRE2_MULTILINE | PCRE2_NO_AUTO_CAPTURE | PCRE2_DOTALL | PCRE2_EXTENDED
                    | PCRE2_EXTENDED_MORE)
            /// Every option an inline setting names.
            static let inline = resetByCaret | UInt32(PCRE2_DUPNAMES | PCRE2_UNGREEDY)
        }

        /// An open group: the options to restore at its end and, for `(?|`, the group count
        /// each branch starts from and the highest reached.
        struct Frame {
            var saved: Options
            var resetBase: Int?
            var resetMaximum = 0
        }

        /// What ends a `#` comment in extended mode.
        enum Newline { case lineFeed, carriageReturn, crlf, anyCRLF, any, nul }

        init(bytes: [UInt8], flags: UInt32, newline: EngineNewline) {
            self.bytes = bytes
            self.literalMode = flags & UInt32(PCRE2_LITERAL) != 0
            self.options = Options(bits: flags & Options.inline)
            self.newline = newline == .lineFeed ? .lineFeed : .any
        }

        /// The number of groups once the text is read.
        var captureCount: Int { frames.reduce(captures) { max($0, $1.resetBase == nil ? 0 : $1.resetMaximum) } }

        func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
        var next: UInt8? { byte(at: index) }

        mutating func add(_ kind: PatternItem.Kind, from start: Int) {
            items.append(PatternItem(kind: kind, range: start..<index))
        }

        /// Moves past one character: a whole UTF-8 sequence.
        mutating func skipCharacter() {
            index += 1
            while let byte = next, byte & 0xC0 == 0x80 { index += 1 }
        }

        /// Moves just past the first `terminator` from `offset`, or returns false (index kept).
        mutating func skip(to terminator: UInt8, from offset: Int) -> Bool {
            guard let end = bytes[min(offset, bytes.count)...].firstIndex(of: terminator) else { return false }
            index = end + 1
            return true
        }

        mutating func read() {
            // An item holds at least one byte: the items never outgrow this.
            items.reserveCapacity(bytes.count)
            if literalMode {
                while index < bytes.count {
                    let start = index
                    skipCharacter()
                    add(.literal(quoted: false), from: start)
                }
                return
            }
            readLeadingSettings()
            while index < bytes.count {
                if quoting {
                    items.append(readQuoted())
                    continue
                }
                if options.extended, skipWhiteSpaceAndComment() { continue }
                let start = index
                switch bytes[index] {
                case PatternByte.backslash:
                    items.append(readEscape(inClass: false))
                case PatternByte.openBracket:
                    readClass()
                case PatternByte.openParenthesis:
                    readOpening()
                case PatternByte.closeParenthesis:
                    index += 1
                    close()
                    add(.close, from: start)
                case PatternByte.verticalBar:
                    index += 1
                    if let base = frames.last?.resetBase {
                        frames[frames.count - 1].resetMaximum = max(frames[frames.count - 1].resetMaximum, captures)
                        captures = base
                    }
                    add(.alternation, from: start)
                case PatternByte.caret, PatternByte.dollar, PatternByte.dot:
                    index += 1
                    let byte = bytes[start]
                    add(
                        byte == PatternByte.caret ? .circumflex : byte == PatternByte.dollar ? .dollar : .dot,
                        from: start)
                case PatternByte.asterisk, PatternByte.plus, PatternByte.question:
                    index += 1
                    readQuantifierModifier(from: start)
                case PatternByte.openBrace:
                    if let end = countedRepeatEnd(from: index) {
                        index = end
                        readQuantifierModifier(from: start)
                    } else {
                        index += 1
                        add(.literal(quoted: false), from: start)
                    }
                default:
                    skipCharacter()
                    add(.literal(quoted: false), from: start)
                }
            }
        }

        /// A possessive `+` or lazy `?` after a quantifier, then the quantifier's item.
        mutating func readQuantifierModifier(from start: Int) {
            if next == PatternByte.plus || next == PatternByte.question { index += 1 }
            add(.quantifier, from: start)
        }

        /// The end of `{n}`, `{n,}` or `{n,m}` at `offset` (PCRE2 10.42 reads no other form
        /// as a quantifier: `{,m}` and `{ n }` are literal text), or nil.
        private func countedRepeatEnd(from offset: Int) -> Int? {
            var at = offset + 1
            let digits = { (from: Int) -> Int in
                var end = from
                while end < bytes.count, bytes[end].isASCIIDigit { end += 1 }
                return end
            }
            let firstEnd = digits(at)
            guard firstEnd > at else { return nil }
            at = firstEnd
            if byte(at: at) == PatternByte.comma { at = digits(at + 1) }
            return byte(at: at) == PatternByte.closeBrace ? at + 1 : nil
        }

        /// One character between `\Q` and `\E`, or the `\E` itself.
        mutating func readQuoted() -> PatternItem {
            let start = index
            if next == PatternByte.backslash, byte(at: index + 1) == PatternByte.upperE {
                index += 2
                quoting = false
                return PatternItem(kind: .quote, range: start..<index)
            }
            skipCharacter()
            return PatternItem(kind: .literal(quoted: true), range: start..<index)
        }

        /// White space or a `#` comment in extended mode, as one comment item; false when
        /// neither stands here.
        private mutating func skipWhiteSpaceAndComment() -> Bool {
            let start = index
            while index < bytes.count {
                if let length = whiteSpaceLength(at: index) {
                    index += length
                } else if bytes[index] == PatternByte.hash {
                    index += 1
                    while index < bytes.count {
                        if let length = newlineLength(at: index) {
                            index += length
                            break
                        }
                        skipCharacter()
                    }
                } else {
                    break
                }
            }
            guard index > start else { return false }
            add(.comment, from: start)
            return true
        }

        /// The length of the white space PCRE2 skips in extended mode at `offset`: tab, LF,
        /// VT, FF, CR and space, and (in UTF mode) U+0085, U+200E, U+200F, U+2028 and U+2029.
        private func whiteSpaceLength(at offset: Int) -> Int? {
            let byte = bytes[offset]
            if byte == 0x20 || (0x09...0x0D).contains(byte) { return 1 }
            if byte == 0xC2, self.byte(at: offset + 1) == 0x85 { return 2 }
            if byte == 0xE2, self.byte(at: offset + 1) == 0x80, let third = self.byte(at: offset + 2),
                third == 0x8E || third == 0x8F || third == 0xA8 || third == 0xA9
            {
                return 3
            }
            return nil
        }

        /// The length of the newline at `offset`, by the convention in effect, or nil.
        private func newlineLength(at offset: Int) -> Int? {
            let byte = bytes[offset]
            let crlf = byte == 0x0D && self.byte(at: offset + 1) == 0x0A
            switch newline {
            case .lineFeed: return byte == 0x0A ? 1 : nil
            case .carriageReturn: return byte == 0x0D ? 1 : nil
            case .crlf: return crlf ? 2 : nil
            case .nul: return byte == 0 ? 1 : nil
            case .anyCRLF: return crlf ? 2 : (byte == 0x0A || byte == 0x0D ? 1 : nil)
            case .any:
                if crlf { return 2 }
                if (0x0A...0x0D).contains(byte) { return 1 }
                if byte == 0xC2, self.byte(at: offset + 1) == 0x85 { return 2 }
                if byte == 0xE2, self.byte(at: offset + 1) == 0x80, let third = self.byte(at: offset + 2),
                    third == 0xA8 || third == 0xA9
                {
                    return 3
                }
                return nil
            }
        }

        /// The leading settings without a value, with the newline convention of those that set one.
        private static let leadingSettings: [String: Newline?] = [
            "UTF": nil, "UCP": nil, "NO_AUTO_POSSESS": nil, "NO_DOTSTAR_ANCHOR": nil, "NO_JIT": nil,
            "NO_START_OPT": nil, "NOTEMPTY": nil, "NOTEMPTY_ATSTART": nil, "BSR_ANYCRLF": nil, "BSR_UNICODE": nil,
            "CR": .carriageReturn, "LF": .lineFeed, "CRLF": .crlf, "ANYCRLF": .anyCRLF, "ANY": .any, "NUL": .nul,
        ]
        /// The leading settings with a value.
        private static let limits = ["LIMIT_HEAP=", "LIMIT_MATCH=", "LIMIT_DEPTH=", "LIMIT_RECURSION="]

        /// The settings at the pattern's very start: `(*UTF)`, `(*UCP)`, `(*CRLF)`,
        /// `(*LIMIT_MATCH=10)`… (anywhere else, PCRE2 reads them as unknown verbs).
        private mutating func readLeadingSettings() {
            while next == PatternByte.openParenthesis, byte(at: index + 1) == PatternByte.asterisk,
                let close = bytes[index...].firstIndex(of: PatternByte.closeParenthesis)
            {
                let name = String(decoding: bytes[(index + 2)..<close], as: UTF8.self)
                if let convention = Self.leadingSettings[name] {
                    if let convention { newline = convention }
                } else if let limit = Self.limits.first(where: name.hasPrefix) {
                    let digits = name.dropFirst(limit.count)
                    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return }
                } else {
                    return
                }
                let start = index
                index = close + 1
                add(.leadingSetting, from: start)
            }
        }

        /// Ends the innermost group: its options end with it, and a `(?|` group leaves the
        /// highest count any of its branches reached.
        private mutating func close() {
            guard let frame = frames.popLast() else { return }
            options = frame.saved
            if frame.resetBase != nil { captures = max(captures, frame.resetMaximum) }
        }

        /// Opens a group, saving the options in effect.
        mutating func open(_ group: PatternItem.Group, from start: Int) {
            frames.append(Frame(saved: options, resetBase: group == .branchReset ? captures : nil))
            add(.open(group), from: start)
        }
    }
}
