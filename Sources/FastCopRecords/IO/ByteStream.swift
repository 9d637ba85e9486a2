/// A source of bytes read in chunks: a file, bytes in memory, or a decoder (gzip, another text
/// encoding) over another stream. ``InputSource`` reads through one.
protocol ByteStream: AnyObject {
    /// Reads up to `count` bytes into `buffer`.
    ///
    /// - Returns: the number of bytes read (at least 1 when `count` > 0, unless the stream has
    ///   ended); 0 at the end.
    /// - Throws: ``RecordsError`` naming the input and the reason.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) throws -> Int

    /// Whether a read now would return at once (bytes or the end are there), not wait for a
    /// pipe or terminal to be fed. True where the stream cannot tell (a decoder).
    var readsWithoutWaiting: Bool { get }
}

extension ByteStream {
    var readsWithoutWaiting: Bool { true }

    /// Up to `count` bytes from the start of the stream, for a look at its first bytes (a magic
    /// number, a byte order mark); the returned stream gives them again, then the rest.
    func peek(_ count: Int) throws -> (head: [UInt8], stream: any ByteStream) {
        var head = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let read = try head.withUnsafeMutableBytes {
                try self.read(into: $0.baseAddress! + filled, count: count - filled)
            }
            if read == 0 { break }
            filled += read
        }
        head.removeSubrange(filled...)
        return (head, head.isEmpty ? self : ReplayStream(head, then: self))
    }
}

/// Gives `head` (bytes already read from `rest`), then the rest of `rest`.
final class ReplayStream: ByteStream {
    private var head: [UInt8]
    private var offset = 0
    /// The stream read after `head`.
    let rest: any ByteStream

    /// The bytes of `head` not given yet.
    var unread: Int { head.count - offset }

    init(_ head: [UInt8], then rest: any ByteStream) {
        self.head = head
        self.rest = rest
    }

    func read(into buffer: UnsafeMutableRawPointer, count: Int) throws -> Int {
        guard offset < head.count else { return try rest.read(into: buffer, count: count) }
        let available = min(count, head.count - offset)
        head.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + offset, byteCount: available) }
        offset += available
        if offset == head.count {
            head = []
            offset = 0
        }
        return available
    }

    var readsWithoutWaiting: Bool { offset < head.count || rest.readsWithoutWaiting }
}
