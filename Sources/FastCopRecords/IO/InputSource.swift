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
package final class InputSource {
    /// The name used in messages: the path, `stdin`, or the sample's name.
    package let name: String
    /// The size in bytes when known (a regular file), for the progress bar's percentage.
    package let totalBytes: Int?
    /// The path when reading a file (used to pick the format from the extension).
    let path: String?

    private var descriptor: Int32
    private let ownsDescriptor: Bool
    private var memory: [UInt8]
    private var memoryOffset = 0

    private init(name: String, path: String?, descriptor: Int32, owns: Bool, total: Int?, memory: [UInt8]) {
        self.name = name
        self.path = path
        self.descriptor = descriptor
        self.ownsDescriptor = owns
        self.totalBytes = total
        self.memory = memory
    }

    deinit { close() }

    /// Opens `path`, or stdin for `-`.
    ///
    /// - Throws: ``RecordsError`` naming the file and the system's reason (missing, unreadable,
    ///   a directory).
    package static func open(_ path: String) throws -> InputSource {
        if path == "-" {
            return InputSource(
                name: "stdin", path: nil, descriptor: STDIN_FILENO, owns: false,
                total: regularFileSize(STDIN_FILENO), memory: [])
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
            name: path, path: path, descriptor: descriptor, owns: true,
            total: regularFileSize(descriptor), memory: [])
    }

    /// Bytes held in memory, read as if they were a file called `name`.
    package static func memory(_ bytes: [UInt8], name: String) -> InputSource {
        InputSource(name: name, path: name, descriptor: -1, owns: false, total: bytes.count, memory: bytes)
    }

    /// Reads up to `count` bytes into `buffer`.
    ///
    /// - Returns: the number of bytes read; 0 at the end of the input.
    /// - Throws: ``RecordsError`` with the system's reason.
    package func read(into buffer: UnsafeMutableRawPointer, count: Int) throws -> Int {
        if descriptor < 0 {
            let available = min(count, memory.count - memoryOffset)
            guard available > 0 else { return 0 }
            memory.withUnsafeBytes { source in
                buffer.copyMemory(from: source.baseAddress! + memoryOffset, byteCount: available)
            }
            memoryOffset += available
            return available
        }
        while true {
            let result = SystemCall.read(descriptor, buffer, count)
            if result >= 0 { return result }
            if errno == EINTR { continue }
            throw RecordsError("cannot read '\(name)': \(SystemError.describe(errno))")
        }
    }

    /// Closes the file (not stdin).
    func close() {
        if ownsDescriptor && descriptor >= 0 { _ = SystemCall.close(descriptor) }
        descriptor = -1
        memory = []
    }

    private static func regularFileSize(_ descriptor: Int32) -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }
}
