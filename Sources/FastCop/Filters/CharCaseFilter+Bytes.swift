extension CharCaseFilter: ByteFilter {
    /// Appends `bytes` with their case changed: ASCII lower and upper case on the bytes (as
    /// ``convert(_:_:)``'s own ASCII path), everything else through ``convert(_:_:)``.
    package func apply(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) throws {
        guard let charCase, charCase == .lowercase || charCase == .uppercase else {
            try applyThroughString(utf8: bytes, to: &output)
            return
        }
        CharCaseFilter.append(bytes, charCase, to: &output)
    }

    /// Appends the UTF-8 `bytes` converted as ``convert(_:_:)`` does (nil, for "", appends
    /// nothing): ASCII on the bytes, anything else through ``convert(_:_:)``.
    @inline(__always)
    package static func append(_ bytes: UnsafeBufferPointer<UInt8>, _ charCase: Case, to output: inout [UInt8]) {
        if charCase == .lowercase || charCase == .uppercase, isAllASCII(bytes) {
            let (low, high): (UInt8, UInt8) = charCase == .lowercase ? (0x41, 0x5A) : (0x61, 0x7A)
            for byte in bytes { output.append(byte >= low && byte <= high ? byte ^ 0x20 : byte) }
            return
        }
        guard var converted = convert(String(decoding: bytes, as: UTF8.self), charCase) else { return }
        converted.withUTF8 { output.append(contentsOf: $0) }
    }
}
