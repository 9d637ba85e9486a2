extension RegexReplaceFilter: ByteFilter {
    /// Appends `bytes` with every match replaced. With a literal replacement (no `$`, no
    /// backslash) and no matching options, the matches are found on the bytes
    /// (`PCRE2_NO_UTF_CHECK`: the bytes are valid UTF-8) and the text between them copied; a
    /// template, `.anchored`, or an empty match (where `pcre2_substitute` has its own rules)
    /// goes through the `String` code.
    package func apply(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) throws {
        guard var literal = replacement, matchingOptions.isEmpty,
            !literal.utf8.contains(where: { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "\\") })
        else {
            try applyThroughString(utf8: bytes, to: &output)
            return
        }
        let pattern = try compiledPattern
        let mark = output.count
        var copied = 0
        while copied <= bytes.count,
            let match = try pattern.firstMatchRange(in: bytes, from: copied, validUTF8: true)
        {
            guard !match.isEmpty else {
                output.removeSubrange(mark...)
                try applyThroughString(utf8: bytes, to: &output)
                return
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<match.lowerBound]))
            literal.withUTF8 { output.append(contentsOf: $0) }
            copied = match.upperBound
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
    }
}
