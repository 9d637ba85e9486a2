/// Contiguous UTF-8 access to Swift strings without copying native strings.
///
/// Swift strings are always valid UTF-8, so matches on them skip PCRE2's UTF check.
enum UTF8Access {
    @inline(__always)
    static func with<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = string
        return try copy.withUTF8(body)
    }

    @inline(__always)
    static func with<R>(_ string: Substring, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = string
        return try copy.withUTF8(body)
    }

    /// Raw bytes; the caller must validate them (they may not be UTF-8).
    @inline(__always)
    static func with<Bytes: Collection<UInt8>, R>(
        bytes: Bytes, _ body: (UnsafeBufferPointer<UInt8>) throws -> R
    ) rethrows -> R {
        if let result = try bytes.withContiguousStorageIfAvailable(body) { return result }
        return try Array(bytes).withUnsafeBufferPointer(body)
    }
}
