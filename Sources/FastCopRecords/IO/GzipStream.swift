import CZlib

/// gzip data (RFC 1952), inflated with zlib as it is read: a chunk of compressed input at a
/// time, inflated straight into the reader's buffer, so memory stays bounded (zlib's 32 KiB
/// window and one input chunk) whatever the size of the file.
///
/// Several gzip members one after the other (`cat a.gz b.gz`) are read as one input, as
/// `gzip -d` does. Data that ends before the end of a member (a truncated download), that
/// fails zlib's checks (a corrupt byte, a wrong CRC-32 or length) or that follows the last
/// member without being gzip is an error naming the file: never a silently short input.
final class GzipStream: ByteStream {
    private static let chunkSize = 256 * 1024

    private let source: any ByteStream
    private let name: String
    /// zlib keeps a pointer to its stream: it lives at a fixed address.
    private let stream: UnsafeMutablePointer<z_stream>
    private let input: UnsafeMutablePointer<UInt8>
    private var sourceEnded = false
    /// The last member ended; more input must be another member.
    private var memberEnded = false
    /// Compressed bytes consumed by the members before the current one.
    private var consumedBefore = 0

    /// - Throws: ``RecordsError`` when zlib cannot start (out of memory).
    init(source: any ByteStream, name: String) throws {
        self.source = source
        self.name = name
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        input = .allocate(capacity: Self.chunkSize)
        let status = czlib_inflate_init_gzip(stream)
        guard status == Z_OK else {
            stream.deallocate()
            input.deallocate()
            throw RecordsError("\(name): zlib cannot start inflating (error \(status))")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        input.deallocate()
    }

    func read(into buffer: UnsafeMutableRawPointer, count: Int) throws -> Int {
        let capacity = min(count, Int(UInt32.max))
        guard capacity > 0 else { return 0 }
        stream.pointee.next_out = buffer.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(capacity)
        while Int(stream.pointee.avail_out) == capacity {
            if stream.pointee.avail_in == 0 && !sourceEnded { try refill() }
            if memberEnded {
                if stream.pointee.avail_in == 0 {
                    if sourceEnded { return 0 }
                    continue
                }
                try startNextMember()
            }
            if stream.pointee.avail_in == 0 && sourceEnded {
                throw RecordsError(
                    "\(name): the gzip data is truncated: it ends after \(compressedOffset) compressed bytes, in the"
                        + " middle of the stream (an incomplete download or copy?)")
            }
            let status = inflate(stream, Z_NO_FLUSH)
            switch status {
            case Z_OK, Z_BUF_ERROR:
                continue
            case Z_STREAM_END:
                memberEnded = true
                consumedBefore += Int(stream.pointee.total_in)
            default:
                let reason = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                throw RecordsError(
                    "\(name): the gzip data is corrupt near compressed byte \(compressedOffset): \(reason)")
            }
        }
        return capacity - Int(stream.pointee.avail_out)
    }

    /// Compressed bytes consumed so far.
    private var compressedOffset: Int {
        consumedBefore + (memberEnded ? 0 : Int(stream.pointee.total_in))
    }

    /// Reads the next chunk of compressed input.
    private func refill() throws {
        let read = try source.read(into: input, count: Self.chunkSize)
        if read == 0 { sourceEnded = true }
        stream.pointee.next_in = input
        stream.pointee.avail_in = uInt(read)
    }

    /// After a member's end: another member must follow (it starts with gzip's magic number).
    private func startNextMember() throws {
        guard stream.pointee.next_in.pointee == 0x1F else {
            throw RecordsError(
                "\(name): data after the end of the gzip stream, at compressed byte \(consumedBefore), is not gzip")
        }
        inflateReset(stream)
        memberEnded = false
    }
}
