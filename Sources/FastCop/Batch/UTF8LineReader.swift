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
/// about one block, whatever the file's size; a single line longer than a block makes that one
/// block larger.
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
    /// Bytes read per system call.
    public let blockSize: Int
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var carry: [UInt8] = []
    private var finished = false
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
            return
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ReadError(path: path, reason: "is a directory")
        }
        let opened = open(path, O_RDONLY)
        guard opened >= 0 else { throw ReadError(path: path, reason: String(cString: strerror(errno))) }
        descriptor = opened
        ownsDescriptor = true
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// The next block of whole lines, or nil at the end of the input.
    ///
    /// - Throws: ``ReadError`` when reading fails.
    public func nextBlock() throws -> [UInt8]? {
        while !finished {
            var block = carry
            let start = block.count
            block.reserveCapacity(start + blockSize)
            var got = 0
            try block.withUnsafeMutableBufferPointerGrowing(by: blockSize) { buffer in
                got = try readSome(into: buffer)
            }
            block.removeLast(blockSize - got)
            if got == 0 {
                finished = true
                carry = []
                if block.isEmpty { return nil }
                bytesRead += block.count
                return block
            }
            // Cut after the last LF; keep the partial line for the next block.
            if let lastNewline = block[start...].lastIndex(of: 0x0A) {
                carry = Array(block[(lastNewline + 1)...])
                block.removeSubrange((lastNewline + 1)...)
                bytesRead += block.count
                return block
            }
            carry = block  // no line end yet: read more
        }
        return nil
    }

    private func readSome(into buffer: UnsafeMutableBufferPointer<UInt8>) throws -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            filled += count
        }
        return filled
    }
}

extension Array where Element == UInt8 {
    /// Appends `count` zero bytes and lets `body` fill them.
    fileprivate mutating func withUnsafeMutableBufferPointerGrowing(
        by count: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) throws -> Void
    ) rethrows {
        let start = self.count
        append(contentsOf: repeatElement(0, count: count))
        try withUnsafeMutableBufferPointer { buffer in
            try body(UnsafeMutableBufferPointer(rebasing: buffer[start...]))
        }
    }
}
