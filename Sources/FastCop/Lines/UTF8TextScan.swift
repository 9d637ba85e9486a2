#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One pass over raw bytes before they are searched in place: where the first invalid UTF-8
/// is, and whether any line ending other than LF occurs. Made for
/// ``Pattern/firstMatchRange(in:from:whole:validUTF8:)``: bytes this scan finds valid may be
/// searched with `validUTF8: true`.
///
/// Rejects what the Unicode standard (and PCRE2's own check) rejects: stray continuation
/// bytes, truncated sequences, overlong forms, surrogates (U+D800–U+DFFF) and code points
/// above U+10FFFF.
package struct UTF8TextScan: Sendable, Equatable {
    /// The offset of the first byte that is not part of a valid UTF-8 sequence (a sequence's
    /// lead byte, or a stray continuation byte), or nil when all the bytes are valid.
    package var firstInvalidUTF8: Int?
    /// Whether the bytes before ``firstInvalidUTF8`` (all of them when it is nil) hold no line
    /// ending other than LF: no VT, FF or CR, and no NEL (U+0085), LS (U+2028) or PS (U+2029).
    /// It may be false because of bytes after ``firstInvalidUTF8``.
    package var onlyLineFeeds: Bool

    package init(firstInvalidUTF8: Int?, onlyLineFeeds: Bool) {
        self.firstInvalidUTF8 = firstInvalidUTF8
        self.onlyLineFeeds = onlyLineFeeds
    }

    private static let highs: UInt64 = 0x8080_8080_8080_8080
    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// Scans `range` of `bytes`.
    ///
    /// - Complexity: O(*n*): 32 bytes at a time over ASCII and over two-byte characters
    ///   (é, ß, ü …), byte by byte over the rest; `memchr` looks for CR, VT and FF.
    package static func scan(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> UTF8TextScan {
        scan(bytes, in: range, lineEndings: true)
    }

    /// The offset of the first byte of `bytes` that is not part of a valid UTF-8 sequence, or
    /// nil when all are valid: ``scan(_:in:)`` without looking for line endings.
    package static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        scan(bytes, in: 0..<bytes.count, lineEndings: false).firstInvalidUTF8
    }

    /// The scan; ``onlyLineFeeds`` is only worked out when `lineEndings` is true (a search whose
    /// pattern knows LF alone as a newline does not need it, and saves three `memchr` passes).
    @inline(__always)
    package static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>, lineEndings: Bool
    ) -> UTF8TextScan {
        guard let base = bytes.baseAddress, !range.isEmpty else {
            return UTF8TextScan(firstInvalidUTF8: nil, onlyLineFeeds: true)
        }
        var onlyLineFeeds = true
        for ending in [0x0D, 0x0B, 0x0C] as [Int32]
        where lineEndings && memchr(base + range.lowerBound, ending, range.count) != nil {
            onlyLineFeeds = false
            break
        }
        let end = range.upperBound
        var index = range.lowerBound
        while index < end {
            index = skipFast(base, from: index, end: end)
            // Byte by byte from the first byte the fast loop did not take, up to an ASCII byte.
            while index < end {
                let lead = base[index]
                if lead < 0x80 {
                    index += 1
                    break
                }
                guard let length = sequenceLength(base, at: index, end: end) else {
                    return UTF8TextScan(firstInvalidUTF8: index, onlyLineFeeds: onlyLineFeeds)
                }
                let second = base[index + 1]
                if lineEndings
                    && ((lead == 0xC2 && second == 0x85)
                        || (lead == 0xE2 && second == 0x80 && base[index + 2] & 0xFE == 0xA8))
                {
                    onlyLineFeeds = false
                }
                index += length
            }
        }
        return UTF8TextScan(firstInvalidUTF8: nil, onlyLineFeeds: onlyLineFeeds)
    }

    /// Skips 32-byte windows of ASCII and of whole two-byte sequences; returns where a window
    /// that needs a closer look starts (at its first byte that is not ASCII), or near `end`.
    @inline(__always)
    private static func skipFast(_ base: UnsafePointer<UInt8>, from start: Int, end: Int) -> Int {
        var index = start
        while index + 32 <= end {
            let pointer = UnsafeRawPointer(base + index)
            // 64 bytes of ASCII with one branch (four 16-byte loads OR-ed, their high bits
            // read as two words): the scan of a mostly ASCII block took 13% of `fastcop match
            // -c` with 32 bytes per branch.
            if index + 64 <= end {
                let any =
                    pointer.loadUnaligned(as: SIMD16<UInt8>.self)
                    | pointer.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
                    | pointer.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self)
                    | pointer.loadUnaligned(fromByteOffset: 48, as: SIMD16<UInt8>.self)
                let words = unsafeBitCast(any, to: SIMD2<UInt64>.self)
                if (words[0] | words[1]) & highs == 0 {
                    index += 64
                    continue
                }
            }
            // Little-endian: the first byte in memory is the least significant one.
            let w0 = UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self))
            let w1 = UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            let w2 = UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
            let w3 = UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
            if (w0 | w1 | w2 | w3) & highs == 0 {
                index += 32
                continue
            }
            if !isPlainWord(w0) { return index + (w0 & highs).trailingZeroBitCount / 8 }
            if !isPlainWord(w1) { return index + 8 + (w1 & highs).trailingZeroBitCount / 8 }
            if !isPlainWord(w2) { return index + 16 + (w2 & highs).trailingZeroBitCount / 8 }
            if !isPlainWord(w3) { return index + 24 + (w3 & highs).trailingZeroBitCount / 8 }
            index += 32
        }
        return index
    }

    /// Whether every byte of `word` that is not ASCII belongs to a two-byte sequence (lead
    /// C3–DF, then a continuation byte) that lies wholly inside the word. Checked bit-parallel:
    /// each byte's high bit marks a flag. Sequences led by C2 are left to the byte loop (C2 85
    /// is NEL, a line ending), and so are C0 and C1 (overlong).
    @inline(__always)
    private static func isPlainWord(_ word: UInt64) -> Bool {
        let high = word & highs
        if high == 0 { return true }
        let bit6 = (word << 1) & highs
        let bit5 = (word << 2) & highs
        let leads = high & bit6  // 11xxxxxx
        let continuations = high & ~bit6  // 10xxxxxx
        // Bits 4…1 of a lead byte not all zero: not C0 or C1. No carry crosses bytes (≤ 0x9D).
        let notOverlong = ((word & (ones &* 0x1E)) &+ (ones &* 0x7F)) & highs
        // Exact per byte: the high bit of each byte equal to C2.
        let c2 = word ^ (ones &* 0xC2)
        let isC2 = ~(((c2 & ~highs) &+ ~highs) | c2) & highs
        return leads & (bit5 | ~notOverlong | isC2) == 0 && continuations == leads << 8 && leads >> 56 == 0
    }

    /// The length of the valid sequence of two to four bytes starting at `index` (its lead
    /// byte is not ASCII), or nil when it is not valid or runs past `end` (Unicode Table 3-7).
    @inline(__always)
    private static func sequenceLength(_ base: UnsafePointer<UInt8>, at index: Int, end: Int) -> Int? {
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch base[index] {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return nil
        }
        guard index + length <= end else { return nil }
        let second = base[index + 1]
        guard second >= low && second <= high else { return nil }
        if length > 2 && base[index + 2] & 0xC0 != 0x80 { return nil }
        if length > 3 && base[index + 3] & 0xC0 != 0x80 { return nil }
        return length
    }
}
