import CThreadPlacement

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which CPUs the calling thread may run on (Linux: `sched_getaffinity(2)`,
/// `sched_setaffinity(2)`, `sched_getcpu(3)`), for ``WorkerPool/bindThreads()``. Elsewhere the
/// system says nothing and binds nothing.
package enum ThreadPlacement {
    /// The CPUs the calling thread may run on, in increasing order, or nil when the system does
    /// not say.
    package static func allowedCPUs() -> [Int32]? {
        var cpus = [Int32](repeating: -1, count: Int(FASTCOP_CPU_SET_SIZE))
        let count = Int(fastcop_thread_cpus(&cpus, FASTCOP_CPU_SET_SIZE))
        guard count >= 0 else { return nil }
        cpus.removeLast(cpus.count - count)
        return cpus
    }

    /// Lets the calling thread run on `cpus` only (not empty). Returns whether the system
    /// agreed.
    @discardableResult
    package static func bind(to cpus: [Int32]) -> Bool {
        !cpus.isEmpty && fastcop_bind_thread(cpus, Int32(cpus.count)) == 0
    }

    /// Makes a thread started with `attributes` run on `cpus` only (not empty), from its start.
    /// Returns whether the system agreed.
    @discardableResult
    static func bind(_ attributes: UnsafeMutablePointer<pthread_attr_t>, to cpus: [Int32]) -> Bool {
        !cpus.isEmpty && fastcop_bind_attributes(attributes, cpus, Int32(cpus.count)) == 0
    }

    /// The CPU the calling thread runs on now, or nil when the system does not say.
    package static var currentCPU: Int32? {
        let cpu = fastcop_current_cpu()
        return cpu >= 0 ? cpu : nil
    }
}
