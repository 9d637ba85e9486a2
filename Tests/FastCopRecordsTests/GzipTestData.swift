/// gzip files made in the test, without zlib: deflate's "stored" blocks (RFC 1951 §3.2.4)
/// inside a gzip member (RFC 1952), with its CRC-32 and length.
enum GzipTestData {
    /// One gzip member holding `data` in stored blocks of at most `blockSize` bytes.
    static func member(_ data: [UInt8], blockSize: Int = 65_535) -> [UInt8] {
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        var offset = 0
        repeat {
            let count = min(blockSize, data.count - offset)
            let isLast = offset + count == data.count
            out.append(isLast ? 1 : 0)
            out += littleEndian(UInt32(count), bytes: 2) + littleEndian(UInt32(~UInt16(count)), bytes: 2)
            out += data[offset..<(offset + count)]
            offset += count
        } while offset < data.count
        return out + littleEndian(crc32(data), bytes: 4)
            + littleEndian(UInt32(truncatingIfNeeded: data.count), bytes: 4)
    }

    private static func littleEndian(_ value: UInt32, bytes: Int) -> [UInt8] {
        (0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// CRC-32 (the polynomial gzip uses), bit by bit: slow, fine for tests.
    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
