#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The memory of one block a ``BlockSource`` reads into: `capacity` bytes and one more after
/// them (the LF written after the input's last byte), freed when the last owner lets go. The
/// line engine reuses two for a whole input; the records reader hands one to each block's
/// workers (a block's ``BlockSource/Span/owner``).
///
/// `@unchecked Sendable`: the source writes the bytes before it hands them out and never after
/// (a reused buffer is written again only once its client is done with the block in it).
package final class BlockBuffer: @unchecked Sendable {
    /// The bytes (`capacity` of them; one more is writable after them).
    package let bytes: UnsafeMutableBufferPointer<UInt8>

    /// Huge pages' size, the alignment of a reused buffer at least this large.
    private static let hugePage = 2 * 1024 * 1024

    /// A buffer of `capacity` bytes. A reused one of 2 MiB or more is aligned to 2 MiB and asks
    /// for transparent huge pages (`madvise(MADV_HUGEPAGE)`, honoured where the system allows
    /// it): its first touch then costs one page fault per 2 MiB instead of 512. Two 4 MiB
    /// buffers took a 1M-line `fastcop match -c` from 2,600 page faults to 1,100. A buffer used
    /// once (one per block) is plain `malloc` memory, as an array's would be.
    init(capacity: Int, reused: Bool) {
        let huge = reused && capacity >= Self.hugePage
        let size = huge ? (capacity + Self.hugePage) / Self.hugePage * Self.hugePage : capacity + 1
        var memory: UnsafeMutableRawPointer?
        if huge {
            if posix_memalign(&memory, Self.hugePage, size) != 0 { memory = nil }
        } else {
            memory = malloc(size)
        }
        guard let memory else { fatalError("cannot allocate a \(size)-byte block buffer") }
        if huge { _ = madvise(memory, size, MADV_HUGEPAGE) }
        bytes = UnsafeMutableBufferPointer(start: memory.bindMemory(to: UInt8.self, capacity: size), count: capacity)
    }

    deinit { free(bytes.baseAddress) }
}
