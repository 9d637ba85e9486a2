#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pattern that is nothing but literal text or an alternation of literal texts
/// (`apple|banana|cherry`, the joined `(?:foo)|(?:bar)` of several `-e`, `-F` text), read from
/// its source: a line holds a match exactly when it holds one of the texts, so the line search
/// can select it without running PCRE2 (ripgrep does the same with its literal searchers).
///
/// Case-insensitive texts are taken only when they are ASCII without `k` or `s`: PCRE2 folds
/// those with U+212A (KELVIN SIGN) and U+017F (LONG S), which a byte compare would miss. Read
/// conservatively: anything else (a class, a quantifier, an escape that is not punctuation,
/// `(?` other than the joining `(?:`, extended mode, an empty text) gives no set.
package struct LiteralSet: Sendable {
    /// The texts, each at least two bytes, without LF.
    package let texts: [[UInt8]]
    /// Whether ASCII letters match either case.
    package let caseInsensitive: Bool
    /// For each text, its two rarest bytes' offsets, the bytes (lower case for letters when
    /// case-insensitive), and the case bit OR-ed into the input byte before comparing.
    private let probes: [Probe]
    /// The longest text's length.
    private let longest: Int
    /// The one text of a case-sensitive set, searched 64 positions at a time.
    package let single: RequiredLiteral?

    /// The bytes repeated in all 16 lanes, made once: a splat built inside the loop compiles to
    /// 16 stores through memory.
    private struct Probe: Sendable {
        var firstOffset: Int
        var first: SIMD16<UInt8>
        var firstFold: SIMD16<UInt8>
        var secondOffset: Int
        var second: SIMD16<UInt8>
        var secondFold: SIMD16<UInt8>
    }

    /// The most texts searched this way; more are left to PCRE2 (each text adds a compare
    /// per 16 bytes).
    static let maximumTexts = 12

    /// The set `source` is, or nil when it is not just literal texts.
    package init?(source: String, options: Pattern.Options) {
        guard !options.contains(.extended) else { return nil }
        var texts: [[UInt8]]
        if options.contains(.literal) {
            texts = [Array(source.utf8)]
        } else {
            var parser = Parser(characters: Substring(source))
            guard let parsed = parser.alternation(), parser.characters.isEmpty else { return nil }
            texts = parsed
        }
        caseInsensitive = options.contains(.caseInsensitive)
        guard !texts.isEmpty, texts.count <= Self.maximumTexts else { return nil }
        for text in texts {
            guard text.count >= 2, Self.isPlain(text, caseInsensitive: caseInsensitive) else { return nil }
        }
        if caseInsensitive { texts = texts.map { $0.map(Self.lower) } }
        self.texts = texts
        longest = texts.map(\.count).max() ?? 0
        single = texts.count == 1 && !caseInsensitive ? RequiredLiteral(bytes: texts[0]) : nil
        probes = texts.map { text in
            let ranked = text.indices.sorted { RequiredLiteral.rank(text[$0]) < RequiredLiteral.rank(text[$1]) }
            let (a, b) = (min(ranked[0], ranked[1]), max(ranked[0], ranked[1]))
            let fold = { (byte: UInt8) -> UInt8 in options.contains(.caseInsensitive) && Self.isLetter(byte) ? 0x20 : 0
            }
            return Probe(
                firstOffset: a, first: SIMD16(repeating: text[a]), firstFold: SIMD16(repeating: fold(text[a])),
                secondOffset: b, second: SIMD16(repeating: text[b]), secondFold: SIMD16(repeating: fold(text[b])))
        }
    }

    /// Whether `text` means itself byte for byte wherever a line is cut: no LF, no other line
    /// terminator the library's default knows (CR, VT, FF, NEL, LS, PS), and for a
    /// case-insensitive search ASCII only, without `k` and `s`.
    private static func isPlain(_ text: [UInt8], caseInsensitive: Bool) -> Bool {
        for (index, byte) in text.enumerated() {
            if byte == 0x0A || byte == 0x0B || byte == 0x0C || byte == 0x0D { return false }
            if byte == 0xC2 && index + 1 < text.count && text[index + 1] == 0x85 { return false }
            if byte == 0xE2 && index + 2 < text.count && text[index + 1] == 0x80 && text[index + 2] & 0xFE == 0xA8 {
                return false
            }
            if caseInsensitive && (byte >= 0x80 || "kKsS".utf8.contains(byte)) { return false }
        }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    private static func lower(_ byte: UInt8) -> UInt8 { isLetter(byte) ? byte | 0x20 : byte }

    /// The offset of the first place in `range` of `bytes` where one of the texts starts (and
    /// ends inside the range), or nil.
    ///
    /// Sixteen start positions at a time: for each text, its two rarest bytes compared at their
    /// places (16-byte compares); where one text's both are there, the text is compared whole.
    package func next(in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> Int? {
        if let single { return single.next(in: bytes, range: range) }
        guard let base = bytes.baseAddress else { return nil }
        var start = range.lowerBound
        // Every load of the wide loops stays inside the range. Thirty-two positions at a time:
        // each probe's splats are loaded once for two compares (five texts cost 70 instructions
        // per 16 bytes with one).
        while start + 32 + longest <= range.upperBound {
            var low = SIMD2<UInt64>(repeating: 0)
            var high = SIMD2<UInt64>(repeating: 0)
            for probe in probes {
                low |= Self.pairs(base + start, probe)
                high |= Self.pairs(base + start + 16, probe)
            }
            let any = low | high
            if any[0] | any[1] != 0 {
                if low[0] | low[1] != 0, let found = verify(base, at: start) { return found }
                if high[0] | high[1] != 0, let found = verify(base, at: start + 16) { return found }
            }
            start += 32
        }
        while start + 16 + longest <= range.upperBound {
            var any = SIMD2<UInt64>(repeating: 0)
            for probe in probes {
                any |= Self.pairs(base + start, probe)
            }
            if any[0] | any[1] != 0, let found = verify(base, at: start) { return found }
            start += 16
        }
        return verifyEach(base, from: start, upTo: range.upperBound, end: range.upperBound)
    }

    /// The first of the 16 start positions from `at` where a whole text is: for each text, the
    /// lanes where its two bytes are, in order (every text fits: the caller checked).
    private func verify(_ base: UnsafePointer<UInt8>, at: Int) -> Int? {
        var first = 16
        for (index, probe) in probes.enumerated() {
            let found = Self.pairs(base + at, probe)
            for word in 0..<2 {
                var flags = found[word]
                while flags != 0 {
                    let lane = 8 * word + flags.trailingZeroBitCount / 8
                    if lane >= first { break }
                    if matches(texts[index], at: base + at + lane) {
                        first = lane
                        break
                    }
                    flags &= ~(0xFF << UInt64(8 * (lane - 8 * word)))
                }
            }
        }
        return first < 16 ? at + first : nil
    }

    /// The start positions `at..<at + 16` where the probe's two bytes are at their places: a
    /// byte of 0xFF for each, in two words.
    @inline(__always)
    private static func pairs(_ at: UnsafePointer<UInt8>, _ probe: Probe) -> SIMD2<UInt64> {
        let raw = UnsafeRawPointer(at)
        let first = raw.loadUnaligned(fromByteOffset: probe.firstOffset, as: SIMD16<UInt8>.self)
        let second = raw.loadUnaligned(fromByteOffset: probe.secondOffset, as: SIMD16<UInt8>.self)
        let found = ((first | probe.firstFold) .== probe.first) .& ((second | probe.secondFold) .== probe.second)
        return unsafeBitCast(found, to: SIMD2<UInt64>.self)
    }

    /// The first start position in `from..<to` where a whole text is and ends by `end`.
    private func verifyEach(_ base: UnsafePointer<UInt8>, from: Int, upTo to: Int, end: Int) -> Int? {
        var position = from
        while position < to {
            for text in texts where position + text.count <= end && matches(text, at: base + position) {
                return position
            }
            position += 1
        }
        return nil
    }

    @inline(__always)
    private func matches(_ text: [UInt8], at pointer: UnsafePointer<UInt8>) -> Bool {
        guard caseInsensitive else {
            return text.withUnsafeBufferPointer { memcmp(pointer, $0.baseAddress!, $0.count) == 0 }
        }
        for index in text.indices where Self.lower(pointer[index]) != text[index] { return false }
        return true
    }

    /// A reader of the pattern syntax a literal alternation may use.
    private struct Parser {
        var characters: Substring

        /// Alternatives up to the end or a `)`: each a text, or `(?:` alternation `)` as a whole.
        mutating func alternation() -> [[UInt8]]? {
            var texts: [[UInt8]] = []
            while true {
                if characters.hasPrefix("(?:") {
                    characters = characters.dropFirst(3)
                    guard let inner = alternation(), characters.first == ")" else { return nil }
                    characters = characters.dropFirst()
                    texts += inner
                } else {
                    guard let text = literal() else { return nil }
                    texts.append(text)
                }
                guard characters.first == "|" else { return texts }
                characters = characters.dropFirst()
            }
        }

        /// Plain characters and escaped punctuation up to `|`, `)` or the end.
        mutating func literal() -> [UInt8]? {
            var text: [UInt8] = []
            while let character = characters.first, character != "|", character != ")" {
                characters = characters.dropFirst()
                switch character {
                case "\\":
                    guard let next = characters.first, next.isASCII, !next.isLetter, !next.isNumber else { return nil }
                    characters = characters.dropFirst()
                    text += next.utf8
                case "^", "$", ".", "[", "]", "(", "?", "*", "+", "{", "}", "#":
                    return nil
                default:
                    text += character.utf8
                }
            }
            return text
        }
    }
}
