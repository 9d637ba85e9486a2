import FastCop

/// Checks that bytes read from a file are valid UTF-8, fast on ASCII and two-byte characters.
package enum UTF8Validation {
    /// The offset of the first byte that is not part of a valid UTF-8 sequence, or nil when all
    /// of `bytes` is valid.
    ///
    /// Rejects what the Unicode standard rejects: stray continuation bytes, truncated
    /// sequences, overlong forms, surrogates (U+D800–U+DFFF) and code points above U+10FFFF.
    /// The check is the library's (``UTF8TextScan``), which `fastcop match` also uses.
    /// What to try when a file is not UTF-8, added to every invalid-UTF-8 message: the common
    /// case is an export in a Western single-byte code page.
    static let encodingHint = "(if the file is Latin-1 or Windows-1252, say --encoding latin1 or windows-1252)"

    @inline(__always)
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        UTF8TextScan.firstInvalidOffset(bytes)
    }
}
