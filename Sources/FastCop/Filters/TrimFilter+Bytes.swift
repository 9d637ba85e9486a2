extension TrimFilter: ByteFilter {
    /// Appends `bytes` trimmed (the same characters as ``trim(_:)``): ASCII ends are judged on
    /// the byte, a non-ASCII end is decoded to its scalar and judged by ``isTrimmed(_:)``.
    package func apply(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[TrimFilter.trimmedRange(utf8: bytes)]))
    }

    /// The range of `bytes` (valid UTF-8) that trimming keeps; empty when everything goes.
    ///
    /// - Complexity: O(*k*) in the trimmed bytes.
    package static func trimmedRange(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = 0
        var end = bytes.count
        while start < end {
            let byte = bytes[start]
            if byte < 0x80 {
                guard isTrimmedASCII(byte) else { break }
                start += 1
            } else {
                let (scalar, length) = UTF8Scalars.decode(bytes, at: start)
                guard isTrimmed(scalar) else { break }
                start += length
            }
        }
        while end > start {
            let byte = bytes[end - 1]
            if byte < 0x80 {
                guard isTrimmedASCII(byte) else { break }
                end -= 1
            } else {
                let first = UTF8Scalars.start(of: bytes, before: end)
                guard isTrimmed(UTF8Scalars.decode(bytes, at: first).scalar) else { break }
                end = first
            }
        }
        return start..<end
    }

    /// Space, tab, LF, VT, FF, CR: the ASCII members of the trimmed set.
    @inline(__always)
    static func isTrimmedASCII(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
