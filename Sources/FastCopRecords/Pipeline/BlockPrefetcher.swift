import Foundation

/// Reads a ``RecordReader``'s next block on a thread of its own, so that reading and splitting
/// the next block overlaps processing the current one.
///
/// `@unchecked Sendable` is safe here: one read at a time is under way (``start()`` is only
/// called after ``take()`` or ``finish()`` has waited for the previous one), the reader is not
/// touched by its owner while a read is under way, and the semaphore orders the reading
/// thread's writes before the owner's reads.
final class BlockPrefetcher: @unchecked Sendable {
    private let reader: RecordReader
    private let ready = DispatchSemaphore(value: 0)
    private var result: Result<RecordBlock?, any Error> = .success(nil)
    private var pending = false

    init(reader: RecordReader) {
        self.reader = reader
    }

    /// Starts reading the next block.
    func start() {
        precondition(!pending, "BlockPrefetcher: a read is already under way")
        pending = true
        Thread.detachNewThread { [self] in
            result = Result { try reader.next() }
            ready.signal()
        }
    }

    /// The block that ``start()`` read (nil at the end of the input).
    ///
    /// - Throws: what reading threw (``RecordsError``).
    func take() throws -> RecordBlock? {
        finish()
        defer { result = .success(nil) }
        return try result.get()
    }

    /// Waits for a read under way, if any (before the input is closed).
    func finish() {
        guard pending else { return }
        ready.wait()
        pending = false
    }
}
