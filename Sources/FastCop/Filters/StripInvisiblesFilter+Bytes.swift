extension StripInvisiblesFilter: ByteFilter {
    /// Appends `bytes` unchanged when they are printable ASCII (and tab, LF, CR when kept), the
    /// `String` code's own fast case; anything else goes through the `String` code.
    package func apply(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) throws {
        let keepsAll = bytes.allSatisfy { byte in
            (0x20..<0x7F).contains(byte) || (keepsWhitespaceControls && (byte == 0x09 || byte == 0x0A || byte == 0x0D))
        }
        guard keepsAll else {
            try applyThroughString(utf8: bytes, to: &output)
            return
        }
        output.append(contentsOf: bytes)
    }
}
