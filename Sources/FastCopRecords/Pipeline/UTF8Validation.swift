import FastCop

/// Checks that bytes read from a file are valid UTF-8, fast on ASCII and two-byte characters.
package enum UTF8Validation {
    /// The offset of the first byte that is not part of a valid UTF-8 sequence, or nil when all
    /// of `bytes` is valid.
    ///
    /// Rejects what the Unicode standard rejects: stray continuation bytes, truncated
    /// sequences, overlong forms, surrogates (U+D800–U+DFFF) and code points above U+10FFFF.
    /// The check is the library's (``UTF8TextScan``), which `fastcop match` also uses.
    @inline(__always)
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        UTF8TextScan.firstInvalidOffset(bytes)
    }
}
