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

    /// Scans `range` of `bytes`.
    ///
    /// - Complexity: O(*n*): 64 bytes at a time over ASCII, 16 over ASCII mixed with two-byte
    ///   characters (é, ß, ü …), byte by byte over the rest; `memchr` looks for CR, VT and FF.
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
        // Without line endings to look for, AVX2 checks whole 64-byte blocks first (where the
        // machine has it); the loop below checks the rest from a character boundary.
        if !lineEndings { index += VectorUTF8.validPrefix(base + index, count: range.count) }
        while index < end {
            index = skipFast(base, from: index, end: end, allowsC2: !lineEndings)
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

    /// Skips 64-byte windows of ASCII, and 16-byte chunks of ASCII and whole two-byte sequences
    /// (é, ß, ü, Cyrillic, Greek …), a sequence may straddle two chunks; returns where a closer
    /// look must start (a sequence's lead byte or the first byte that is not ASCII), or near
    /// `end`. `allowsC2`: sequences led by C2 may be skipped (C2 85 is NEL, a line ending the
    /// caller may be looking for).
    @inline(__always)
    private static func skipFast(_ base: UnsafePointer<UInt8>, from start: Int, end: Int, allowsC2: Bool) -> Int {
        var index = start
        // 0xFF when the byte before `index` is a lead byte whose continuation is at `index`.
        var carry: UInt64 = 0
        // Made once, outside the loop: a splat built inside it compiles to 16 stores.
        let bounds = ChunkBounds(allowsC2: allowsC2)
        while index + 32 <= end {
            let pointer = UnsafeRawPointer(base + index)
            // 64 bytes of ASCII with one branch.
            if carry == 0 && index + 64 <= end && ByteScan.isASCII64(pointer) {
                index += 64
                continue
            }
            guard let middle = plainChunk(pointer, carry: carry, bounds) else {
                return carry != 0 ? index - 1 : index + firstHigh(pointer)
            }
            guard let next = plainChunk(pointer + 16, carry: middle, bounds) else {
                return middle != 0 ? index + 15 : index + 16 + firstHigh(pointer + 16)
            }
            carry = next
            index += 32
        }
        return carry != 0 ? index - 1 : index
    }

    /// Whether the 16 bytes at `pointer` are ASCII and two-byte sequences (lead C2 or C3–DF,
    /// then a continuation byte), the first byte continuing a sequence when `carry` is 0xFF:
    /// the carry for the next chunk (0xFF when the last byte is a lead), or nil. Lane-parallel
    /// compares, the lanes' flags read as two words (a 16-byte chunk with ß cost a byte loop
    /// and 8-byte word checks before: 19% of a 1 GB `fastcop match -c`).
    @inline(__always)
    static func plainChunk(_ pointer: UnsafeRawPointer, carry: UInt64, _ bounds: ChunkBounds) -> UInt64? {
        let bytes = pointer.loadUnaligned(as: SIMD16<Int8>.self)  // 0x80…0xFF are negative
        let isLead = (bytes .> bounds.belowLead) .& (bytes .< bounds.aboveLead)
        let isContinuation = bytes .< bounds.aboveContinuation
        let isHigh = bytes .< bounds.zero
        let lead = unsafeBitCast(isLead, to: SIMD2<UInt64>.self)
        let continuation = unsafeBitCast(isContinuation, to: SIMD2<UInt64>.self)
        let high = unsafeBitCast(isHigh, to: SIMD2<UInt64>.self)
        // Every byte that is not ASCII a lead or a continuation; every continuation right after
        // a lead (little-endian: the next byte is the next more significant one).
        guard high[0] == lead[0] | continuation[0], high[1] == lead[1] | continuation[1],
            continuation[0] == lead[0] << 8 | carry, continuation[1] == lead[1] << 8 | lead[0] >> 56
        else { return nil }
        return lead[1] >> 56
    }

    /// The byte classes of ``plainChunk(_:carry:_:)`` as signed bytes, in every lane.
    struct ChunkBounds {
        /// C1 (C2 excluded too unless allowed): a lead is above.
        let belowLead: SIMD16<Int8>
        /// E0: a two-byte lead is below.
        let aboveLead = SIMD16<Int8>(repeating: -32)
        /// C0: a continuation byte (80…BF) is below.
        let aboveContinuation = SIMD16<Int8>(repeating: -64)
        let zero = SIMD16<Int8>(repeating: 0)

        init(allowsC2: Bool) { belowLead = SIMD16(repeating: allowsC2 ? -63 : -62) }
    }

    /// The offset of the first byte that is not ASCII among the 16 at `pointer` (16 if none).
    @inline(__always)
    private static func firstHigh(_ pointer: UnsafeRawPointer) -> Int {
        let low = UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self)) & highs
        if low != 0 { return low.trailingZeroBitCount / 8 }
        let high = UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) & highs
        return high != 0 ? 8 + high.trailingZeroBitCount / 8 : 16
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
