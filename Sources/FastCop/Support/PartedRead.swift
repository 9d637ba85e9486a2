/// One range of a buffer filled from a file in parts that several workers read at once, each
/// with its own `pread(2)` at its offset: a ``BlockSource``'s next block, copied from the
/// page cache by every core instead of one.
///
/// `@unchecked Sendable`: each part writes only its own bytes of the buffer and its own result
/// slot; the results are read (``contiguousCount()``) only after the parallel call that ran the
/// parts has returned, which orders every part's writes before the read.
package final class PartedRead: @unchecked Sendable {
    /// The parts, as ranges of the buffer's bytes.
    package let parts: [Range<Int>]
    private let base: UnsafeMutableRawPointer
    private let offset: Int
    private let readAt: BlockSource.ReadAt
    /// Per part: the bytes it read, or its error.
    private var results: UnsafeMutableBufferPointer<Result<Int, any Error>>

    /// Reads `count` bytes into `base` from input offset `offset`, in up to `parts` parts of
    /// at least 64 KiB.
    init(
        into base: UnsafeMutableRawPointer, count: Int, at offset: Int, parts: Int,
        readAt: @escaping BlockSource.ReadAt
    ) {
        let partCount = max(1, min(parts, count / (64 * 1024)))
        let size = (count + partCount - 1) / partCount
        self.parts = stride(from: 0, to: max(1, count), by: max(1, size)).map { $0..<min(count, $0 + size) }
        self.base = base
        self.offset = offset
        self.readAt = readAt
        results = .allocate(capacity: self.parts.count)
        results.initialize(repeating: .success(0))
    }

    deinit {
        results.deinitialize()
        results.deallocate()
    }

    /// Reads part `index` (until it is full or the input ends).
    package func read(part index: Int) {
        let part = parts[index]
        var done = 0
        do {
            while done < part.count {
                let count = try readAt(
                    base + part.lowerBound + done, part.count - done, offset + part.lowerBound + done)
                if count == 0 { break }
                done += count
            }
            results[index] = .success(done)
        } catch {
            results[index] = .failure(error)
        }
    }

    /// The bytes read from the start with no gap: all of them, or up to the end of the first
    /// part that met the end of the input (the caller reads on from there).
    ///
    /// - Throws: the first error a part met.
    func contiguousCount() throws -> Int {
        var total = 0
        for (index, part) in parts.enumerated() {
            let count = try results[index].get()
            total += count
            if count < part.count { break }
        }
        return total
    }
}
