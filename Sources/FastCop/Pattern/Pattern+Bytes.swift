extension Pattern {
    // Matching raw bytes, for data read from files. Bytes are checked for valid UTF-8 once
    // per call (by PCRE2); invalid bytes throw `PatternError.Kind.invalidUTF8` with the byte
    // offset of the first bad sequence, never a crash and never a silent pass.

    /// Whether the pattern matches anywhere in `bytes`.
    ///
    /// - Throws: ``PatternError`` of kind ``PatternError/Kind/invalidUTF8`` (with the byte
    ///   offset) when `bytes` are not valid UTF-8, or a limit error.
    public func hasMatch<Bytes: Collection<UInt8>>(in bytes: Bytes) throws -> Bool {
        let code = try searchCode
        return try translatingErrors {
            try UTF8Access.with(bytes: bytes) { try code.run($0, validated: false, scratch: .current) }
        }
    }

    /// Whether the pattern matches the whole of `bytes`.
    ///
    /// - Throws: ``PatternError`` for invalid UTF-8 or a limit.
    public func hasWholeMatch<Bytes: Collection<UInt8>>(in bytes: Bytes) throws -> Bool {
        let code = try wholeCode
        return try translatingErrors {
            try UTF8Access.with(bytes: bytes) { try code.run($0, validated: false, scratch: .current) }
        }
    }

    /// The first match in `bytes`, as byte ranges, or nil.
    ///
    /// - Throws: ``PatternError`` for invalid UTF-8 or a limit.
    public func firstMatch<Bytes: Collection<UInt8>>(in bytes: Bytes) throws -> ByteMatch? {
        let code = try searchCode
        let found = try translatingErrors {
            try UTF8Access.with(bytes: bytes) { try code.offsets(in: $0, validated: false) }
        }
        return found.map { ByteMatch(offsets: $0, groupNumbers: code.groupNumbers) }
    }

    /// Every non-overlapping match in `bytes`, as byte ranges.
    ///
    /// - Throws: ``PatternError`` for invalid UTF-8 or a limit.
    public func matches<Bytes: Collection<UInt8>>(in bytes: Bytes) throws -> [ByteMatch] {
        let code = try searchCode
        var result: [ByteMatch] = []
        try translatingErrors {
            try UTF8Access.with(bytes: bytes) { buffer in
                try code.forEachMatch(in: buffer, validated: false) { offsets in
                    result.append(ByteMatch(offsets: offsets, groupNumbers: code.groupNumbers))
                    return true
                }
            }
        }
        return result
    }
}
