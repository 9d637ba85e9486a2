import Foundation

/// Writes a block's results (clean rows and rejects, in order) on a thread of its own, so that
/// writing block N overlaps processing block N+1 instead of leaving the workers idle.
///
/// `@unchecked Sendable` is safe here: one write at a time is under way (``start(_:)`` waits
/// for the previous one first), the sinks are not touched by their owner while a write is under
/// way (the owner calls ``finish()`` before using them), and the semaphore orders the writing
/// thread's effects before the owner's next step.
final class BlockWriter: @unchecked Sendable {
    private let clean: OutputSink
    private let rejects: OutputSink
    private let done = DispatchSemaphore(value: 0)
    private var failure: (any Error)?
    private var pending = false

    init(clean: OutputSink, rejects: OutputSink) {
        self.clean = clean
        self.rejects = rejects
    }

    /// Waits for the previous write, then starts writing `results` in order.
    ///
    /// - Throws: what the previous write threw (``RecordsError``).
    func start(_ results: ArraySlice<TaskResult>) throws {
        try finish()
        guard !results.isEmpty else { return }
        pending = true
        Thread.detachNewThread { [self] in
            do {
                for result in results {
                    if !result.clean.isEmpty { try clean.write(result.clean) }
                    if !result.rejects.isEmpty { try rejects.write(result.rejects) }
                }
            } catch {
                failure = error
            }
            done.signal()
        }
    }

    /// Waits for a write under way, if any.
    ///
    /// - Throws: what it threw (``RecordsError``).
    func finish() throws {
        if pending {
            done.wait()
            pending = false
        }
        if let error = failure {
            failure = nil
            throw error
        }
    }

    /// Waits for a write under way without reporting its error (when another error is already
    /// on its way out).
    func abandon() {
        try? finish()
    }
}
