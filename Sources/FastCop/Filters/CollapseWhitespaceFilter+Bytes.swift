extension CollapseWhitespaceFilter: ByteFilter {
    /// Appends `bytes` with every run of whitespace made one space (see ``append(utf8:to:)``).
    package func apply(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) throws {
        CollapseWhitespaceFilter.append(utf8: bytes, to: &output)
    }

    /// Appends the UTF-8 `bytes` with every run of whitespace made one space: what the
    /// filter's pattern (`\s{2,}|[^\S ]` replaced with a space) does, on the bytes.
    ///
    /// Whitespace is PCRE2's Unicode `\s` (`\p{Z}`, `\h` and `\v`): tab, LF, VT, FF, CR, space,
    /// U+0085, U+00A0, U+1680, U+180E, U+2000…U+200A, U+2028, U+2029, U+202F, U+205F and
    /// U+3000 (`ByteFilterTests` checks every scalar against the pattern).
    @inline(__always)
    package static func append(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        // Copied whole, then compacted in place: no per-byte append (the result is never longer).
        let start = output.count
        output.append(contentsOf: bytes)
        let end = output.withUnsafeMutableBufferPointer { all in
            var write = start
            var read = start
            var inRun = false
            while read < all.count {
                let byte = all[read]
                var length = 1
                var isSpace = byte == 0x20 || (0x09...0x0D).contains(byte)
                if byte >= 0x80 {
                    let decoded = UTF8Scalars.decode(UnsafeBufferPointer(all), at: read)
                    length = decoded.length
                    isSpace = isUnicodeSpace(decoded.scalar.value)
                }
                if isSpace {
                    if !inRun {
                        all[write] = 0x20
                        write += 1
                    }
                    inRun = true
                } else {
                    for offset in 0..<length { all[write + offset] = all[read + offset] }
                    write += length
                    inRun = false
                }
                read += length
            }
            return write
        }
        output.removeSubrange(end...)
    }

    /// Whether a non-ASCII scalar is in PCRE2's Unicode `\s`.
    @inline(__always)
    static func isUnicodeSpace(_ value: UInt32) -> Bool {
        switch value {
        case 0x85, 0xA0, 0x1680, 0x180E, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
