import FastCop

/// An ordered parallel map over task indices, on all cores, with FastCop's batch API.
///
/// Each index is computed by one worker and the results come back in index order, so output
/// keeps the input's order.
package enum ParallelMap {
    /// The number of workers: the machine's active cores.
    package static var workerCount: Int { BatchOptions().parallelism }

    /// One task per item, started as soon as there are two.
    private static let batch = Batch(options: BatchOptions(chunkSize: 1, sequentialThreshold: 2))

    /// `(0..<count).map(body)`, computed in parallel.
    package static func map<T: Sendable>(count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        batch.map(Array(0..<count), body)
    }
}

// TODO(merge): the library defines its own SharedBytes (Sources/FastCop); once both branches are
// merged, use the library's and delete this one.

/// A read-only view of a block's bytes that tasks share.
///
/// `@unchecked Sendable` is safe here: the bytes are not modified while tasks run, and the
/// array they point into outlives the `ParallelMap.map` call that uses them.
package struct SharedBytes: @unchecked Sendable {
    package let buffer: UnsafeBufferPointer<UInt8>

    package init(buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }
}
