/// The values a rule fails on most often, counted in bounded memory: a Misra-Gries summary
/// (Misra and Gries, 1982) of ``capacity`` values (twice that between reductions), mergeable between workers (Agarwal
/// et al., "Mergeable summaries", 2012).
///
/// What the counts mean: while a rule has failed on at most `capacity` distinct values, every
/// count is exact (``error`` is 0). Past that, a count is a lower bound: a value's true count is
/// between its count and its count plus ``error``, and every value that failed more than
/// ``error`` times is among those kept.
///
/// A value is known by a 64-bit hash of its bytes; the first ``sampleBytes`` of it are kept to
/// show it. Adding a value allocates nothing once the summary has room for `capacity` values.
package struct FrequentValues: Sendable {
    /// The most values kept.
    package let capacity: Int
    /// How many bytes of a value are kept to show it.
    package static let sampleBytes = 96

    private var hashes: [UInt64] = []
    private var counts: [Int] = []
    /// Each value's first bytes, `sampleBytes` for each, and each value's whole length.
    private var samples: [UInt8] = []
    private var lengths: [Int] = []
    /// How far below its true count a count may be (0: the counts are exact).
    package private(set) var error = 0

    package init(capacity: Int) {
        self.capacity = capacity
    }

    /// Whether no value was counted.
    package var isEmpty: Bool { hashes.isEmpty && error == 0 }

    /// Counts one failure on `value`.
    ///
    /// The summary holds up to twice `capacity` values between reductions, so that a reduction
    /// (the (capacity + 1)th largest count taken from every count) comes once in `capacity` new
    /// values, not at each: a rule failing on values that never repeat costs a hash, a look and
    /// a copy of the value's first bytes per failure.
    mutating func add(_ value: UnsafeBufferPointer<UInt8>) {
        let hash = KeyTable.hash(value)
        if let index = hashes.firstIndex(of: hash) {
            counts[index] += 1
            return
        }
        if hashes.count >= 2 * capacity { reduce() }
        append(hash: hash, count: 1, length: value.count, sample: value)
    }

    /// Adds `other`'s counts (a summary of later rows): the counts of a value kept in both are
    /// summed, and when more than `capacity` values remain, the (capacity + 1)th largest count
    /// is taken from every count.
    mutating func merge(_ other: FrequentValues) {
        error += other.error
        for index in other.hashes.indices {
            if let mine = hashes.firstIndex(of: other.hashes[index]) {
                counts[mine] += other.counts[index]
            } else {
                let start = index * Self.sampleBytes
                other.samples.withUnsafeBufferPointer {
                    append(
                        hash: other.hashes[index], count: other.counts[index], length: other.lengths[index],
                        sample: UnsafeBufferPointer(rebasing: $0[start..<start + Self.sampleBytes]))
                }
            }
        }
        reduce()
    }

    /// When more than `capacity` values are kept, takes the (capacity + 1)th largest count from
    /// every count (and adds it to ``error``): at most `capacity` values remain.
    private mutating func reduce() {
        guard hashes.count > capacity else { return }
        // Values failing once are the most common: when at most `capacity` counts are above 1,
        // the (capacity + 1)th largest is 1, found without a sort.
        var aboveOne = 0
        for count in counts where count > 1 { aboveOne += 1 }
        let cut = aboveOne <= capacity ? 1 : counts.sorted(by: >)[capacity]
        error += cut
        var kept = 0
        for index in hashes.indices where counts[index] > cut {
            move(index, to: kept, count: counts[index] - cut)
            kept += 1
        }
        truncate(to: kept)
    }

    /// The values kept (after the last reduction), most frequent first (ties in the order they
    /// were first kept), at most `limit`: each one's first bytes, whether those are all of it, and its count.
    package func top(_ limit: Int) -> [(sample: [UInt8], whole: Bool, count: Int)] {
        let order = hashes.indices.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
        return order.prefix(limit).map { index in
            let length = min(lengths[index], Self.sampleBytes)
            let start = index * Self.sampleBytes
            return (Array(samples[start..<start + length]), lengths[index] <= Self.sampleBytes, counts[index])
        }
    }

    private mutating func append(hash: UInt64, count: Int, length: Int, sample: UnsafeBufferPointer<UInt8>) {
        let slot = hashes.count
        hashes.append(hash)
        counts.append(count)
        lengths.append(length)
        // The slots' room is made once (zeroed), for as many values as are ever kept at once.
        if samples.count < (slot + 1) * Self.sampleBytes {
            samples.append(
                contentsOf: repeatElement(0, count: max(2 * capacity, slot + 1) * Self.sampleBytes - samples.count))
        }
        let kept = min(length, Self.sampleBytes, sample.count)
        guard kept > 0 else { return }
        samples.withUnsafeMutableBufferPointer {
            ($0.baseAddress! + slot * Self.sampleBytes).update(from: sample.baseAddress!, count: kept)
        }
    }

    /// Moves value `index` to place `target` (not after it) with the count `count`.
    private mutating func move(_ index: Int, to target: Int, count: Int) {
        counts[target] = count
        guard index != target else { return }
        hashes[target] = hashes[index]
        lengths[target] = lengths[index]
        samples.withUnsafeMutableBufferPointer { bytes in
            let base = bytes.baseAddress!
            (base + target * Self.sampleBytes).update(from: base + index * Self.sampleBytes, count: Self.sampleBytes)
        }
    }

    /// Keeps the first `count` values (the slots' room stays).
    private mutating func truncate(to count: Int) {
        hashes.removeSubrange(count...)
        counts.removeSubrange(count...)
        lengths.removeSubrange(count...)
    }
}
