import FastCop
import Foundation

/// Runs the row pipeline's three kinds of work at the same time, with no barrier between
/// blocks: a reader thread reads and splits blocks and cuts each into tasks; worker threads
/// take the tasks in input order and process them; the calling thread writes the tasks'
/// results in input order, a few at a time: when ``writeBatch`` results in a row are done (or
/// a block's or the input's last ones), with one system call per output.
///
/// Before, each block was a barrier: the workers waited for the block's slowest task, worker
/// threads were started per block, and the last block's results were written after every row
/// had been processed. Now a worker that finishes the last task of a block takes the first
/// task of the next one, and results are written as they come. Memory stays bounded: at most
/// ``blocksInFlight`` blocks have been handed to the workers and not yet written, and the
/// reader reads one more while it waits.
///
/// The reader and the workers run on the house's ``WorkerPool``, each on a thread of its own
/// (``WorkerPool/start(_:)``), not on libdispatch's: on Linux, libdispatch's pool adds no
/// thread while the machine's run queue is full, so on a busy machine `concurrentPerform` ran
/// almost all of a block on the calling thread (measured when the pipeline used it: all cores
/// were 1.1x one core). The threads stay in the pool when the run ends.
///
/// `@unchecked Sendable` is safe here: all shared state is read and written under `condition`;
/// the reader (`RecordReader`) is used by the reader loop alone until ``run(first:write:)``
/// has waited for it; blocks are immutable once handed out.
final class RowScheduler<Codec: RowCodec>: @unchecked Sendable {
    /// Blocks handed to the workers and not yet written, at most.
    static var blocksInFlight: Int { 2 }
    /// Results in a row that wake the writer (fewer when they end a block or the input).
    static var writeBatch: Int { 8 }

    /// One task: consecutive records of a block.
    private struct Task {
        let block: SharedBlock
        let range: Range<Int>
        let firstRow: Int
        /// Whether it is its block's last task (when it is written, the block is done).
        let endsBlock: Bool
    }

    /// A block's bytes and records, shared by its tasks.
    private final class SharedBlock: Sendable {
        let block: RecordBlock
        init(_ block: RecordBlock) { self.block = block }
    }

    private let processor: RowProcessor<Codec>
    private let reader: RecordReader
    private let workers: Int
    /// Starts a loop on a thread of the pool (``WorkerPool/start(_:)``; tests refuse some).
    private let startLoop: Start
    /// What starts a loop: the running loop, or the system's refusal of a thread for it.
    typealias Start = (@escaping @Sendable () -> Void) throws(SystemThread.Refusal) -> WorkerPool.Running
    /// The workers started, waited for by ``shutDown()``, and the reader, waited for there when
    /// reading has ended (only the calling thread touches these).
    private var workerLoops: [WorkerPool.Running] = []
    private var readerLoop: WorkerPool.Running?
    private let condition = NSCondition()
    // Guarded by `condition`:
    /// Tasks not yet taken are `queue[queueHead...]`; a taken one is set to nil at once, so
    /// that its block is freed when its last task is written.
    private var queue: [Task?] = []
    private var queueHead = 0
    private var enqueued = 0
    private var results: [Int: (result: TaskResult, endsBlock: Bool)] = [:]
    /// Written buffers for the next tasks (at most two per worker).
    private var spareBuffers: [OutputBuffers] = []
    private var openBlocks = 0
    private var readingDone = false
    private var readError: (any Error)?
    private var cancelled = false
    // Who waits, so that a change wakes the threads only when one of them can go on (each
    // wake-up is a context switch; broadcasting every change made about 2,000 of them in the
    // 1M-row benchmark):
    /// The result the writer waits for (-1: it does not wait).
    private var writerWaitsFor = -1
    /// Whether the reader waits for a block to be written.
    private var readerWaits = false
    /// How many workers wait for a task.
    private var idleWorkers = 0

    /// A scheduler for the blocks of `reader`, whose tasks `processor` processes on `workers`
    /// threads, the loops started by `startLoop`.
    init(
        reader: RecordReader, processor: RowProcessor<Codec>, workers: Int,
        startLoop: @escaping Start = { body throws(SystemThread.Refusal) in try WorkerPool.shared.start(body) }
    ) {
        self.reader = reader
        self.processor = processor
        self.workers = max(1, workers)
        self.startLoop = startLoop
    }

    /// Processes `first` (already read) and every block the reader gives after it, and calls
    /// `write` with the tasks' results in input order, on the calling thread: each call gets
    /// the results that are ready in a row (one or more), so that they are written with one
    /// system call per output (a larger write costs the kernel less than several small ones).
    ///
    /// - Throws: ``RecordsError`` when the system starts neither the reader thread nor one
    ///   worker; what `write` throws (which stops the run), then what reading threw.
    func run(first: RecordBlock, write: ([TaskResult]) throws -> Void) throws {
        defer { shutDown() }
        readerLoop = try start { [self] in read(first: first) }
        // As many workers as the system starts threads for (a thread or memory limit may
        // refuse some): the run goes on with fewer, and fails only without any.
        for number in 0..<workers {
            do {
                workerLoops.append(try start { [self] in work() })
            } catch {
                if number == 0 { throw error }
                break
            }
        }
        var sequence = 0
        var written: [OutputBuffers] = []
        while var batch = nextResults(from: sequence, recycling: &written) {
            try write(batch.map(\.result))
            let endedBlocks = batch.count { $0.endsBlock }
            sequence += batch.count
            for done in batch { written.append(OutputBuffers(clean: done.result.clean, rejects: done.result.rejects)) }
            batch = []  // the buffers are the written list's alone now
            if endedBlocks > 0 {
                condition.lock()
                openBlocks -= endedBlocks
                if readerWaits { condition.broadcast() }
                condition.unlock()
            }
        }
        condition.lock()
        let error = readError
        condition.unlock()
        if let error { throw error }
    }

