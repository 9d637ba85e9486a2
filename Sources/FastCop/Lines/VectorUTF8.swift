internal import CLineScan

/// UTF-8 validation 64 bytes a step with AVX2 (`CLineScan`'s `fastcop_utf8_valid_prefix`: each
/// byte judged with the three before it by nibble lookups), for ``UTF8TextScan``, which checks
/// what it leaves: the last bytes of a range, and the block where an error is, to find its
/// exact offset. On machines without AVX2 it takes nothing.
enum VectorUTF8 {
    /// The length of the longest prefix of `count` bytes at `base` found valid in whole blocks,
    /// ending at a character boundary (0 without AVX2).
    @inline(__always)
    static func validPrefix(_ base: UnsafePointer<UInt8>, count: Int) -> Int {
        count >= 64 ? fastcop_utf8_valid_prefix(base, count) : 0
    }
}
