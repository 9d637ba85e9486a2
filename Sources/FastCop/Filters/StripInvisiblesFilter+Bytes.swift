extension StripInvisiblesFilter: ByteFilter {
    /// Appends `bytes` without their invisible characters (see
    /// ``append(utf8:keepsWhitespaceControls:to:)``).
    package func apply(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) throws {
        Self.append(utf8: bytes, keepsWhitespaceControls: keepsControls, to: &output)
    }

    /// Appends `bytes` (valid UTF-8) without their invisible characters to `output`: the bytes
    /// as they are when they hold only printable ASCII (and tab, LF and CR when
    /// `keepsWhitespaceControls`), else through the `String` code. The row pipeline runs this
    /// filter this way (``PlainByteStep/stripInvisibles(keepsWhitespaceControls:)``), with no
    /// filter object to reference-count per value.
    package static func append(
        utf8 bytes: UnsafeBufferPointer<UInt8>, keepsWhitespaceControls: Bool, to output: inout [UInt8]
    ) {
        if bytes.allSatisfy({ keepsAll($0, keepsWhitespaceControls: keepsWhitespaceControls) }) {
            output.append(contentsOf: bytes)
            return
        }
        var stripped = strip(String(decoding: bytes, as: UTF8.self), keepsWhitespaceControls: keepsWhitespaceControls)
        stripped.withUTF8 { output.append(contentsOf: $0) }
    }
}
