#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The number of cores this process may run on: the ``BatchOptions`` default parallelism.
///
/// On Linux: the CPUs this process may be scheduled on (`Cpus_allowed_list` in
/// `/proc/self/status`, what `taskset` and `sched_setaffinity` set; the online CPUs,
/// `sysconf(_SC_NPROCESSORS_ONLN)`, when it cannot be read), lowered to a cgroup CPU quota
/// rounded up (`cpu.max` in cgroup v2, `cpu.cfs_quota_us / cpu.cfs_period_us` in v1), the files
/// Foundation's `ProcessInfo.activeProcessorCount` reads too. Read with a few plain system
/// calls, once: Foundation reads them through `URL` and `Data`, and was asked twice, which cost
/// a 1-line `fastcop match` about 0.3 ms of its start-up (perf: 15% of its samples).
@usableFromInline package enum ProcessorCount {
    /// The active cores (at least 1), computed on first use.
    @usableFromInline package static let active: Int = {
        #if os(Linux)
            let cores = allowedCPUs() ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
            if let quota = cgroupQuota() { return max(1, min(cores, quota)) }
            return max(1, cores)
        #else
            return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #endif
    }()

    #if os(Linux)
        /// The cgroup's CPU quota in whole cores (rounded up), or nil when there is none.
        private static func cgroupQuota() -> Int? {
            guard let groups = contents("/proc/self/cgroup") else { return nil }
            for line in groups.split(separator: "\n") {
                let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
                guard fields.count == 3 else { continue }
                let path = fields[2] == "/" ? "" : String(fields[2])
                if fields[0] == "0" && fields[1].isEmpty {
                    // v2: "max 100000" (no quota) or "200000 100000".
                    guard let limit = contents("/sys/fs/cgroup\(path)/cpu.max") else { continue }
                    let values = limit.split(separator: " ").map { Int($0.filter { $0 != "\n" }) }
                    if values.count == 2, let quota = values[0], let period = values[1] {
                        return cores(quota: quota, period: period)
                    }
                } else if fields[1].split(separator: ",").contains("cpu") {
                    let folder = "/sys/fs/cgroup/\(fields[1])\(path)"
                    if let quota = number(folder + "/cpu.cfs_quota_us"),
                        let period = number(folder + "/cpu.cfs_period_us")
                    {
                        return cores(quota: quota, period: period)
                    }
                }
            }
            return nil
        }

        /// The number of CPUs in this process's affinity mask, from the `Cpus_allowed_list:` line
        /// of `/proc/self/status` (for example `0-3,8,10-11`), or nil when it cannot be read.
        private static func allowedCPUs() -> Int? {
            guard let status = contents("/proc/self/status", limit: 16384) else { return nil }
            let key = "Cpus_allowed_list:"
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key) }) else {
                return nil
            }
            return cpuCount(inList: line.dropFirst(key.count))
        }

        /// The number of CPUs a kernel CPU list names (`0-3,8`), or nil when it is not one.
        static func cpuCount(inList list: Substring) -> Int? {
            var total = 0
            for item in list.split(separator: ",") {
                let bounds = item.split(separator: "-", omittingEmptySubsequences: false).map {
                    Int($0.filter { !$0.isWhitespace })
                }
                switch bounds.count {
                case 1:
                    guard bounds[0] != nil else { return nil }
                    total += 1
                case 2:
                    guard let low = bounds[0], let high = bounds[1], low <= high else { return nil }
                    total += high - low + 1
                default: return nil
                }
            }
            return total > 0 ? total : nil
        }

        private static func cores(quota: Int, period: Int) -> Int? {
            guard quota > 0, period > 0 else { return nil }
            return (quota + period - 1) / period
        }

        private static func number(_ path: String) -> Int? {
            contents(path).flatMap { Int($0.filter { $0 != "\n" }) }
        }

        /// The first `limit` bytes of a small system file, or nil when it cannot be read.
        private static func contents(_ path: String, limit: Int = 4096) -> String? {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var bytes = [UInt8](repeating: 0, count: limit)
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            return String(decoding: bytes[..<count], as: UTF8.self)
        }
    #endif
}
