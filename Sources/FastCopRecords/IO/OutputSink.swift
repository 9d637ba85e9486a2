#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where output goes: a file written under a temporary name and renamed at the end, stdout
/// (`-`), memory (the embedded sample), or nowhere.
///
/// A file output is created as `.NAME.fastcop-PID.tmp` beside its final path and put in its
/// place in one atomic step by ``commit()`` (in OutputSink+Commit.swift; swapped with an existing file, whose permissions
/// it keeps, else renamed), so a failed or interrupted run never leaves a half-written file
/// under the final name; ``abandon()`` (and SIGINT/SIGTERM) remove the temporary file, and the
/// next run writing the same path removes one that a run killed outright left
/// (OutputSink+Leftovers.swift). A path that
/// names an existing device, FIFO or socket (`/dev/null`, a named pipe) or one of the process's
/// own descriptors (`/dev/stdout`, `/dev/fd/3`) is written in place; a symbolic link is followed,
/// so the link stays and its target is replaced.
package final class OutputSink {
    enum Target {
        case file(descriptor: Int32, temporary: String, final: String)
        /// A device, FIFO or socket (`/dev/null`, a named pipe): written in place, because
        /// renaming a file over it would replace the special file itself.
        case special(descriptor: Int32)
        case standardOutput
        case memory
        case discard
    }

    /// Where the bytes go (``commit()`` and ``abandon()`` end it in `.discard`).
    var target: Target
    /// What was written, for a memory sink.
    package private(set) var contents: [UInt8] = []
    /// The name used in messages.
    let name: String
    /// Disk space reserved ahead of the writes of a `.file` target (on ext4; ``FileSpace``).
    var space: FileSpace?
    /// Whether this sink writes to stdout.
    package var isStandardOutput: Bool {
        if case .standardOutput = target { return true }
        return false
    }

    private init(target: Target, name: String) {
        self.target = target
        self.name = name
    }

    deinit { abandon() }

    /// Opens the output for `path` (`-` is stdout).
    ///
    /// - Throws: ``RecordsError`` when the file cannot be created (a missing directory, no
    ///   permission, a directory in the way), before any row is read.
    package static func open(_ path: String) throws -> OutputSink {
        if path == "-" { return OutputSink(target: .standardOutput, name: "stdout") }
        if let inherited = inheritedDescriptor(path) {
            // `/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`: the process's own descriptor, written
            // in place. A rename over such a path would replace the link itself (and, when
            // stdout is a regular file, `/dev/stdout` would resolve to that file and be replaced).
            if inherited == STDOUT_FILENO { return OutputSink(target: .standardOutput, name: path) }
            let descriptor = dup(inherited)
            guard descriptor >= 0 else {
                throw RecordsError("cannot write '\(path)': \(SystemError.describe(errno))")
            }
            return OutputSink(target: .special(descriptor: descriptor), name: path)
        }
        let path = resolvingSymbolicLink(path)
        var status = stat()
        // What is at the path now, looked at once: a directory, a special file (written in
        // place), or a regular file (replaced, keeping its permissions).
        let existing = stat(path, &status) == 0
        if existing, (status.st_mode & S_IFMT) == S_IFDIR {
            throw RecordsError("cannot write '\(path)': it is a directory")
        }
        if existing, (status.st_mode & S_IFMT) != S_IFREG {
            let descriptor = SystemCall.open(path, flags: O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw RecordsError("cannot write '\(path)': \(SystemError.describe(errno))")
            }
            return OutputSink(target: .special(descriptor: descriptor), name: path)
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = "\(directory).\(base).fastcop-\(getpid()).tmp"
        removeLeftovers(directory: directory, base: base)
        let descriptor = createTemporary(temporary)
        guard descriptor >= 0 else {
            throw RecordsError("cannot write '\(path)': \(SystemError.describe(errno))")
        }
        lockWhileWriting(descriptor)
        TemporaryFiles.register(temporary)
        // The file that replaces an existing output keeps its permissions (as a shell's `>`
        // into it would): a private 0600 output must not come out readable by everyone.
        if existing { _ = fchmod(descriptor, status.st_mode & 0o777) }
        let sink = OutputSink(target: .file(descriptor: descriptor, temporary: temporary, final: path), name: path)
        sink.space = FileSpace.of(descriptor)
        return sink
    }

    /// Creates the temporary file new, never through a link: `O_EXCL | O_NOFOLLOW`, so that a
    /// symbolic link planted at that name in a shared folder is not followed. A file left at
    /// that name (a run with the same process ID that was killed outright) is removed once and
    /// the creation tried again; -1 with `errno` set when it still fails.
    static func createTemporary(_ temporary: String) -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        let descriptor = SystemCall.open(temporary, flags: flags)
        guard descriptor < 0, errno == EEXIST else { return descriptor }
        // unlink(2) removes a link itself, never its target.
        guard unlink(temporary) == 0 else { return -1 }
        return SystemCall.open(temporary, flags: flags)
    }

    /// The descriptor that `path` names when it is one of this process's own: `/dev/stdout`,
    /// `/dev/stderr`, `/dev/fd/N` or `/proc/self/fd/N`; nil for any other path.
    static func inheritedDescriptor(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default: break
        }
        for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
            return Int32(path.dropFirst(prefix.count))
        }
        return nil
    }

    /// The file a symbolic link points to, so that the temporary file is renamed over the
    /// target and the link stays a link; `path` itself when it is no link or a dangling one.
    static func resolvingSymbolicLink(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK,
            let resolved = realpath(path, nil)
        else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A sink that keeps what is written in ``contents``.
    package static func memory(name: String) -> OutputSink { OutputSink(target: .memory, name: name) }

    /// A sink that drops everything.
    package static var discard: OutputSink { OutputSink(target: .discard, name: "nowhere") }

    /// Writes all of `bytes`.
    ///
    /// - Throws: ``RecordsError`` with the system's reason (a full disk, a closed pipe).
    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        switch target {
        case .file(let descriptor, _, _), .special(let descriptor):
            space?.willWrite(bytes.count)
            try Self.writeAll(descriptor, bytes, name: name)
        case .standardOutput:
            try Self.writeAll(STDOUT_FILENO, bytes, name: name)
        case .memory:
            contents.append(contentsOf: bytes)
        case .discard:
            break
        }
    }

    /// Writes the arrays one after another, without copying them, in one system call when the
    /// system takes them all (`writev(2)`). `fastcop match` hands over each block's output as
    /// one array per search task: one `write(2)` each was 124 calls on the reading thread for
    /// the 1M-line `example7\.com` search, time in which no block was searched. `fastcop clean`
    /// writes the results of the tasks that are done in a row: larger writes also cost ext4 less
    /// per byte (85 MB to two files: 25 ms of system time in 70 KB pieces, 17 ms in 560 KB ones).
    ///
    /// - Throws: ``RecordsError`` with the system's reason (a full disk, a closed pipe).
    package func write(contentsOf parts: [[UInt8]]) throws {
        let descriptor: Int32
        switch target {
        case .file(let file, _, _), .special(let file): descriptor = file
        case .standardOutput: descriptor = STDOUT_FILENO
        case .memory, .discard:
            for part in parts { try write(part) }
            return
        }
        if space != nil { space?.willWrite(parts.reduce(0) { $0 + $1.count }) }
        // Up to `gatherLimit` parts per call: the parts are held in place one nested closure
        // each, so the nesting (and the stack) stays bounded whatever the count of parts.
        var vectors: [iovec] = []
        vectors.reserveCapacity(min(parts.count, Self.gatherLimit))
        var rest = parts[...]
        while !rest.isEmpty {
            vectors.removeAll(keepingCapacity: true)
            try Self.gather(rest.prefix(Self.gatherLimit), into: &vectors, descriptor: descriptor, name: name)
            rest = rest.dropFirst(Self.gatherLimit)
        }
    }

    /// The most parts one `writev(2)` is given (the system takes up to `IOV_MAX`, 1,024).
    static let gatherLimit = 64

    /// Holds every part's bytes in place while they are written.
    private static func gather(
        _ parts: ArraySlice<[UInt8]>, into vectors: inout [iovec], descriptor: Int32, name: String
    ) throws {
        guard let part = parts.first else { return try writeAll(descriptor, vectors, name: name) }
        try part.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress, bytes.count > 0 {
                vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: bytes.count))
            }
            try gather(parts.dropFirst(), into: &vectors, descriptor: descriptor, name: name)
        }
    }

    private static func writeAll(_ descriptor: Int32, _ vectors: [iovec], name: String) throws {
        var rest = vectors[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBufferPointer {
                writev(descriptor, $0.baseAddress, Int32(min($0.count, 1024)))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw RecordsError("cannot write '\(name)': \(SystemError.describe(errno))")
            }
            // Drop what was written: whole vectors, then the start of a partly written one.
            var done = written
            while done > 0, let first = rest.first {
                if done >= first.iov_len {
                    done -= first.iov_len
                    rest = rest.dropFirst()
                } else {
                    rest[rest.startIndex].iov_base += done
                    rest[rest.startIndex].iov_len -= done
                    done = 0
                }
            }
        }
    }

    /// Writes all of `bytes`.
    package func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Writes `text` as UTF-8.
    package func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Gives up the output: removes the temporary file; the final path is left as it was.
    package func abandon() {
        if case .special(let descriptor) = target {
            target = .discard
            _ = SystemCall.close(descriptor)
            return
        }
        guard case .file(let descriptor, let temporary, _) = target else { return }
        target = .discard
        TemporaryFiles.unregister(temporary)
        _ = SystemCall.close(descriptor)
        unlink(temporary)
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, name: String) throws {
        guard var pointer = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = SystemCall.write(descriptor, pointer, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                throw RecordsError("cannot write '\(name)': \(SystemError.describe(errno))")
            }
            pointer += written
            remaining -= written
        }
    }
}
