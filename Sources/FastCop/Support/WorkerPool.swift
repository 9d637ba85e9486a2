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
/// A search may bind the caller and the workers to CPUs of their own for its length
/// (``bindThreads()``), when the program that owns the process allows it
/// (``bindsThreadsToCPUs``).
///
/// `@unchecked Sendable`: the queue, the binding and every job's counters are read and written under
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
    /// While a ``Binding`` holds: the CPU of each map worker, by the order they were started;
    /// `allowed`, the CPUs the threads may run on when it ends; `placements` counts the changes.
    private var placement: [Int32]?
    private var allowed: [Int32] = []
    private var placements = 0
    private var bindsThreads = false
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
            let index = started
            started += 1
            // Started while a binding holds, it starts on its CPU (not queued behind the caller);
            // when the system refuses that, it starts anywhere and moves at its first task.
            let cpus = placement == nil ? nil : cpus(ofWorker: index)
            func start(on cpus: [Int32]?, placed: Int) -> Int32 {
                SystemThread.start(
                    on: cpus,
                    { [self] in
                        pthread_mutex_lock(mutex)
                        work(worker: index, placed: placed)
                    })
            }
            guard start(on: cpus, placed: placements) == 0 || (cpus != nil && start(on: nil, placed: -1) == 0)
            else {
                started = wanted
                return
            }
        }
    }

    /// A worker thread's loop (entered with the mutex locked): takes a waiting pipeline loop,
    /// else the oldest queued job's next task, runs it, and counts it done, waking the job's
    /// caller after its last one. A map worker (`worker`: its index; nil for a thread started
    /// for a loop) first moves to the CPU a ``Binding`` gives it, or back to all when it ended.
    private func work(worker: Int? = nil, placed: Int = 0) {
        var placed = placed
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
            var cpus: [Int32] = []
            if let worker, placed != placements {
                placed = placements
                cpus = self.cpus(ofWorker: worker)
            }
            pthread_mutex_unlock(mutex)
            if !cpus.isEmpty { ThreadPlacement.bind(to: cpus) }
            job.run(task)
            pthread_mutex_lock(mutex)
            job.done += 1
            if job.done == job.count { pthread_cond_broadcast(finished) }
        }
    }

    /// The CPUs map worker `worker` may run on (under the mutex): its own while a ``Binding``
    /// holds, else those the threads could run on before.
    private func cpus(ofWorker worker: Int) -> [Int32] {
        guard let placement, worker < placement.count else { return allowed }
        return [placement[worker]]
    }

    /// Whether ``bindThreads()`` binds threads: off unless the program that owns the process
    /// turns it on (the `fastcop` tool does, for `match`). A library must not move the threads
    /// of the program it is part of.
    package var bindsThreadsToCPUs: Bool {
        get {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return bindsThreads
        }
        set {
            pthread_mutex_lock(mutex)
            bindsThreads = newValue
            pthread_mutex_unlock(mutex)
        }
    }

    /// A binding of the caller and the pool's map workers to CPUs of their own, from
    /// ``WorkerPool/bindThreads()`` until ``end()``.
    package final class Binding {
        private let pool: WorkerPool
        private let callerCPUs: [Int32]
        private var ended = false

        fileprivate init(pool: WorkerPool, callerCPUs: [Int32]) {
            self.pool = pool
            self.callerCPUs = callerCPUs
        }

        /// Lets the caller run on the CPUs it could before, and each worker, at its next task.
        package func end() {
            guard !ended else { return }
            ended = true
            ThreadPlacement.bind(to: callerCPUs)
            pthread_mutex_lock(pool.mutex)
            pool.placement = nil
            pool.placements += 1
            pthread_mutex_unlock(pool.mutex)
        }

        deinit { end() }
    }

    /// Binds the calling thread to the CPU it runs on and each map worker, at its next task,
    /// to another of the CPUs the caller may run on, until the binding ends: nil (nothing
    /// bound) unless ``bindsThreadsToCPUs`` is on, the system binds threads (Linux), the caller
    /// may run on a CPU for each of the pool's threads, and no other binding holds.
    ///
    /// Why: some kernels pack a process's threads onto as few CPUs as they can (a virtual
    /// machine's kernel, sparing the host the wake-up of an idle virtual CPU), and a worker woken
    /// for a task then waits behind the caller on the caller's CPU while the other CPU is
    /// idle; the balancer moves it only milliseconds later. On such a 2-CPU machine a search of
    /// a 49 MiB file used 1.06 CPUs and took as long as on one thread; bound, its two threads
    /// run at once. The cost elsewhere: a bound thread cannot leave a CPU another process keeps
    /// busy (the caller still takes tasks, so a search only waits for the task that worker holds).
    package func bindThreads() -> Binding? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard bindsThreads, placement == nil, wanted > 0, let cpus = ThreadPlacement.allowedCPUs(), cpus.count >= width
        else { return nil }
        let current = ThreadPlacement.currentCPU.flatMap { cpus.contains($0) ? $0 : nil } ?? cpus[0]
        guard ThreadPlacement.bind(to: [current]) else { return nil }
        placement = Array(cpus.lazy.filter { $0 != current }.prefix(wanted))
        allowed = cpus
        placements += 1
        // Workers not started yet start on their CPUs now: one started later by a thread
        // bound to one CPU would wait on that CPU until the balancer moved it (3 ms, seen).
        startWorkers()
        return Binding(pool: self, callerCPUs: cpus)
    }
}
