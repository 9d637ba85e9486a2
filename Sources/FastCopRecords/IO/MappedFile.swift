import FastCop
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A regular file read through read-only memory maps, one window at a time (`mmap(2)` with
/// `PROT_READ` and `MAP_PRIVATE`), instead of `read(2)` calls that copy every byte into a
/// buffer: the row pipeline's reader thread only finds where records end, and a worker is the
/// first to read the bytes it processes. Memory stays bounded: a window is unmapped when the
/// last block that points into it is freed (``MappedRegion``), so the resident pages are those of
/// the few blocks in flight, whatever the file's size.
///
/// A file that shrinks while one of its windows is mapped makes a read past its new end raise
/// SIGBUS: ``MappedInputGuard`` then removes the run's temporary outputs and ends the run with
/// an error that says so (never a crash, never a short output under the final name).
final class MappedFile {
    /// The name used in messages.
    let name: String
    private let descriptor: Int32
    /// The file offset where the input starts (after any bytes read before mapping).
    let start: Int
    /// The file's size when last looked at.
    private(set) var size: Int
    /// The input's stream, whose byte count (for the progress bar) follows the windows mapped.
    private let raw: RawStream
    /// The furthest file offset counted in `raw`'s byte count.
    private var counted: Int

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// A mapped reader of `descriptor` from file offset `start`, of which `raw` has read up to
    /// `counted`.
    init(name: String, descriptor: Int32, start: Int, size: Int, counted: Int, raw: RawStream) {
        self.name = name
        self.descriptor = descriptor
        self.start = start
        self.size = size
        self.counted = counted
        self.raw = raw
    }

    /// The number of bytes from file offset `offset` up to `limit` of them, fewer at the end of
    /// the file, whose size is looked at again when the window would reach it (a file that
    /// grows is read to its new end, as `read(2)` would).
    func available(from offset: Int, upTo limit: Int) -> Int {
        if offset + limit > size {
            var status = stat()
            if fstat(descriptor, &status) == 0 { size = Int(status.st_size) }
        }
        return max(0, min(limit, size - offset))
    }

    /// A read-only map of the `count` bytes at file offset `offset` (`count` > 0, within the
    /// file's size).
    ///
    /// - Throws: ``RecordsError`` when the system refuses the map.
    func map(from offset: Int, count: Int) throws -> MappedRegion {
        let aligned = offset - offset % Self.pageSize
        let length = offset - aligned + count
        guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, off_t(aligned)),
            base != MAP_FAILED
        else {
            throw RecordsError("cannot map '\(name)' into memory: \(SystemError.describe(errno))")
        }
        if offset + count > counted {
            raw.count(offset + count - counted)
            counted = offset + count
        }
        return MappedRegion(base: UnsafeRawPointer(base), length: length, skipping: offset - aligned)
    }
}

/// One mapped window of a file; unmapped when the last block that points into it is freed.
///
/// `@unchecked Sendable` is safe: the memory is mapped read-only and never written; it is
/// unmapped only in `deinit`, when no block refers to it any more.
final class MappedRegion: @unchecked Sendable {
    private let base: UnsafeRawPointer
    private let length: Int
    /// The window's bytes (the map starts at a page boundary, the window where it was asked).
    let bytes: UnsafeBufferPointer<UInt8>

    fileprivate init(base: UnsafeRawPointer, length: Int, skipping: Int) {
        self.base = base
        self.length = length
        bytes = UnsafeBufferPointer(
            start: (base + skipping).assumingMemoryBound(to: UInt8.self), count: length - skipping)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), length) }
}

extension MappedFile: BlockWindows {
    /// A window of the input's bytes from input offset `offset` (after ``start``): a map of up
    /// to `count` bytes, fewer at the file's end (see ``available(from:upTo:)``).
    func window(from offset: Int, upTo count: Int) throws -> BlockWindow? {
        let available = available(from: start + offset, upTo: count)
        guard available > 0 else { return nil }
        let region = try map(from: start + offset, count: available)
        return BlockWindow(bytes: region.bytes, owner: region, reachesEnd: start + offset + available == size)
    }
}
