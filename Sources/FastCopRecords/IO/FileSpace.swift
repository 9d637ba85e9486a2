#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Disk space reserved ahead of an output file's writes, on ext4: `fallocate(2)` with
/// `FALLOC_FL_KEEP_SIZE` a stretch at a time, and the part not written given back with
/// `ftruncate(2)` before the file is closed.
///
/// Why: a write into space ext4 has not allocated yet (delayed allocation) reserves and
/// accounts for each 4 KiB block as the page is copied; a write into reserved space does not.
/// 85 MB written in 64-part `writev(2)` calls of 450 KB took 20-22 ms of system time into a
/// new file and 12-15 ms into a reserved one (Python, `getrusage`, three runs each). For
/// `fastcop clean`, that is the writer thread's system time, which the workers wait for when
/// every core is busy (issue 14).
///
/// The file's size never changes before the bytes are written (`FALLOC_FL_KEEP_SIZE`), so
/// the file reads the same at every moment; the data is written exactly as without the
/// reservation. Only ext4 is asked: on tmpfs the reservation would be memory taken at once,
/// and other file systems are not measured. Reserving stops where free space runs short or the
/// system refuses (see ``willWrite(_:)``): the writes then report a real lack of space as they
/// always did, never one that the reservation made.
struct FileSpace {
    private let descriptor: Int32
    /// Bytes written to the file so far (it is written from its start, in order).
    private(set) var written = 0
    /// Bytes from the file's start that are reserved.
    private var reserved = 0
    /// Whether reserving still goes on (false after a refusal).
    private var reserving = true
    /// Whether space was asked for (a refused request may still have reserved part of it).
    private var asked = false

    /// Output below this size is not worth a reservation.
    static let smallestReserve = 1 << 20
    /// The most reserved ahead of the bytes written: the longest stretch given back at the end.
    static let largestStep = 64 << 20

    /// The space of `descriptor`'s file, a new and empty regular file; nil where reserving is
    /// not done (another file system than ext4, or not Linux).
    static func of(_ descriptor: Int32) -> FileSpace? {
        SystemCall.isOnExt4(descriptor) ? FileSpace(descriptor: descriptor) : nil
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Call before writing `count` more bytes: reserves ahead when they would pass the end of
    /// the reserved space (as much again as is written, at least 4 MiB, at most
    /// ``largestStep``), and counts them as written.
    ///
    /// Reserving stops for good, and the space reserved past the file's end is given back at
    /// once, when the file system has less than ``roomFactor`` times the stretch free or
    /// refuses it: space held ahead for one output must never be what another output (or
    /// this one) then lacks on a nearly full disk.
    mutating func willWrite(_ count: Int) {
        defer { written += count }
        let end = written + count
        guard reserving, end > reserved, end >= Self.smallestReserve else { return }
        let target = end + min(Self.largestStep, max(4 << 20, written))
        var status = statvfs()
        let roomy =
            fstatvfs(descriptor, &status) == 0
            && Int(status.f_bavail) / Self.roomFactor >= (target - reserved) / max(1, Int(status.f_frsize))
        asked = asked || roomy
        guard roomy, SystemCall.reserve(descriptor, from: reserved, count: target - reserved) == 0 else {
            reserving = false
            _ = release()
            return
        }
        reserved = target
    }

    /// Free space a stretch is reserved from: at least this many times the stretch.
    static let roomFactor = 16

    /// Gives back the reserved space past the file's end: the file is truncated to its own
    /// size, looked up (not counted), and ext4 frees the blocks past the end of a file
    /// truncated so. Call before closing the file.
    ///
    /// - Returns: 0, or the system's error number.
    func release() -> Int32 {
        guard asked else { return 0 }
        var status = stat()
        guard fstat(descriptor, &status) == 0, ftruncate(descriptor, status.st_size) == 0 else { return errno }
        return 0
    }
}
