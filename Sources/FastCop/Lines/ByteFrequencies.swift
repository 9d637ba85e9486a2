/// How often each byte value occurs in a sample of the input (its first block), to choose the
/// bytes a literal's scan looks for first (``RequiredLiteral/ranked(by:sample:)``) by the input rather
/// than by a guess about text.
struct ByteFrequencies: Sendable {
    /// Occurrences of each byte value in the sample.
    private var counts = [Int](repeating: 0, count: 256)

    /// The frequencies in `sample`.
    init(_ sample: UnsafeBufferPointer<UInt8>) {
        counts.withUnsafeMutableBufferPointer { counts in
            for byte in sample { counts[Int(byte)] += 1 }
        }
    }

    /// The rank of `byte` (lower: rarer): its count in the sample, ties (a byte the sample
    /// lacks, say) broken by ``RequiredLiteral/rank(_:)``'s guess.
    func rank(_ byte: UInt8) -> Int {
        counts[Int(byte)] << 11 | min(RequiredLiteral.rank(byte), 2047)
    }
}
