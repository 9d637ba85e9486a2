#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A run of bytes every match of a pattern contains, read from the pattern's items
/// (``PatternSyntax``): its literal start (`example\.com` in `example\.com`, `zebra` in
/// `zebra[0-9]+`, `abc` in `abc(?=x)`), or all of a literal pattern. PCRE2 names one required
/// code unit (``Pattern/requiredBytes()``), which in `.com` is `m`, on nearly every line; a
/// literal of several bytes is rare, and a line without it is skipped with `memchr` on its
/// rarest byte and `memcmp` (as ripgrep does).
///
/// Read conservatively: a pattern with an alternation outside every group, or read
/// case-insensitively or in extended mode, has none; a quantifier other than `+` after the
/// run's last character leaves that character out.
package struct RequiredLiteral: Sendable {
    /// The literal's bytes (at least 3).
    package let bytes: [UInt8]
    /// The indices of the two bytes looked for first: the two least frequent in text (by
    /// ``rank(_:)``), or in the input's first block the least frequent and the one least often
    /// with it (``ranked(by:sample:)``).
    let rareIndex: Int
    private(set) var otherIndex: Int

    /// The literal every match of `source` contains, or nil when none is known.
    init?(source: String, options: Pattern.Options) {
        self.init(PatternSyntax(source, options: options), options: options)
    }

    /// The literal every match of the pattern read as `syntax` contains, or nil when none is
    /// known: the literal characters (quoted or escaped punctuation among them) from its start,
    /// after a leading `^`, up to the first other item. `\Q`, `\E` and `(?#…)` are no item of
    /// PCRE2's: a quantifier after them repeats the character before.
    init?(_ syntax: PatternSyntax, options: Pattern.Options) {
        guard !options.contains(.caseInsensitive), !options.contains(.extended) else { return nil }
        var depth = 0
        for item in syntax.items {
            switch item.kind {
            case .open: depth += 1
            case .close: depth -= 1
            case .alternation where depth <= 0: return nil
            default: continue
            }
        }
        var literal: [UInt8] = []
        var lastLength = 0
        var items = syntax.items[...]
        if items.first?.kind == .circumflex { items = items.dropFirst() }
        loop: for item in items {
            switch item.kind {
            case .literal:
                literal += syntax.text(of: item)
                lastLength = item.range.count
            case .escape(.character) where syntax.escapedPunctuation(item) != nil:
                literal.append(syntax.escapedPunctuation(item)!)
                lastLength = 1
            case .quote, .comment:
                continue
            case .quantifier:
                // The character before is optional or repeated a number of times that may be
                // zero (a counted repeat is read so too): it is not required. (`a*?` once
                // removed the `a` twice and crashed: the loop ends here.)
                if syntax.bytes[item.range.lowerBound] != PatternByte.plus { literal.removeLast(lastLength) }
                break loop
            case .optionSetting, .leadingSetting, .callout, .verb:
                // Not repeatable: a quantifier after it would repeat the character before.
                literal.removeLast(lastLength)
                break loop
            default:
                break loop
            }
        }
        self.init(bytes: literal)
    }

    /// A search for `bytes` (nil when shorter than 3 bytes), looking first for the two bytes
    /// `rank` ranks lowest.
    init?(bytes literal: [UInt8], rank: (UInt8) -> Int = RequiredLiteral.rank) {
        guard literal.count >= 3 else { return nil }
        bytes = literal
        let ranked = literal.indices.sorted { rank(literal[$0]) < rank(literal[$1]) }
        rareIndex = ranked[0]
        otherIndex = ranked[1]
    }

    /// The same search looking first for the byte least frequent in `sample` (the input's first
    /// block, whose counts are `frequencies`) and then for the byte least often at its place
    /// where that one is: ``rank(_:)`` is a guess about text, and a log can hold a byte it ranks
    /// rare on every line (`G` of `GET` for `Go-http-client/1.1`, whose `G` and `/` 14 bytes on
    /// were on most access lines; ranked by the sample, 15% less CPU). Bytes of one word come
    /// together: in `example7\.com` over lines of `userN@exampleM.com`, `x` and `p` are at their
    /// places in every `example`, `x` and `7` only where the literal is. The answers are the
    /// same whichever bytes are looked for first.
    func ranked(by frequencies: ByteFrequencies, sample: UnsafeBufferPointer<UInt8>) -> RequiredLiteral {
        guard var ranked = RequiredLiteral(bytes: bytes, rank: frequencies.rank) else { return self }
        let together = Self.together(bytes, at: ranked.rareIndex, in: sample)
        let other = bytes.indices.filter { $0 != ranked.rareIndex }.min {
            (together[$0], frequencies.rank(bytes[$0])) < (together[$1], frequencies.rank(bytes[$1]))
        }
        if let other { ranked.otherIndex = other }
        return ranked
    }

    /// For each index of `literal`, how often its byte is at its place where the byte at
    /// `anchor` is in `sample` (the first 10,000 places of that byte, which bounds the work).
    static func together(_ literal: [UInt8], at anchor: Int, in sample: UnsafeBufferPointer<UInt8>) -> [Int] {
        var counts = [Int](repeating: 0, count: literal.count)
        guard let base = sample.baseAddress, sample.count >= literal.count else { return counts }
        // A place of the anchor byte at `p` puts the literal's start at `p - anchor`, inside the sample.
        let end = sample.count - literal.count + anchor + 1
        var position = anchor
        var seen = 0
        while position < end, seen < 10_000,
            let found = memchr(base + position, Int32(literal[anchor]), end - position)
        {
            let at = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            let start = at - anchor
            for index in literal.indices where base[start + index] == literal[index] { counts[index] += 1 }
            seen += 1
            position = at + 1
        }
        return counts
    }

    /// How common a byte is in text and logs, roughly in occurrences per 10,000 bytes (lower:
    /// rarer): English letter frequencies scaled to text that is also spaces, digits and
    /// punctuation; digits and `.` are common in logs (numbers, addresses, e-mails), so a rare
    /// letter (`x`, `q`, `z`, `j`) is a better byte to look for than a digit. An estimate, not
    /// a measurement of the input: it only decides which bytes are looked for first.
    static func rank(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: " "): 1500
        case UInt8(ascii: "e"): 900
        case UInt8(ascii: "t"): 650
        case UInt8(ascii: "a"): 580
        case UInt8(ascii: "o"): 550
        case UInt8(ascii: "i"): 520
        case UInt8(ascii: "n"): 500
        case UInt8(ascii: "s"): 470
        case UInt8(ascii: "r"): 430
        case UInt8(ascii: "h"): 350
        case UInt8(ascii: "d"), UInt8(ascii: "l"): 300
        case UInt8(ascii: "c"): 220
        case UInt8(ascii: "u"): 200
        case UInt8(ascii: "m"): 180
        case UInt8(ascii: "f"), UInt8(ascii: "g"), UInt8(ascii: "p"): 145
        case UInt8(ascii: "w"): 130
        case UInt8(ascii: "y"): 120
        case UInt8(ascii: "b"), UInt8(ascii: "."), UInt8(ascii: "0"), UInt8(ascii: "1"): 100
        case UInt8(ascii: "2")...UInt8(ascii: "9"): 80
        case UInt8(ascii: "v"): 70
        case UInt8(ascii: "k"), UInt8(ascii: "-"), UInt8(ascii: ","): 60
        case UInt8(ascii: ":"), UInt8(ascii: "/"): 50
        case 0x80...0xBF, 0xC3, 0xD0, 0xD1: 40  // continuation bytes; Latin-1 and Cyrillic leads
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: "="): 30
        case UInt8(ascii: "x"), UInt8(ascii: "@"): 15
        case UInt8(ascii: "j"): 12
        case UInt8(ascii: "q"): 8
        case UInt8(ascii: "z"): 7
        default: 10  // other punctuation, control bytes, other UTF-8 lead bytes
        }
    }

    /// The offset of the literal's first occurrence starting in `range` of `bytes` (it may not
    /// extend past the range's end), or nil.
    ///
    /// Sixty-four start positions at a time (four 16-byte compares of each rare byte at its
    /// place, one branch, the flags read as two words): where both rare bytes are at their places, `memcmp` checks the whole
    /// literal; the tail is looked at sixteen, then one position at a time. The wide loop
    /// halved the scan's share of `fastcop match -c 'example7\.com'` (perf: 20% of the samples
    /// with sixteen positions per branch, which compiled to spills and a lane loop).
    package func next(in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let length = self.bytes.count
        let last = range.upperBound - length  // the last start position that fits
        guard range.lowerBound <= last else { return nil }
        return self.bytes.withUnsafeBufferPointer { literal -> Int? in
            let needle = literal.baseAddress!
            let rareByte = literal[rareIndex]
            let rare = SIMD16<UInt8>(repeating: rareByte)
            let other = SIMD16<UInt8>(repeating: literal[otherIndex])
            let rareBase = UnsafeRawPointer(base + rareIndex)
            let otherBase = UnsafeRawPointer(base + otherIndex)
            /// The start positions `at..<at + 16` where both rare bytes are at their places: a
            /// byte of 0xFF for each, in two words (Swift's `any` on a mask is a call).
            @inline(__always) func pairs(_ at: Int) -> SIMD2<UInt64> {
                let found =
                    (rareBase.loadUnaligned(fromByteOffset: at, as: SIMD16<UInt8>.self) .== rare)
                    .& (otherBase.loadUnaligned(fromByteOffset: at, as: SIMD16<UInt8>.self) .== other)
                return unsafeBitCast(found, to: SIMD2<UInt64>.self)
            }
            /// The first of the 16 start positions from `at` where the whole literal is.
            @inline(__always) func verify(_ at: Int, _ found: SIMD2<UInt64>) -> Int? {
                for word in 0..<2 {
                    var flags = found[word]
                    while flags != 0 {
                        let lane = flags.trailingZeroBitCount / 8
                        let candidate = at + 8 * word + lane
                        if memcmp(base + candidate, needle, length) == 0 { return candidate }
                        flags &= ~(0xFF << UInt64(8 * lane))
                    }
                }
                return nil
            }
            @inline(__always) func isEmpty(_ found: SIMD2<UInt64>) -> Bool { found[0] | found[1] == 0 }
            var start = range.lowerBound
            while start + 63 <= last {
                let m0 = pairs(start)
                let m1 = pairs(start + 16)
                let m2 = pairs(start + 32)
                let m3 = pairs(start + 48)
                if !isEmpty(m0 | m1 | m2 | m3) {
                    if let found = verify(start, m0) ?? verify(start + 16, m1) ?? verify(start + 32, m2)
                        ?? verify(start + 48, m3)
                    {
                        return found
                    }
                }
                start += 64
            }
            while start + 15 <= last {
                if let found = verify(start, pairs(start)) { return found }
                start += 16
            }
            while start <= last {
                if base[start + rareIndex] == rareByte && memcmp(base + start, needle, length) == 0 {
                    return start
                }
                start += 1
            }
            return nil
        }
    }
}
