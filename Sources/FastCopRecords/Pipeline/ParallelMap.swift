import FastCop

/// An ordered parallel map over task indices, on all cores, on the house's ``WorkerPool``.
///
/// Each index is computed by one worker and the results come back in index order, so output
/// keeps the input's order.
package enum ParallelMap {
    /// The number of workers: the machine's active cores.
    package static var workerCount: Int { WorkerPool.shared.width }

    /// `(0..<count).map(body)`, computed in parallel.
    package static func map<T: Sendable>(count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        WorkerPool.shared.map(count: count, body)
    }
}
