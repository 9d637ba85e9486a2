/// How a ``Batch`` spreads work over the machine's cores.
///
/// The defaults suit most inputs: all active cores, chunks of 1,024 items, and no threads at
/// all below 4,096 items (where starting workers would cost more than it saves).
public struct BatchOptions: Sendable {
    /// The most worker threads to use (at least 1). Default: the active processor count.
    public var parallelism: Int
    /// Items (or, for raw lines, bytes ÷ 64) a worker takes at a time. Default: 1,024.
    public var chunkSize: Int
    /// Below this many items the work runs on the calling thread. Default: 4,096.
    public var sequentialThreshold: Int
    /// Called after each chunk with the number of items done so far and the total, from
    /// whichever worker finished it; keep it cheap and thread-safe (a progress bar's counter).
    public var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

    /// Creates options; every argument has a default.
    public init(
        parallelism: Int = ProcessorCount.active,
        chunkSize: Int = 1024,
        sequentialThreshold: Int = 4096,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) {
        self.parallelism = max(1, parallelism)
        self.chunkSize = max(1, chunkSize)
        self.sequentialThreshold = max(0, sequentialThreshold)
        self.progress = progress
    }

    /// Runs everything on the calling thread.
    public static var sequential: BatchOptions { BatchOptions(parallelism: 1) }
}
