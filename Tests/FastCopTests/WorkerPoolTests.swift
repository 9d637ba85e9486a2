import Synchronization
import Testing

@testable import FastCop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The house's worker pool: maps in index order, and pipeline loops that each get a thread of
/// their own, however few the pool's workers.
@Suite("WorkerPool: maps and pipeline loops")
struct WorkerPoolTests {
    @Test("a map's results come in index order, whatever thread ran each task")
    func mapOrder() {
        let pool = WorkerPool(threads: 2)
        #expect(pool.map(count: 1000) { $0 * $0 } == (0..<1000).map { $0 * $0 })
        #expect(pool.map(count: 0) { $0 }.isEmpty)
    }

    @Test("loops run at once beyond the pool's width: each waits for all the others to start")
    func loopsRunTogether() throws {
        // A pool of one worker; five loops that each wait for all five to have started would
        // never end if a loop waited for a thread another loop holds.
        let pool = WorkerPool(threads: 1)
        let arrived = Atomic<Int>(0)
        let metAll = Atomic<Int>(0)
        let loops = 5
        var running: [WorkerPool.Running] = []
        for _ in 0..<loops {
            running.append(
                try pool.start {
                    arrived.add(1, ordering: .sequentiallyConsistent)
                    // (Bounded, so that a pool that runs them one after another fails, not hangs.)
                    let deadline = ContinuousClock.now + .seconds(20)
                    while arrived.load(ordering: .sequentiallyConsistent) < loops && ContinuousClock.now < deadline {
                        sched_yield()
                    }
                    if arrived.load(ordering: .sequentiallyConsistent) == loops {
                        metAll.add(1, ordering: .sequentiallyConsistent)
                    }
                })
        }
        for loop in running { loop.wait() }
        #expect(metAll.load(ordering: .sequentiallyConsistent) == loops)
        // The loops' threads joined the pool: a map and more loops still run.
        #expect(pool.map(count: 64) { $0 + 1 } == Array(1...64))
        let again = try pool.start { arrived.add(1, ordering: .sequentiallyConsistent) }
        again.wait()
        #expect(arrived.load(ordering: .sequentiallyConsistent) == loops + 1)
    }

    /// The CPUs the threads of a map of two tasks may run on, one list per task: each task waits
    /// for the other to start, so that two threads run them (the caller and the worker).
    static func cpusOfTwoThreads(_ pool: WorkerPool) -> [[Int32]] {
        let arrived = Atomic<Int>(0)
        return pool.map(count: 2) { _ in
            arrived.add(1, ordering: .sequentiallyConsistent)
            let deadline = ContinuousClock.now + .seconds(20)
            while arrived.load(ordering: .sequentiallyConsistent) < 2 && ContinuousClock.now < deadline {
                sched_yield()
            }
            return ThreadPlacement.allowedCPUs() ?? []
        }
    }

    @Test("bound: the caller on the CPU it ran on, the worker on another, both free again after; off by default")
    func binding() throws {
        let pool = WorkerPool(threads: 1)
        #expect(pool.bindThreads() == nil)  // a library's pool binds nothing unless told
        pool.bindsThreadsToCPUs = true
        let before = try #require(ThreadPlacement.allowedCPUs())
        guard before.count >= 2 else {
            #expect(pool.bindThreads() == nil)  // one CPU: nothing to spread over
            return
        }
        do {
            let binding = try #require(pool.bindThreads())
            defer { binding.end() }
            #expect(pool.bindThreads() == nil)  // one binding at a time
            let caller = try #require(ThreadPlacement.allowedCPUs())
            #expect(caller.count == 1 && before.contains(caller[0]))
            // The worker, started bound, is on one CPU, not the caller's.
            let seen = Self.cpusOfTwoThreads(pool)
            #expect(seen.contains(caller))
            let worker = try #require(seen.first { $0 != caller })
            #expect(worker.count == 1 && before.contains(worker[0]) && worker != caller)
        }
        // Ended: the caller at once, the worker at its next task, run where they could before.
        #expect(ThreadPlacement.allowedCPUs() == before)
        #expect(Self.cpusOfTwoThreads(pool) == [before, before])
        // A worker started before the binding moves to its CPU at its next task.
        let binding = try #require(pool.bindThreads())
        defer { binding.end() }
        let caller = try #require(ThreadPlacement.allowedCPUs())
        let seen = Self.cpusOfTwoThreads(pool)
        #expect(seen.contains(caller) && seen.contains { $0.count == 1 && $0 != caller })
    }

    @Test("a map inside a loop finishes: its caller takes its tasks")
    func mapInsideLoop() throws {
        let pool = WorkerPool(threads: 1)
        let result = Mutex<[Int]>([])
        let loop = try pool.start {
            let mapped = pool.map(count: 100) { $0 * 2 }
            result.withLock { $0 = mapped }
        }
        loop.wait()
        #expect(result.withLock { $0 } == (0..<100).map { $0 * 2 })
    }
}
