/// The bytes of a block of input: an array read from the input, or part of a window of a
/// mapped file (``MappedRegion``, kept mapped as long as the block lives).
package struct BlockBytes: Sendable {
    private enum Storage {
        case array([UInt8])
        case mapped(MappedRegion, Range<Int>)
    }

    private let storage: Storage

    /// Bytes read into memory.
    init(_ bytes: [UInt8]) { storage = .array(bytes) }

    /// `window.bytes[range]`.
    init(_ window: MappedRegion, _ range: Range<Int>) { storage = .mapped(window, range) }

    /// The number of bytes.
    package var count: Int {
        switch storage {
        case .array(let bytes): bytes.count
        case .mapped(_, let range): range.count
        }
    }

    /// Calls `body` with the bytes, which are valid only inside it.
    package func withUnsafeBufferPointer<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        switch storage {
        case .array(let bytes):
            return try bytes.withUnsafeBufferPointer(body)
        case .mapped(let window, let range):
            return try withExtendedLifetime(window) { try body(UnsafeBufferPointer(rebasing: window.bytes[range])) }
        }
    }

    /// A copy of `bytes[range]`.
    package subscript(range: Range<Int>) -> [UInt8] {
        withUnsafeBufferPointer { Array(UnsafeBufferPointer(rebasing: $0[range])) }
    }
}
