extension CollapseWhitespaceFilter: ByteFilter {
    /// Appends `bytes` with every run of whitespace made one space (see ``append(utf8:to:)``).
    package func apply(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) throws {
        try CollapseWhitespaceFilter.append(utf8: bytes, to: &output)
    }

    /// The filter that non-ASCII text goes through.
    private static let unicode = CollapseWhitespaceFilter()

    /// Appends the UTF-8 `bytes` with every run of whitespace made one space. On ASCII, PCRE2's
    /// `\s` is tab, LF, VT, FF, CR and space, and the pattern's replacements come to exactly
    /// that; text with a non-ASCII byte goes through the pattern (Unicode `\s`).
    @inline(__always)
    package static func append(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) throws {
        guard isAllASCII(bytes) else {
            try unicode.applyThroughString(utf8: bytes, to: &output)
            return
        }
        var inRun = false
        for byte in bytes {
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                if !inRun { output.append(0x20) }
                inRun = true
            } else {
                output.append(byte)
                inRun = false
            }
        }
    }
}
