/// Decoding single scalars from bytes already known to be valid UTF-8 (no checks: the
/// callers' blocks were validated once), for the filters' byte paths.
enum UTF8Scalars {
    /// The scalar that starts at `index`, and its length in bytes.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = lead & (0x7F >> UInt32(length))
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// The start of the scalar that ends just before `end`.
    @inline(__always)
    static func start(of bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Int {
        var index = end - 1
        while index > 0 && bytes[index] & 0xC0 == 0x80 { index -= 1 }
        return index
    }
}
