#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An input whose bytes are in memory already (a regular file mapped with `mmap(2)`): a
/// ``BlockSource`` takes its blocks as windows of it, not copies.
package protocol BlockWindows: AnyObject {
    /// Up to `count` input bytes from input offset `offset` (fewer at the input's end), or nil
    /// when none are left.
    ///
    /// - Throws: when the bytes cannot be had (the system refuses a map); the message says so.
    func window(from offset: Int, upTo count: Int) throws -> BlockWindow?

    /// Says that the input bytes at `offsets` will not be read again: an input that can gives
    /// their memory back (a file's map drops its pages; reading them again would map them
    /// anew). Called from any thread, for ranges no window in use holds.
    func release(_ offsets: Range<Int>)
}

extension BlockWindows {
    package func release(_ offsets: Range<Int>) {}
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
    private let releases: Bool

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// `bytes`, kept in memory by `owner`. With `releases` (a read-only map of a file, never
    /// memory a caller wrote, which dropping would lose), ``release(_:)`` drops the pages wholly
    /// inside a range it is given (`madvise(MADV_DONTNEED)`).
    package init(_ bytes: UnsafeBufferPointer<UInt8>, owner: AnyObject, releases: Bool = false) {
        self.bytes = bytes
        self.owner = owner
        self.releases = releases
    }

    /// Drops the map's pages wholly inside `offsets`, when it ``releases``: they are no longer
    /// resident in this process, and unmapping the map at the end has little left to do (done
    /// beside the search, a 1 GB `fastcop match` went from 1,049 MiB resident to 34 MiB, and
    /// from 91.6 to 88.7 ms; a 49 MiB one from 9.25 to 8.8 ms).
    package func release(_ offsets: Range<Int>) {
        guard releases, let base = bytes.baseAddress else { return }
        let start = UInt(bitPattern: base + max(0, offsets.lowerBound))
        let end = UInt(bitPattern: base + min(bytes.count, offsets.upperBound))
        let page = UInt(Self.pageSize)
        let first = (start + page - 1) / page * page
        let last = end / page * page
        guard last > first, let pointer = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(pointer, Int(last - first), MADV_DONTNEED)
    }

    package func window(from offset: Int, upTo count: Int) -> BlockWindow? {
        guard offset < bytes.count else { return nil }
        let end = offset + min(count, bytes.count - offset)
        return BlockWindow(
            bytes: UnsafeBufferPointer(rebasing: bytes[offset..<end]), owner: self, reachesEnd: end == bytes.count)
    }
}
