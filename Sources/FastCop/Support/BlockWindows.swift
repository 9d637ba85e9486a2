/// An input whose bytes are in memory already (a regular file mapped with `mmap(2)`): a
/// ``BlockSource`` takes its blocks as windows of it, not copies.
package protocol BlockWindows: AnyObject {
    /// Up to `count` input bytes from input offset `offset` (fewer at the input's end), or nil
    /// when none are left.
    ///
    /// - Throws: when the bytes cannot be had (the system refuses a map); the message says so.
    func window(from offset: Int, upTo count: Int) throws -> BlockWindow?
}

/// Bytes of a ``BlockWindows`` input, and what keeps them in memory.
package struct BlockWindow {
    /// The bytes, valid while `owner` lives.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// Keeps `bytes` mapped.
    package let owner: any AnyObject & Sendable
    /// Whether the input ends with them.
    package let reachesEnd: Bool

    package init(bytes: UnsafeBufferPointer<UInt8>, owner: any AnyObject & Sendable, reachesEnd: Bool) {
        self.bytes = bytes
        self.owner = owner
        self.reachesEnd = reachesEnd
    }
}

/// A whole input in memory (a file mapped whole, as `fastcop match` maps one): its windows are
/// slices of it.
///
/// `@unchecked Sendable`: the bytes are only read (a read-only map), and `owner` keeps them
/// mapped until this object goes.
package final class MappedBytes: BlockWindows, @unchecked Sendable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let owner: AnyObject

    /// `bytes`, kept in memory by `owner`.
    package init(_ bytes: UnsafeBufferPointer<UInt8>, owner: AnyObject) {
        self.bytes = bytes
        self.owner = owner
    }

    package func window(from offset: Int, upTo count: Int) -> BlockWindow? {
        guard offset < bytes.count else { return nil }
        let end = offset + min(count, bytes.count - offset)
        return BlockWindow(
            bytes: UnsafeBufferPointer(rebasing: bytes[offset..<end]), owner: self, reachesEnd: end == bytes.count)
    }
}
