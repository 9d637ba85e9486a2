import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of a file descriptor (plain `read(2)` calls into the caller's buffer) or of an
/// array in memory, as they are: the first stream of every ``InputSource``.
final class RawStream: ByteStream {
    /// The name used in messages.
    private let name: String
    private var descriptor: Int32
    private let ownsDescriptor: Bool
    private var memory: [UInt8]
    private var memoryOffset = 0
    /// Bytes read so far (for a `.gz` file, compressed bytes: the progress bar's measure).
    /// Atomic: the row pipeline's reader thread reads while its writer (the calling thread)
    /// reads this count for the progress bar.
    var bytesRead: Int { readCount.load(ordering: .relaxed) }
    private let readCount = Atomic<Int>(0)

    init(name: String, descriptor: Int32, owns: Bool) {
        self.name = name
        self.descriptor = descriptor
        self.ownsDescriptor = owns
        self.memory = []
    }

    init(name: String, memory: [UInt8]) {
        self.name = name
        self.descriptor = -1
        self.ownsDescriptor = false
        self.memory = memory
    }

    deinit { close() }

    func read(into buffer: UnsafeMutableRawPointer, count: Int) throws -> Int {
        if descriptor < 0 {
            let available = min(count, memory.count - memoryOffset)
            guard available > 0 else { return 0 }
            memory.withUnsafeBytes { source in
                buffer.copyMemory(from: source.baseAddress! + memoryOffset, byteCount: available)
            }
            memoryOffset += available
            readCount.add(available, ordering: .relaxed)
            return available
        }
        while true {
            let result = SystemCall.read(descriptor, buffer, count)
            if result >= 0 {
                readCount.add(result, ordering: .relaxed)
                return result
            }
            if errno == EINTR { continue }
            throw RecordsError("cannot read '\(name)': \(SystemError.describe(errno))")
        }
    }

    /// Whether a read now would return at once: always for memory and regular files; for a
    /// pipe, terminal or socket, when `poll(2)` finds bytes waiting or the end reached.
    var readsWithoutWaiting: Bool {
        guard descriptor >= 0 else { return true }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) != 0
    }

    /// Reads up to `count` bytes at file offset `offset` (`pread(2)`, retried when interrupted).
    func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) throws -> Int {
        while true {
            let result = pread(descriptor, buffer, count, off_t(offset))
            if result >= 0 {
                readCount.add(result, ordering: .relaxed)
                return result
            }
            if errno == EINTR { continue }
            throw RecordsError("cannot read '\(name)': \(SystemError.describe(errno))")
        }
    }

    /// Whether the stream opened its file itself (by path: not stdin, not memory), so that no
    /// other process shares the descriptor's position.
    var openedItsFile: Bool { ownsDescriptor && descriptor >= 0 }

    /// The file descriptor read (nil for memory), for ``MappedFile``.
    var fileDescriptor: Int32? { descriptor >= 0 ? descriptor : nil }

    /// Counts `count` bytes read another way (through a map of the file, see ``MappedFile``).
    func count(_ count: Int) {
        readCount.add(count, ordering: .relaxed)
    }

    /// Closes the file (not stdin) and lets go of the memory.
    func close() {
        if ownsDescriptor && descriptor >= 0 { _ = SystemCall.close(descriptor) }
        descriptor = -1
        memory = []
    }
}