    /// Starts `body` on a thread of the pool.
    ///
    /// - Throws: ``RecordsError`` when the system refuses a thread for it (then it never runs).
    private func start(_ body: @escaping @Sendable () -> Void) throws -> WorkerPool.Running {
        do {
            return try startLoop(body)
        } catch {
            throw RecordsError(
                "cannot start a thread to process rows: \(SystemError.describe(error.code))"
                    + " (a limit on threads, processes or memory; fewer --jobs may do)")
        }
    }

    /// Waits for result `sequence`, and returns it with the results ready after it in a row;
    /// nil when reading has ended and every task was written. Keeps the buffers of the results
    /// written last for the workers (``OutputBuffers``, at most two per worker).
    private func nextResults(
        from sequence: Int, recycling written: inout [OutputBuffers]
    ) -> [(result: TaskResult, endsBlock: Bool)]? {
        condition.lock()
        defer { condition.unlock() }
        spareBuffers += written.prefix(max(0, 2 * workers - spareBuffers.count))
        written.removeAll(keepingCapacity: true)
        while true {
            if let done = results.removeValue(forKey: sequence) {
                var batch = [done]
                while let next = results.removeValue(forKey: sequence + batch.count) { batch.append(next) }
                return batch
            }
            if readingDone && sequence == enqueued { return nil }
            writerWaitsFor = sequence
            condition.wait()
            writerWaitsFor = -1
        }
    }

    /// The reader loop: cuts blocks into tasks, at most ``blocksInFlight`` blocks ahead of the
    /// writer.
    private func read(first: RecordBlock) {
        var block: RecordBlock? = first
        var nextRow = 1
        while let current = block {
            let count = current.records.count
            if count > 0 {
                let shared = SharedBlock(current)
                let tasks = max(1, min(workers * 16, count / 256))
                condition.lock()
                while openBlocks >= Self.blocksInFlight && !cancelled {
                    readerWaits = true
                    condition.wait()
                    readerWaits = false
                }
                if cancelled {
                    condition.unlock()
                    return
                }
                for task in 0..<tasks {
                    let range = (count * task / tasks)..<(count * (task + 1) / tasks)
                    queue.append(Task(block: shared, range: range, firstRow: nextRow, endsBlock: task == tasks - 1))
                }
                enqueued += tasks
                openBlocks += 1
                if idleWorkers > 0 { condition.broadcast() }
                condition.unlock()
                nextRow += count
            }
            do {
                block = try reader.next()
            } catch {
                condition.lock()
                readError = error
                condition.unlock()
                block = nil
            }
        }
        condition.lock()
        readingDone = true
        condition.broadcast()
        condition.unlock()
    }

    /// A worker loop: processes tasks in input order until none is left.
    private func work() {
        while let (task, sequence, buffers) = nextTask() {
            let block = task.block.block
            let result = block.bytes.withUnsafeBufferPointer {
                processor.process(
                    $0, records: block.records, range: task.range, firstRow: task.firstRow, reusing: buffers)
            }
            condition.lock()
            results[sequence] = (result, task.endsBlock)
            if writerWaitsFor >= 0 && sequence >= writerWaitsFor && writerCanGoOn() { condition.broadcast() }
            condition.unlock()
        }
    }

    /// Whether the writer, waiting for result `writerWaitsFor`, is worth waking (under
    /// `condition`): when ``writeBatch`` results in a row are ready from there, or a run that
    /// ends a block (the reader waits for it to be written) or the input. Waking it for every
    /// result made a context switch per task on the writer's core and the worker's.
    private func writerCanGoOn() -> Bool {
        var index = writerWaitsFor
        while let done = results[index] {
            index += 1
            if done.endsBlock || index - writerWaitsFor >= Self.writeBatch { return true }
        }
        return readingDone && index == enqueued
    }

    /// The next task, its sequence number and buffers to write its output into; nil when
    /// reading has ended and every task was taken, or the run was stopped.
    private func nextTask() -> (Task, Int, OutputBuffers)? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if cancelled { return nil }
            if queueHead < queue.count, let task = queue[queueHead] {
                let sequence = enqueued - (queue.count - queueHead)
                queue[queueHead] = nil
                queueHead += 1
                if queueHead * 2 >= queue.count {
                    queue.removeFirst(queueHead)
                    queueHead = 0
                }
                return (task, sequence, spareBuffers.popLast() ?? OutputBuffers())
            }
            if readingDone { return nil }
            idleWorkers += 1
            condition.wait()
            idleWorkers -= 1
        }
    }

    /// Stops the loops and waits for the workers, and for the reader when reading has ended.
    /// A run stopped before (an error, a `--strict` stop) does not wait for the reader: it may
    /// be waiting in a read of a pipe or terminal that nothing feeds any more (`tail -f`), and
    /// it stops by itself at its next look at `cancelled`. Until then its thread holds this
    /// scheduler, the reader and the blocks it reads; it touches nothing else, and its thread
    /// returns to the pool when it stops.
    private func shutDown() {
        condition.lock()
        cancelled = true
        let reading = !readingDone
        condition.broadcast()
        condition.unlock()
        for loop in workerLoops { loop.wait() }
        workerLoops = []
        if !reading { readerLoop?.wait() }
        readerLoop = nil
    }
}
