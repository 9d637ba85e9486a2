#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Byte scans over a block.
package enum ByteScan {
    /// `\n`, the line end.
    package static let newline = UInt8(ascii: "\n")
    /// `\r`, part of a CRLF line end.
    package static let carriageReturn = UInt8(ascii: "\r")

    /// The offset of the first `\n` in `range`, if any: the first 32 bytes are looked at
    /// here (a line's end is usually near), the rest with `memchr`, which is vectorized.
    package static func nextNewline(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int? {
        guard !range.isEmpty, let base = bytes.baseAddress else { return nil }
        var index = range.lowerBound
        let near = min(range.upperBound, index + 32)
        while index + 8 <= near {
            // Read as little-endian: the first byte in memory is the least significant one.
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let found = newlineFlags(word)
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        guard index < range.upperBound,
            let found = memchr(base + index, Int32(newline), range.upperBound - index)
        else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// The offset of the first byte of 0x80 or more (outside ASCII) in `range` of `bytes`, if
    /// any: 64 bytes a step (``isASCII64(_:)``).
    static func nextNonASCII(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int? {
        guard !range.isEmpty, let base = bytes.baseAddress else { return nil }
        var index = range.lowerBound
        while index + 64 <= range.upperBound && isASCII64(UnsafeRawPointer(base + index)) { index += 64 }
        while index < range.upperBound {
            if base[index] >= 0x80 { return index }
            index += 1
        }
        return nil
    }

    /// Whether the 64 bytes at `pointer` are all ASCII, with one branch: four 16-byte loads
    /// OR-ed, their high bits read as two words.
    @inline(__always)
    static func isASCII64(_ pointer: UnsafeRawPointer) -> Bool {
        let any =
            pointer.loadUnaligned(as: SIMD16<UInt8>.self)
            | pointer.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
            | pointer.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self)
            | pointer.loadUnaligned(fromByteOffset: 48, as: SIMD16<UInt8>.self)
        let words = unsafeBitCast(any, to: SIMD2<UInt64>.self)
        return (words[0] | words[1]) & 0x8080_8080_8080_8080 == 0
    }

    /// The offset of the first `byte` in `range` of `bytes`, if any (`memchr`).
    package static func next(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> Int? {
        guard !range.isEmpty, let base = bytes.baseAddress,
            let found = memchr(base + range.lowerBound, Int32(byte), range.count)
        else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// The offset of the last `\n` in `range`, if any, eight bytes at a time.
    package static func lastNewline(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int? {
        guard !range.isEmpty, let base = bytes.baseAddress else { return nil }
        var end = range.upperBound
        while end - 8 >= range.lowerBound {
            // Read as little-endian: the last byte in memory is the most significant one.
            let word = UInt64(littleEndian: UnsafeRawPointer(base + end - 8).loadUnaligned(as: UInt64.self))
            let found = newlineFlags(word)
            if found != 0 { return end - 8 + (63 - found.leadingZeroBitCount) / 8 }
            end -= 8
        }
        while end > range.lowerBound {
            end -= 1
            if base[end] == newline { return end }
        }
        return nil
    }

    /// The high bit of each byte of `word` that is `\n`, and no other bit (exact: no carry
    /// crosses from one byte to the next).
    @inline(__always)
    private static func newlineFlags(_ word: UInt64) -> UInt64 { flags(word, newline) }

    /// The high bit of each byte of `word` that is `byte`, and no other bit (exact).
    @inline(__always)
    private static func flags(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let highs: UInt64 = 0x8080_8080_8080_8080
        let masked = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return ~(((masked & ~highs) &+ ~highs) | masked) & highs
    }

    /// The number of `\n` bytes in `range`, eight bytes at a time.
    package static func newlines(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int {
        guard !range.isEmpty, let base = bytes.baseAddress else { return 0 }
        var count = 0
        var index = range.lowerBound
        while index + 8 <= range.upperBound {
            count += newlineFlags(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)).nonzeroBitCount
            index += 8
        }
        while index < range.upperBound {
            if base[index] == newline { count += 1 }
            index += 1
        }
        return count
    }

    /// The number of lines in `range` (a last line without `\n` counts).
    package static func lines(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        return newlines(bytes, in: range) + (bytes[range.upperBound - 1] == newline ? 0 : 1)
    }
}
