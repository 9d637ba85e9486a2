extension DigitsOnlyFilter: ByteFilter {
    /// Appends the ASCII digits of ASCII `bytes`; other text (Unicode digits) goes through
    /// the `String` code.
    package func apply(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) throws {
        guard isAllASCII(bytes) else {
            try applyThroughString(utf8: bytes, to: &output)
            return
        }
        for byte in bytes where (0x30...0x39).contains(byte) { output.append(byte) }
    }
}
