public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file (or standard input) in blocks of whole lines, with bounded memory.
///
/// Each block ends at a line end (or at the end of the input), so a block's lines can be
/// checked with ``Batch/matchLines(_:in:wholeLine:)`` while the next is read. Memory stays
/// about two blocks (the reader's buffer and the block handed out), whatever the file's size;
/// a single line longer than a block makes that block larger. The bytes are handed out as read
/// (a byte order mark is kept). It reads with the line engine's block reader.
///
/// ```swift
/// let reader = try UTF8LineReader(path: "emails.txt")
/// var valid = 0
/// while let block = try reader.nextBlock() {
///     valid += block.withUnsafeBytes { Batch().matchLines(email, in: $0, wholeLine: true) }.matchCount
/// }
/// ```
public final class UTF8LineReader {
    /// An error reading the input, naming the file.
    public struct ReadError: Error, CustomStringConvertible, LocalizedError {
        /// The file, or "-" for standard input.
        public var path: String
        /// What went wrong, as the system says it.
        public var reason: String
        /// "path: reason".
        public var description: String { "\(path): \(reason)" }
        /// The same as ``description``.
        public var errorDescription: String? { description }
    }

    /// The file being read ("-" for standard input).
    public let path: String
    /// Bytes read per block.
    public let blockSize: Int
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    /// The line engine's block reader, reading from `descriptor`.
    private var reader: LineBlockReader!
    private var started = false
    /// Bytes handed out in blocks so far.
    public private(set) var bytesRead: Int = 0

    /// Opens `path` for reading; "-" reads standard input.
    ///
    /// - Throws: ``ReadError`` naming the file when it cannot be opened (missing, a
    ///   directory, no permission).
    public init(path: String, blockSize: Int = 4 << 20) throws {
        self.path = path
        self.blockSize = max(4096, blockSize)
        if path == "-" {
            descriptor = 0
            ownsDescriptor = false
        } else {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw ReadError(path: path, reason: "is a directory")
            }
            let opened = open(path, O_RDONLY)
            guard opened >= 0 else { throw ReadError(path: path, reason: String(cString: strerror(errno))) }
            descriptor = opened
            ownsDescriptor = true
        }
        let descriptor = descriptor
        reader = LineBlockReader(
            blockSize: self.blockSize, maxLineBytes: .max, skipsByteOrderMark: false, readsAhead: false
        ) {
            try UTF8LineReader.readSome(descriptor, into: $0, count: $1, path: path)
        }
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// The next block of whole lines, or nil at the end of the input.
    ///
    /// - Throws: ``ReadError`` when reading fails.
    public func nextBlock() throws -> [UInt8]? {
        let more: Bool
        if started {
            reader.readAhead()
            more = try reader.advance()
        } else {
            started = true
            more = try reader.start()
        }
        guard more else { return nil }
        bytesRead += reader.block.count
        return Array(reader.block)
    }

    /// One `read(2)`, retried when interrupted.
    private static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, path: String)
        throws -> Int
    {
        while true {
            let got = read(descriptor, buffer, count)
            if got >= 0 { return got }
            if errno != EINTR { throw ReadError(path: path, reason: String(cString: strerror(errno))) }
        }
    }
}
