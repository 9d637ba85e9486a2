import Dispatch

/// Validates and cleans many strings at once, on all cores.
///
/// A batch splits its input into chunks and runs them with `DispatchQueue.concurrentPerform`;
/// results always come back in input order and equal what evaluating one by one gives. Below
/// ``BatchOptions/sequentialThreshold`` items it runs on the calling thread.
///
/// ```swift
/// let email = try Pattern(Pattern.emailSource)
/// let valid: [Bool] = Batch().hasWholeMatch(email, in: addresses)
/// let report = Batch().report(addresses) { try email.hasWholeMatch(in: $0) ? nil : "Invalid email" }
/// print(report.invalidCount, report.failures.first?.index ?? -1)
/// ```
///
/// Every method blocks until done. In Swift concurrency, call the `async` forms, which run the
/// work on Dispatch's threads instead of holding the cooperative pool.
public struct Batch: Sendable {
    /// How the work is spread.
    public var options: BatchOptions

    /// Creates a batch runner.
    public init(options: BatchOptions = BatchOptions()) {
        self.options = options
    }

    var runner: ChunkRunner { ChunkRunner(options: options) }

    /// `transform` applied to every element, concurrently, results in input order.
    ///
    /// `transform` runs on several threads at once, so it must be thread-safe (it is
    /// `@Sendable`).
    ///
    /// - Complexity: O(*n*) calls of `transform` spread over the workers.
    public func map<Input: Sendable, Output>(
        _ inputs: [Input], _ transform: @Sendable (Input) -> Output
    ) -> [Output] {
        inputs.withUnsafeBufferPointer { buffer in
            let elements = SharedElements(buffer: buffer)
            return runner.map(count: buffer.count) { transform(elements[$0]) }
        }
    }

    /// Runs blocking batch `work` on a Dispatch thread and resumes when it is done, so that
    /// Swift concurrency's cooperative threads are not blocked meanwhile.
    public func offloaded<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: work())
            }
        }
    }

    /// The `async` form of ``map(_:_:)``.
    public func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], _ transform: @escaping @Sendable (Input) -> Output
    ) async -> [Output] {
        await offloaded { self.map(inputs, transform) }
    }
}

/// Read-only access to an array's elements from several workers.
///
/// @unchecked Sendable: the elements are `Sendable` and only read, and the array outlives the
/// batch call that created this view (it is used inside `withUnsafeBufferPointer`).
struct SharedElements<Element: Sendable>: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<Element>

    @inline(__always)
    subscript(index: Int) -> Element { buffer[index] }
}
