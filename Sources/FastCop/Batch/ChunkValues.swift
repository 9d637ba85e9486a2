/// What one chunk of a batch collects (a report's failures), kept in memory that the batch
/// moves into the joined result.
///
/// Joining per-chunk arrays copies each value into the result (a retain of each string and
/// array inside it) and then destroys the chunk's copy (a release of each): measured, 5% of a
/// one-worker `report(_:rules:)` on 1,000,000 strings that fail half the time. Moving costs
/// neither.
///
/// @unchecked Sendable: a chunk's values are written by the one worker running that chunk,
/// and read only after `concurrentPerform` has returned.
final class ChunkValues<T>: @unchecked Sendable {
    private var base: UnsafeMutablePointer<T>?
    private(set) var count = 0
    private var capacity = 0

    init() {}

    deinit {
        base?.deinitialize(count: count)
        base?.deallocate()
    }

    /// Adds `value` at the end.
    @inline(__always)
    func append(_ value: T) {
        if count == capacity { grow() }
        (base! + count).initialize(to: value)
        count += 1
    }

    @inline(never)
    private func grow() {
        capacity = max(16, 2 * capacity)
        let larger = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        if let base {
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = larger
    }

    /// Moves every value to `destination` (uninitialized memory for ``count`` values); the
    /// chunk is empty afterwards.
    func move(to destination: UnsafeMutablePointer<T>) {
        guard let base else { return }
        destination.moveInitialize(from: base, count: count)
        count = 0
    }
}
