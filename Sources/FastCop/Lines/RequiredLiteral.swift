#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A run of bytes every match of a pattern contains, read from the pattern's text: its
/// literal start (`example\.com` in `example\.com`, `zebra` in `zebra[0-9]+`), or all of a
/// literal pattern. PCRE2 names one required code unit (``Pattern/requiredBytes()``), which
/// in `.com` is `m`, on nearly every line; a literal of several bytes is rare, and a line
/// without it is skipped with `memchr` on its rarest byte and `memcmp` (as ripgrep does).
///
/// Read conservatively: any pattern where the start might not be required (an alternation,
/// an inline option, case-insensitive or extended mode) has none.
package struct RequiredLiteral: Sendable {
    /// The literal's bytes (at least 3).
    package let bytes: [UInt8]
    /// The indices of the two bytes looked for first: the two least frequent in text.
    let rareIndex: Int
    let otherIndex: Int

    /// The literal every match of `source` contains, or nil when none is known.
    package init?(source: String, options: Pattern.Options) {
        guard !options.contains(.caseInsensitive) else { return nil }
        var literal: [UInt8] = []
        if options.contains(.literal) {
            literal = Array(source.utf8)
        } else {
            guard !options.contains(.extended), !source.contains("|"), !source.contains("(?") else { return nil }
            var characters = Substring(source)
            if characters.first == "^" { characters = characters.dropFirst() }
            var lastLength = 0
            loop: while let character = characters.first {
                characters = characters.dropFirst()
                var text = String(character)
                switch character {
                case ".", "[", "(", ")", "$", "^", "+": break loop
                case "*", "?", "{":
                    // The character before is optional (or repeated a number of times that
                    // may be zero): it is not required.
                    literal.removeLast(lastLength)
                    break loop
                case "\\":
                    guard let next = characters.first, next.isASCII, !next.isLetter, !next.isNumber else { break loop }
                    characters = characters.dropFirst()
                    text = String(next)
                default:
                    break
                }
                lastLength = text.utf8.count
                literal += text.utf8
            }
            // A quantifier right after the literal makes its last character optional.
            if let next = characters.first, "*?{".contains(next) { literal.removeLast(lastLength) }
        }
        guard literal.count >= 3 else { return nil }
        bytes = literal
        let ranked = literal.indices.sorted { Self.rank(literal[$0]) < Self.rank(literal[$1]) }
        rareIndex = ranked[0]
        otherIndex = ranked[1]
    }

    /// How common a byte is in text (lower: rarer): lower-case letters by English frequency,
    /// then space, vowels and common letters highest; digits, capitals and punctuation low.
    private static func rank(_ byte: UInt8) -> Int {
        let frequent = Array(" etaoinshrdlcumwfgypbvkjxqz".utf8)
        if let index = frequent.firstIndex(of: byte) { return 100 - index }
        if byte >= 0x80 { return 40 }  // UTF-8 bytes: rarer than letters in most text
        return 20
    }

    /// The offset of the literal's first occurrence starting in `range` of `bytes` (it may not
    /// extend past the range's end), or nil.
    ///
    /// Sixteen start positions at a time: where both rare bytes are at their places (a SIMD
    /// compare of each), `memcmp` checks the whole literal; the tail is left to `memchr`.
    package func next(in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let length = self.bytes.count
        let last = range.upperBound - length  // the last start position that fits
        guard range.lowerBound <= last else { return nil }
        return self.bytes.withUnsafeBufferPointer { literal -> Int? in
            let needle = literal.baseAddress!
            let rare = SIMD16<UInt8>(repeating: literal[rareIndex])
            let other = SIMD16<UInt8>(repeating: literal[otherIndex])
            var start = range.lowerBound
            while start + 15 <= last {
                let a = UnsafeRawPointer(base + start + rareIndex).loadUnaligned(as: SIMD16<UInt8>.self)
                let b = UnsafeRawPointer(base + start + otherIndex).loadUnaligned(as: SIMD16<UInt8>.self)
                let both = (a .== rare) .& (b .== other)
                if any(both) {
                    for lane in 0..<16 where both[lane] && memcmp(base + start + lane, needle, length) == 0 {
                        return start + lane
                    }
                }
                start += 16
            }
            while start <= last {
                if base[start + rareIndex] == literal[rareIndex] && memcmp(base + start, needle, length) == 0 {
                    return start
                }
                start += 1
            }
            return nil
        }
    }
}
