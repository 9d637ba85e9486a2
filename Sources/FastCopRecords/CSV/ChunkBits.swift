#if arch(x86_64)
    import _Builtin_intrinsics.intel
#endif

/// Bit masks of 64-byte chunks of input, for the CSV splitter: bit `i` stands for byte `i` of
/// the chunk.
///
/// On x86-64 a chunk is four 16-byte compares, each made a 16-bit mask with SSE2's `pmovmskb`
/// (`_mm_movemask_epi8`); elsewhere Swift's vector compares, each 8-byte half made a byte of the
/// mask with a multiply.
enum ChunkBits {
    /// Bit `i` set where byte `i` of the 64 bytes at `at` is `byte`.
    @inline(__always)
    static func of(_ byte: UInt8, at: UnsafePointer<UInt8>) -> UInt64 {
        var bits: UInt64 = 0
        #if arch(x86_64)
            let splat = _mm_set1_epi8(CChar(bitPattern: byte))
            for part in 0..<4 {
                let chunk = _mm_loadu_si128(UnsafeRawPointer(at + 16 * part).assumingMemoryBound(to: __m128i.self))
                let found = UInt16(truncatingIfNeeded: _mm_movemask_epi8(_mm_cmpeq_epi8(chunk, splat)))
                bits |= UInt64(found) << UInt64(16 * part)
            }
        #else
            let splat = SIMD16<UInt8>(repeating: byte)
            for part in 0..<4 {
                let chunk = UnsafeRawPointer(at + 16 * part).loadUnaligned(as: SIMD16<UInt8>.self)
                let words = unsafeBitCast(chunk .== splat, to: SIMD2<UInt64>.self)
                for half in 0..<2 {
                    bits |= byteBits(UInt64(littleEndian: words[half])) << UInt64(16 * part + 8 * half)
                }
            }
        #endif
        return bits
    }

    /// Bit `i` set where an odd number of bits `0...i` of `bits` are set: with `bits` a chunk's
    /// quotes, the bytes inside a quoted field (each quote toggles; a quote's own bit tells the
    /// state after it).
    @inline(__always)
    static func prefixXor(_ bits: UInt64) -> UInt64 {
        var bits = bits
        bits ^= bits << 1
        bits ^= bits << 2
        bits ^= bits << 4
        bits ^= bits << 8
        bits ^= bits << 16
        bits ^= bits << 32
        return bits
    }

    /// Bit `i` set where byte `i` of `word` is 0xFF (each byte is 0x00 or 0xFF): the high bits
    /// gathered into the top byte by a multiply.
    @inline(__always)
    private static func byteBits(_ word: UInt64) -> UInt64 {
        ((word & 0x8080_8080_8080_8080) &* 0x0002_0408_1020_4081) >> 56
    }
}
