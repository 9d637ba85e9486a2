extension ByteScan {
    /// What ``checkText(_:in:)`` found in a range of bytes.
    struct TextCheck {
        /// The offset of the first byte that is not part of a valid UTF-8 sequence, or nil when
        /// the whole range is valid.
        var firstInvalidUTF8: Int?
        /// Whether the bytes before ``firstInvalidUTF8`` (all of them when it is nil) hold no
        /// line ending other than LF: no VT, FF or CR, and no NEL, LS or PS.
        var onlyLineFeeds: Bool
    }

    /// Checks in one pass that `range` is valid UTF-8 and whether it has line endings other
    /// than LF, sixteen bytes at a time over ASCII.
    ///
    /// Rejects what the Unicode standard rejects (as `UTF8Validation` and PCRE2 do): stray
    /// continuation bytes, truncated sequences, overlong forms, surrogates (U+D800–U+DFFF)
    /// and code points above U+10FFFF.
    static func checkText(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> TextCheck {
        guard let base = bytes.baseAddress else { return TextCheck(firstInvalidUTF8: nil, onlyLineFeeds: true) }
        let highs: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        let end = range.upperBound
        var index = range.lowerBound
        var onlyLineFeeds = true
        while index < end {
            while index + 16 <= end {
                let first = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let second = UInt64(littleEndian: UnsafeRawPointer(base + index + 8).loadUnaligned(as: UInt64.self))
                if onlyLineFeeds {
                    // The high bit of each ASCII byte in 0x0B...0x0D (VT, FF, CR): with every
                    // high bit set first, the subtractions borrow across no byte.
                    let a = first | highs
                    let b = second | highs
                    let inFirst = (a &- ones &* 0x0B) & ~(a &- ones &* 0x0E) & ~first
                    let inSecond = (b &- ones &* 0x0B) & ~(b &- ones &* 0x0E) & ~second
                    if (inFirst | inSecond) & highs != 0 { onlyLineFeeds = false }
                }
                if (first | second) & highs != 0 {
                    // Go to the first byte that is not ASCII (little-endian: the lowest byte first).
                    index +=
                        first & highs != 0
                        ? (first & highs).trailingZeroBitCount / 8 : 8 + (second & highs).trailingZeroBitCount / 8
                    break
                }
                index += 16
            }
            guard index < end else { break }
            let lead = base[index]
            if lead < 0x80 {
                if lead &- 0x0B < 3 { onlyLineFeeds = false }
                index += 1
                continue
            }
            guard let length = sequenceLength(base, at: index, end: end) else {
                return TextCheck(firstInvalidUTF8: index, onlyLineFeeds: onlyLineFeeds)
            }
            // NEL is C2 85; LS and PS are E2 80 A8 and E2 80 A9.
            let second = base[index + 1]
            if (lead == 0xC2 && second == 0x85) || (lead == 0xE2 && second == 0x80 && base[index + 2] & 0xFE == 0xA8) {
                onlyLineFeeds = false
            }
            index += length
        }
        return TextCheck(firstInvalidUTF8: nil, onlyLineFeeds: onlyLineFeeds)
    }

    /// The length of the valid UTF-8 sequence of two to four bytes starting at `index` (its
    /// lead byte is not ASCII), or nil when it is not valid or ends after `end`.
    @inline(__always)
    private static func sequenceLength(_ base: UnsafePointer<UInt8>, at index: Int, end: Int) -> Int? {
        let lead = base[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
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
