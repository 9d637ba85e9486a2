import FastCop

/// An ordered parallel map over task indices, on all cores, with FastCop's batch API.
///
/// Each index is computed by one worker and the results come back in index order, so output
/// keeps the input's order.
package enum ParallelMap {
    /// The number of workers: the machine's active cores.
    package static var workerCount: Int { ProcessorCount.active }

    /// One task per item, started as soon as there are two.
    private static let batch = Batch(options: BatchOptions(chunkSize: 1, sequentialThreshold: 2))

    /// `(0..<count).map(body)`, computed in parallel.
    package static func map<T: Sendable>(count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        batch.map(Array(0..<count), body)
    }
}
