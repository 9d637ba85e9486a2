#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// When a block read from a stream ends with the lines that have come rather than when it is
/// full: a pipe or terminal fed slowly (`tail -f`, a producer that pauses) is answered as its
/// lines arrive, and nothing waits for input that has not been sent. A rule of ``BlockSource``,
/// so of both block readers, ``LineBlockReader`` (`fastcop match`) and the row pipeline's
/// reader (`fastcop clean`): after a read shorter than a full pipe gives, when nothing more is
/// waiting and a line end has come since the block's new bytes began.
///
/// Only a short read asks whether more is waiting (one `poll(2)`): a producer that keeps up
/// fills the pipe, and its reads cost no question. Each byte is looked at for a line end once.
package struct StreamArrival {
    /// What one read of a full pipe gives (Linux's default pipe size).
    package static let fullPipeRead = 64 * 1024

    /// Whether a read now would wait for the input to be fed.
    private let nothingWaiting: () -> Bool
    /// The block's bytes before this offset have been looked at for a line end.
    private var looked: Int

    /// The rule for a block whose new bytes start at offset `start` of its buffer (bytes
    /// before it, carried from the last block, do not count), asking `nothingWaiting`.
    package init(from start: Int, nothingWaiting: @escaping () -> Bool) {
        self.looked = start
        self.nothingWaiting = nothingWaiting
    }

    /// After a read of `count` bytes that left the block's buffer `base` filled up to `filled`:
    /// whether the block ends here.
    package mutating func endsBlock(_ base: UnsafePointer<UInt8>, filled: Int, lastRead count: Int) -> Bool {
        guard count > 0, count < Self.fullPipeRead, nothingWaiting() else { return false }
        defer { looked = filled }
        return memchr(base + looked, 0x0A, filled - looked) != nil
    }
}
