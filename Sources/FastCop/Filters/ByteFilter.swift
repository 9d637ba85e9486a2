/// A filter that also runs on a value's UTF-8 bytes, for the record pipeline (`fastcop clean`),
/// which holds fields as byte ranges of a block checked for valid UTF-8 once.
///
/// The contract: for valid UTF-8 `bytes`, ``apply(utf8:to:)`` appends exactly the bytes of
/// `apply(to: String(decoding: bytes, as: UTF8.self)) ?? ""`, and throws what it throws. The
/// built-in filters take an ASCII fast path on the bytes and fall back to their `String` code
/// when a non-ASCII byte is present (so Unicode behaviour is the `String` code's, unchanged).
package protocol ByteFilter: FilterType {
    /// Appends the filtered value of `bytes` (valid UTF-8) to `output`.
    func apply(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) throws
}

extension FilterType {
    /// The `String` path for bytes: decodes them, applies the filter, appends the result's
    /// bytes (nil gives nothing, as the pipeline reads nil as "").
    package func applyThroughString(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) throws {
        guard var value = try apply(to: String(decoding: bytes, as: UTF8.self), context: nil) else { return }
        value.withUTF8 { output.append(contentsOf: $0) }
    }
}

/// Whether all of `bytes` are ASCII (the condition of the filters' fast paths).
@inline(__always)
func isAllASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // Eight bytes at a time: a non-ASCII byte has its high bit set.
    var index = 0
    let count = bytes.count
    if let base = bytes.baseAddress {
        while index + 8 <= count {
            if UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                return false
            }
            index += 8
        }
    }
    while index < count {
        if bytes[index] >= 0x80 { return false }
        index += 1
    }
    return true
}
