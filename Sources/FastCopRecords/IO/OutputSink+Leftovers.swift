#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary outputs of runs that were killed outright (`kill -9`, the out-of-memory killer,
/// a power cut): no signal handler ran, so `.NAME.fastcop-PID.tmp` stayed beside NAME. A run
/// that writes NAME removes those left beside it.
///
/// A file is a leftover when both hold:
/// - no process has its PID (`kill(pid, 0)` fails with `ESRCH`). A PID that was reused since
///   keeps the file until that process ends too (it is removed by a later run): never too early.
/// - no process holds the `flock(2)` lock each run takes on its temporary file while it writes
///   it (``lockWhileWriting(_:)``). The system drops the lock when its process dies, however it
///   dies. This covers a run whose PID means nothing here: one in another PID namespace (a
///   container) or on another host writing the same folder (NFS passes `flock` on as a lock).
///
/// The PID covers the moment between the file's creation and its lock, the lock the runs whose
/// PIDs cannot be seen. Only names of this form for the same NAME are looked at, only regular
/// files are removed, and a name that changed file while it was checked is left.
extension OutputSink {
    /// Takes the lock that tells other runs the temporary file behind `descriptor` is being
    /// written. Held until the descriptor is closed (or the process ends).
    static func lockWhileWriting(_ descriptor: Int32) {
        _ = flock(descriptor, LOCK_EX | LOCK_NB)
    }

    /// Removes the temporary outputs that killed runs left for `base` in `directory` (`""` is
    /// the working directory). Returns the names it removed.
    @discardableResult
    static func removeLeftovers(directory: String, base: String) -> [String] {
        guard let folder = opendir(directory.isEmpty ? "." : directory) else { return [] }
        defer { closedir(folder) }
        // Compared as bytes: String comparison would take an é written as e + U+0301 for the
        // same name as a precomposed é, another file.
        let prefix = Array(".\(base).fastcop-".utf8)
        let suffix = Array(".tmp".utf8)
        var removed: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard name.count > prefix.count + suffix.count, name.starts(with: prefix),
                name.suffix(4).elementsEqual(suffix)
            else { continue }
            let digits = name[prefix.count..<(name.count - suffix.count)]
            guard digits.count <= 9, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let pid = pid_t(String(decoding: digits, as: UTF8.self)), pid > 0, pid != getpid(), isGone(pid)
            else { continue }
            let path = directory + String(decoding: name, as: UTF8.self)
            if removeIfUnlocked(path) { removed.append(path) }
        }
        return removed
    }

    /// Whether no process has the ID `pid` (one that exists but is another user's is not gone).
    private static func isGone(_ pid: pid_t) -> Bool {
        kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Removes the regular file `path` when no process holds its lock, and while holding it
    /// itself, so that a run starting to write it cannot be removed. Whether it was removed.
    private static func removeIfUnlocked(_ path: String) -> Bool {
        // O_NONBLOCK: a FIFO planted at that name does not hold the open up; O_NOFOLLOW: a link
        // is not followed (and not removed).
        let descriptor = SystemCall.open(path, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { _ = SystemCall.close(descriptor) }
        var opened = stat()
        var named = stat()
        guard fstat(descriptor, &opened) == 0, (opened.st_mode & S_IFMT) == S_IFREG,
            flock(descriptor, LOCK_EX | LOCK_NB) == 0,
            lstat(path, &named) == 0, named.st_dev == opened.st_dev, named.st_ino == opened.st_ino
        else { return false }
        return unlink(path) == 0
    }
}
