#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The house's worker threads: one pool, started on first use and kept for the process's
/// life, that runs the tasks of an ordered parallel map (``map(count:_:)``) and a pipeline's
/// long-lived loops (``start(_:)``). The line searcher (``LineSearcher``) and the records'
/// `ParallelMap` run maps on it; the row pipeline (`RowScheduler`) runs its reader and its
/// workers on it, each on a thread of its own beside the caller.
///
/// The threads are its own (``SystemThread``), not libdispatch's, as the row pipeline's
/// `RowScheduler` proved: on Linux, libdispatch's pool adds no thread while the machine's run
/// queue is full, so on a busy machine `concurrentPerform` ran almost all of a block on the
/// calling thread (all cores were 1.1x one core). Kept rather than started per map: a block
/// of `fastcop match` is a few milliseconds of work, and starting threads for each cost more.
///
/// The calling thread takes tasks of its own map too, and waits only for tasks another
/// thread has already started: a map inside a task, or maps from several threads at once,
/// always finish, even when no worker thread could be started (then the caller runs them all).
///
/// `@unchecked Sendable`: the queue and every job's counters are read and written under
/// `mutex` only; a task's result is written into its own slot of the result array by the one
/// thread that ran it, and read by the caller only after the job's last task was counted done
/// under the mutex.
package final class WorkerPool: @unchecked Sendable {
    /// The pool of the process: one thread per active core but the caller's.
    package static let shared = WorkerPool(threads: ProcessorCount.active - 1)

    /// The number of threads a map may run on: the workers and the caller.
    package let width: Int

    /// One map's tasks: `0..<count`, handed out in order.
    private final class Job {
        let count: Int
        let run: (Int) -> Void
        /// The next task to hand out, and the tasks finished (guarded by the pool's mutex).
        var next = 0
        var done = 0
        init(count: Int, run: @escaping (Int) -> Void) {
            self.count = count
            self.run = run
        }
    }

    /// A pipeline's loop started with ``start(_:)``.
    package final class Running: @unchecked Sendable {
        // @unchecked: `ended` is read and written under the pool's mutex only.
        fileprivate let body: @Sendable () -> Void
        fileprivate let pool: WorkerPool
        fileprivate var ended = false
        fileprivate init(_ body: @escaping @Sendable () -> Void, pool: WorkerPool) {
            self.body = body
            self.pool = pool
        }

        /// Waits until the loop has returned.
        package func wait() {
            pthread_mutex_lock(pool.mutex)
            while !ended { pthread_cond_wait(pool.finished, pool.mutex) }
            pthread_mutex_unlock(pool.mutex)
        }
    }

    private let wanted: Int
    /// The maps' workers started (threads started for loops are not counted: they join the
    /// workers once their loop has returned).
    private var started = 0
    /// Jobs with tasks not yet handed out, oldest first.
    private var queue: [Job] = []
    /// Loops waiting for an idle thread (each has one: see ``start(_:)``), oldest first.
    private var loops: [Running] = []
    private var idle = 0
    fileprivate let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Workers wait on `queued` for a job; callers on `finished` for their last tasks.
    private let queued: UnsafeMutablePointer<pthread_cond_t>
    fileprivate let finished: UnsafeMutablePointer<pthread_cond_t>

    /// A pool of `threads` worker threads (started on the first map that has tasks for them).
    package init(threads: Int) {
        wanted = max(0, threads)
        width = wanted + 1
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        queued = .allocate(capacity: 1)
        queued.initialize(to: pthread_cond_t())
        pthread_cond_init(queued, nil)
        finished = .allocate(capacity: 1)
        finished.initialize(to: pthread_cond_t())
        pthread_cond_init(finished, nil)
    }

    // No deinit: a pool's threads wait on its mutex and conditions for the process's life.

    /// `(0..<count).map(body)`, computed by the pool's threads and the caller, results in
    /// index order. One task runs on the caller when `count` is 1.
    package func map<T>(count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        guard count > 1, wanted > 0 else { return (0..<count).map(body) }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = DisjointSlots(base: buffer.baseAddress)
            run(Job(count: count) { slots.initialize($0, to: body($0)) })
            initialized = count
        }
    }

    /// Queues `job`, wakes workers for it, takes its tasks on this thread until none is left
    /// to hand out, then waits for those the workers took.
    private func run(_ job: Job) {
        pthread_mutex_lock(mutex)
        startWorkers()
        queue.append(job)
        for _ in 0..<min(idle, job.count - 1) { pthread_cond_signal(queued) }
        while job.next < job.count {
            let task = job.next
            job.next += 1
            if job.next == job.count { dequeue(job) }
            pthread_mutex_unlock(mutex)
            job.run(task)
            pthread_mutex_lock(mutex)
            job.done += 1
        }
        while job.done < job.count { pthread_cond_wait(finished, mutex) }
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` on a thread of the pool of its own, beside the caller and whatever else the
    /// pool runs, until it returns: for a pipeline's long-lived loops, which must all run at
    /// once (a reader waiting for the writer, workers waiting for the reader). An idle thread
    /// takes it; when none is left for it, a thread is started for it, which stays in the pool
    /// afterwards (for the maps, and the next pipeline). ``Running/wait()`` waits for it to end.
    ///
    /// - Throws: the system's refusal to start that thread (then `body` never runs).
    package func start(_ body: @escaping @Sendable () -> Void) throws(SystemThread.Refusal) -> Running {
        let running = Running(body, pool: self)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if idle > loops.count {
            // An idle thread is left for it: it takes loops before map tasks.
            loops.append(running)
            pthread_cond_signal(queued)
            return running
        }
        let code = SystemThread.start { [self] in
            runLoop(running)
            pthread_mutex_lock(mutex)
            work()
        }
        guard code == 0 else { throw SystemThread.Refusal(code: code) }
        return running
    }

    /// Runs a loop (with the mutex unlocked), then marks it ended and wakes its waiters.
    private func runLoop(_ running: Running) {
        running.body()
        pthread_mutex_lock(mutex)
        running.ended = true
        pthread_cond_broadcast(finished)
        pthread_mutex_unlock(mutex)
    }

    /// Removes `job` from the queue: its last task has been handed out (under the mutex).
    private func dequeue(_ job: Job) {
        if let index = queue.firstIndex(where: { $0 === job }) { queue.remove(at: index) }
    }

    /// Starts the worker threads not started yet (under the mutex). A thread the system
    /// refuses is not started again: the maps run on the threads there are.
    private func startWorkers() {
        guard started < wanted else { return }
        while started < wanted {
            started += 1
            guard
                SystemThread.start({ [self] in
                    pthread_mutex_lock(mutex)
                    work()
                }) == 0
            else {
                started = wanted
                return
            }
        }
    }

    /// A worker thread's loop (entered with the mutex locked): takes a waiting pipeline loop,
    /// else the oldest queued job's next task, runs it, and counts it done, waking the job's
    /// caller after its last one.
    private func work() {
        while true {
            if !loops.isEmpty {
                let running = loops.removeFirst()
                pthread_mutex_unlock(mutex)
                runLoop(running)
                pthread_mutex_lock(mutex)
                continue
            }
            guard let job = queue.first else {
                idle += 1
                pthread_cond_wait(queued, mutex)
                idle -= 1
                continue
            }
            let task = job.next
            job.next += 1
            if job.next == job.count { queue.removeFirst() }
            pthread_mutex_unlock(mutex)
            job.run(task)
            pthread_mutex_lock(mutex)
            job.done += 1
            if job.done == job.count { pthread_cond_broadcast(finished) }
        }
    }
}
