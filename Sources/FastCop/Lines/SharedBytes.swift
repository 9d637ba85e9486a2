/// A read-only view of bytes that several workers read at once (a block of lines, a buffer
/// given to ``Batch/matchLines(_:in:wholeLine:)``).
///
/// `@unchecked Sendable` is safe: the bytes are only read while workers run, and whoever made
/// the view keeps them alive until the parallel call that uses it returns.
package struct SharedBytes: @unchecked Sendable {
    /// The bytes.
    package let buffer: UnsafeBufferPointer<UInt8>

    package init(buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// A view of raw bytes (any byte is a valid `UInt8`).
    package init(bytes: UnsafeRawBufferPointer) {
        buffer = UnsafeBufferPointer(
            start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    }

    /// The bytes in `range`.
    package subscript(range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: buffer[range])
    }
}
