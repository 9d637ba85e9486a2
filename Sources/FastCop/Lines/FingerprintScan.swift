internal import CLineScan

/// Candidate start positions of a few literal texts, found 16 or 32 positions at a time by
/// looking each byte's two nibbles up in small tables with a byte shuffle (`CLineScan`: SSSE3's
/// `pshufb`, AVX2's `vpshufb`, chosen at run time), for ``LiteralSet``.
///
/// Each text goes in one of 8 buckets, and its first one to three bytes (as many as the
/// shortest text has) are its fingerprint: byte k sets its bucket's bit in table k's entry for
/// its low nibble and in the one for its high nibble (both cases of an ASCII letter when
/// case-insensitive). A position fits a bucket when the bit is set for every byte of the
/// fingerprint: every place a text starts fits its bucket, and a few other places do (a
/// nibble of one text with a nibble of another), so each candidate is compared with the
/// bucket's texts. The work per 16 bytes is the same for 2 texts as for 12, where comparing
/// each text's two rarest bytes (``LiteralSet``'s probes) grows with every text.
struct FingerprintScan: Sendable {
    /// For each byte of the fingerprint, 16 bucket masks by low nibble, then 16 by high nibble.
    private let masks: [UInt8]
    /// The fingerprint's length in bytes: 1 to 3.
    private let length: Int32
    /// The scan's width: 16 or 32 (``CLineScan``'s answer for this machine).
    private let width: Int32
    /// The texts (their indices in the caller's list, in order) of each bucket.
    let buckets: [[Int]]

    /// The number of buckets (bits of a mask byte).
    static let bucketCount = 8

    /// The scan of `texts` (each at least one byte), or nil when this machine has no byte
    /// shuffle (the caller compares bytes another way).
    init?(texts: [[UInt8]], caseInsensitive: Bool) {
        let width = fastcop_fingerprint_width()
        guard width > 0, let shortest = texts.map(\.count).min(), shortest > 0 else { return nil }
        let length = min(3, shortest)
        var masks = [UInt8](repeating: 0, count: 32 * length)
        var buckets = [[Int]](repeating: [], count: Swift.min(Self.bucketCount, texts.count))
        for (index, text) in texts.enumerated() {
            let bucket = index % buckets.count
            buckets[bucket].append(index)
            for k in 0..<length {
                let byte = text[k]
                let spellings = caseInsensitive && LiteralSet.isLetter(byte) ? [byte | 0x20, byte & ~0x20] : [byte]
                for spelling in spellings {
                    masks[32 * k + Int(spelling & 0x0F)] |= 1 << UInt8(bucket)
                    masks[32 * k + 16 + Int(spelling >> 4)] |= 1 << UInt8(bucket)
                }
            }
        }
        self.masks = masks
        self.length = Int32(length)
        self.width = width
        self.buckets = buckets
    }

    /// The first window of 16 positions at `start`, `start + 16`, ... before `end` holding a
    /// position that fits a bucket, with each of its 16 positions' bucket bits; nil when none
    /// does. Reads `base[start]` up to `base[end + 17]`: the caller owns them.
    @inline(__always)
    func next(
        in base: UnsafePointer<UInt8>, from start: Int, before end: Int
    ) -> (window: Int, lanes: SIMD16<UInt8>)? {
        var lanes = SIMD16<UInt8>()
        let window = masks.withUnsafeBufferPointer { masks in
            withUnsafeMutableBytes(of: &lanes) { lanes in
                fastcop_fingerprint_scan(
                    base, start, end, masks.baseAddress, length, width,
                    lanes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        return window < 0 ? nil : (window, lanes)
    }
}
