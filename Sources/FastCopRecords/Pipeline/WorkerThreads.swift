import Foundation
import Synchronization

/// An ordered parallel map on threads of its own, for the row pipeline's blocks.
///
/// Not on libdispatch (``ParallelMap``): on Linux its worker pool emulation adds no thread
/// while the machine's run queue is full, so on a busy machine `concurrentPerform` ran almost
/// all of a block on the calling thread (measured: the calling thread took 76% of the samples
/// with 2 workers asked for, and all cores were 1.1× one core). These threads are started per
/// block (a few per 4 MiB, microseconds each) and take tasks from a shared counter.
enum WorkerThreads {
    /// `(0..<count).map(body)`, computed by `workers` threads (the calling thread is one).
    static func map<T: Sendable>(count: Int, workers: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        let threads = max(1, min(workers, count))
        guard threads > 1 else { return (0..<count).map(body) }
        let tasks = Tasks<T>(count: count)
        let finished = DispatchGroup()
        for _ in 1..<threads {
            finished.enter()
            Thread.detachNewThread {
                tasks.run(body)
                finished.leave()
            }
        }
        tasks.run(body)
        finished.wait()
        return tasks.results()
    }

    /// The tasks of one map: a counter that hands out indices and the results by index.
    private final class Tasks<T: Sendable>: Sendable {
        let count: Int
        let next = Atomic<Int>(0)
        let slots: Mutex<[T?]>

        init(count: Int) {
            self.count = count
            slots = Mutex(Array(repeating: nil, count: count))
        }

        /// Runs tasks until none is left.
        func run(_ body: @Sendable (Int) -> T) {
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                let result = body(index)
                slots.withLock { $0[index] = result }
            }
        }

        /// The results in index order (after every `run` has returned).
        func results() -> [T] {
            slots.withLock { $0.map { $0! } }
        }
    }
}
