#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where rows come from: a file, stdin (`-`), or bytes in memory (the embedded sample).
///
/// Reads are plain `read(2)` calls into the caller's buffer: the tool never holds a whole file.
/// ``decoding(_:)`` puts decoders in between (gzip, another text encoding), which stream too.
package final class InputSource {
    /// The name used in messages: the path, `stdin`, or the sample's name.
    package let name: String
    /// The size in bytes when known (a regular file), for the progress bar's percentage.
    package let totalBytes: Int?
    /// The path when reading a file (used to pick the format from the extension).
    let path: String?

    /// Whether the input's lines end with CR alone, found by ``decoding(_:)``: it is then read
    /// with CR and LF trading places, and its outputs must be written so too
    /// (``CarriageReturnLines``).
    package internal(set) var endsLinesWithCR = false

    private let raw: RawStream
    /// `raw`, or `raw` through decoders.
    private var stream: any ByteStream

    private init(name: String, path: String?, raw: RawStream, total: Int?) {
        self.name = name
        self.path = path
        self.raw = raw
        self.stream = raw
        self.totalBytes = total
    }

    /// Opens `path`, or stdin for `-`.
    ///
    /// - Throws: ``RecordsError`` naming the file and the system's reason (missing, unreadable,
    ///   a directory).
    package static func open(_ path: String) throws -> InputSource {
        if path == "-" {
            return InputSource(
                name: "stdin", path: nil, raw: RawStream(name: "stdin", descriptor: STDIN_FILENO, owns: false),
                total: regularFileSize(STDIN_FILENO))
        }
        let descriptor = SystemCall.open(path, flags: O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw RecordsError("cannot read '\(path)': \(SystemError.describe(errno))")
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            _ = SystemCall.close(descriptor)
            throw RecordsError("cannot read '\(path)': it is a directory")
        }
        return InputSource(
            name: path, path: path, raw: RawStream(name: path, descriptor: descriptor, owns: true),
            total: regularFileSize(descriptor))
    }

    /// Bytes held in memory, read as if they were a file called `name`.
    package static func memory(_ bytes: [UInt8], name: String) -> InputSource {
        InputSource(name: name, path: name, raw: RawStream(name: name, memory: bytes), total: bytes.count)
    }

    /// Reads up to `count` bytes into `buffer` (decoded, after ``decoding(_:)``).
    ///
    /// - Returns: the number of bytes read; 0 at the end of the input.
    /// - Throws: ``RecordsError`` with the system's reason, or the decoder's.
    package func read(into buffer: UnsafeMutableRawPointer, count: Int) throws -> Int {
        try stream.read(into: buffer, count: count)
    }

    /// Whether a read now would return at once, not wait for a pipe or terminal to be fed
    /// (true where that cannot be told: decoded input).
    package var readsWithoutWaiting: Bool { stream.readsWithoutWaiting }

    /// The rest of the input, for small files read whole (rules, pattern lists): it stops as
    /// soon as more than `maximum` bytes were read, so an over-long input costs at most one
    /// chunk more than `maximum` (the caller compares the count with its limit).
    ///
    /// - Throws: ``RecordsError`` with the system's reason, or the decoder's.
    package func readAll(stoppingAfter maximum: Int = .max) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= maximum {
            let count = try chunk.withUnsafeMutableBytes { try read(into: $0.baseAddress!, count: $0.count) }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return bytes
    }

    /// Whether ``read(into:count:at:)`` can read this input (`match` reads blocks at offsets
    /// with `pread(2)`): a regular file of some bytes read as it is (see ``unreadFileBytes``),
    /// none of them read yet, opened by path. Not stdin, even from a file: reading at offsets
    /// leaves its position where it was, and a shell's next command reading the same stdin
    /// (`{ fastcop match …; cat; } < file`) would read again what was searched.
    package var readsAtOffsets: Bool { raw.openedItsFile && stream === raw && unreadFileBytes?.start == 0 }

    /// Reads up to `count` bytes at file offset `offset` into `buffer` (`pread(2)`), for an
    /// input that ``readsAtOffsets``; fewer than asked only at the end of the file.
    ///
    /// - Throws: ``RecordsError`` with the system's reason.
    package func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) throws -> Int {
        try raw.read(into: buffer, count: count, at: offset)
    }

    /// The whole of an input that ``readsAtOffsets``, mapped read-only into memory, and the
    /// object that keeps it mapped (unmapped when it is freed); nil when the file cannot be
    /// mapped (some FUSE file systems) or is empty. A file that shrinks while mapped ends the run
    /// with an error that says so (``MappedInputGuard``); bytes a file gains meanwhile are not
    /// searched (the map has the size it had).
    ///
    /// - Throws: ``RecordsError`` when the system refuses the map.
    package func mappedWhole() throws -> (bytes: UnsafeBufferPointer<UInt8>, owner: AnyObject)? {
        guard readsAtOffsets, let file = mappedFile() else { return nil }
        let count = file.available(from: file.start, upTo: .max - file.start)
        guard count > 0 else { return nil }
        MappedInputGuard.install(naming: name)
        let region = try file.map(from: file.start, count: count)
        return (region.bytes, region)
    }

    /// Bytes read from the file itself (compressed bytes for a `.gz` file), for the progress
    /// bar's percentage of ``totalBytes``.
    package var bytesReadFromFile: Int { raw.bytesRead }

    /// The rest of the input as a file to map (see ``MappedFile``), when it is a regular file
    /// read as it is (``unreadFileBytes``) that can be mapped, else nil (then it is read with
    /// ``read(into:count:)``). The first bytes already read and not yet given (the look at the
    /// start for a magic number) are mapped again, from the file.
    func mappedFile() -> MappedFile? {
        // A file system that cannot map (some FUSE ones) is read.
        guard let file = unreadFileBytes,
            let probe = mmap(nil, 1, PROT_READ, MAP_PRIVATE, file.descriptor, 0), probe != MAP_FAILED
        else { return nil }
        munmap(probe, 1)
        return MappedFile(
            name: name, descriptor: file.descriptor, start: file.start, size: file.size, counted: file.position,
            raw: raw)
    }

    /// Where the input's bytes not yet given are, when they are the rest of a regular file read
    /// as it is (not decoded; bytes read only to look for a magic number, and replayed, count as
    /// not given): the file's descriptor, the offset they start at, the file's size and its
    /// read position. Nil for a pipe, a device, bytes in memory, decoded input, and a file whose
    /// size says nothing (procfs and sysfs give 0 and read their text). Stdin counts when it is
    /// such a file, from where its position stands (a shell may have read part of it).
    ///
    /// The one test both ways of reading a file at offsets rely on: ``mappedFile()`` (`clean`,
    /// `check`) and ``readsAtOffsets`` (`match`).
    private var unreadFileBytes: (descriptor: Int32, start: Int, size: Int, position: Int)? {
        var pending = 0
        if stream !== raw {
            guard let replay = stream as? ReplayStream, replay.rest === raw else { return nil }
            pending = replay.unread
        }
        var status = stat()
        guard let descriptor = raw.fileDescriptor, fstat(descriptor, &status) == 0,
            (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0,
            case let position = Int(lseek(descriptor, 0, SEEK_CUR)), position >= pending
        else { return nil }
        return (descriptor, position - pending, Int(status.st_size), position)
    }

    /// Makes the source decode what it reads (see `InputSource+Decoding.swift`).
    func decode(through stream: any ByteStream) {
        self.stream = stream
    }

    /// The stream the source reads now (the start of a decoder chain).
    var currentStream: any ByteStream { stream }

    /// Closes the file (not stdin).
    func close() {
        raw.close()
    }

    private static func regularFileSize(_ descriptor: Int32) -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }
}
