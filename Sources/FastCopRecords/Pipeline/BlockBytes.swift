import FastCop

/// The bytes of a block of input: a buffer the reader filled for it (``BlockBuffer``) or part of
/// a window of a mapped file (``MappedRegion``), kept in memory as long as the block lives.
///
/// `@unchecked Sendable`: `owner` keeps `bytes` valid, and nothing writes them once the block
/// is handed out (the buffer is this block's alone; a map is read-only).
package struct BlockBytes: @unchecked Sendable {
    private let owner: any AnyObject & Sendable
    private let bytes: UnsafeBufferPointer<UInt8>

    /// `bytes`, kept valid by `owner`.
    init(_ bytes: UnsafeBufferPointer<UInt8>, owner: any AnyObject & Sendable) {
        self.bytes = bytes
        self.owner = owner
    }

    /// The number of bytes.
    package var count: Int { bytes.count }

    /// Calls `body` with the bytes, which are valid only inside it.
    package func withUnsafeBufferPointer<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        try withExtendedLifetime(owner) { try body(bytes) }
    }

    /// A copy of `bytes[range]`.
    package subscript(range: Range<Int>) -> [UInt8] {
        withUnsafeBufferPointer { Array(UnsafeBufferPointer(rebasing: $0[range])) }
    }
}
