internal import CLineScan

/// The wide loop of a required literal's scan (``RequiredLiteral/starts(in:range:into:)``) in C
/// with AVX2 (`CLineScan`), on machines that have it: 64 start positions a step, the two chosen
/// bytes compared 32 at a time, where Swift's SIMD types compile to 16-byte compares in a
/// portable build. It stops at the first window that needs a closer look (a position with both
/// bytes at their places, or a byte of 0x80 or more for the UTF-8 check).
enum PairScan {
    /// Whether this machine runs the scan (AVX2): else the caller's Swift loop does the work.
    static let available = fastcop_fingerprint_width() == 32

    /// The first window of 64 start positions from `start` (each window wholly at or before
    /// `last`) with a position holding `rare` at `rareIndex` and `other` at `otherIndex` after
    /// it (`hits`), or a byte of 0x80 or more among the 64 from `window + rareIndex` (`high`);
    /// nil when none, with `next`, the first window start not scanned. Reads `base[start]` up to
    /// `base[last + max(rareIndex, otherIndex)]`: the caller owns them.
    @inline(__always)
    static func window(
        in base: UnsafePointer<UInt8>, from start: Int, last: Int, rareIndex: Int, otherIndex: Int, rare: UInt8,
        other: UInt8
    ) -> (window: Int?, next: Int, hits: Bool, high: Bool) {
        var next = start
        var flags: Int32 = 0
        let found = fastcop_pair_scan(base, start, last, rareIndex, otherIndex, rare, other, &next, &flags)
        return found < 0 ? (nil, next, false, false) : (found, found, flags & 1 != 0, flags & 2 != 0)
    }
}
