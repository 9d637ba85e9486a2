extension RegexReplaceFilter: ByteFilter {
    /// Appends `bytes` with every match replaced: on the bytes with a literal replacement (see
    /// ``LiteralReplacement``), else through the `String` code.
    package func apply(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) throws {
        if let literal = LiteralReplacement(self) {
            try literal.apply(utf8: bytes, to: &output)
        } else {
            try applyThroughString(utf8: bytes, to: &output)
        }
    }
}

/// A ``RegexReplaceFilter`` whose replacement is literal (no `$`, no backslash) and that has no
/// matching options, made ready to run on bytes: the compiled pattern and the replacement's
/// bytes, taken once.
package final class LiteralReplacement: Sendable {
    let pattern: Pattern
    let literal: [UInt8]
    /// For an empty match, where `pcre2_substitute` has its own rules: the filter's `String` code.
    let filter: RegexReplaceFilter

    /// The literal form of `filter`, or nil when its replacement is a template, it has matching
    /// options, or it is not ready (a broken pattern: the `String` code reports it).
    package init?(_ filter: RegexReplaceFilter) {
        guard let replacement = filter.replacement, filter.matchingOptions.isEmpty,
            !replacement.utf8.contains(where: { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "\\") }),
            let pattern = try? filter.compiledPattern
        else { return nil }
        self.pattern = pattern
        self.literal = Array(replacement.utf8)
        self.filter = filter
    }

    /// Appends `bytes` (valid UTF-8) with every match replaced: the matches are found on the
    /// bytes (`PCRE2_NO_UTF_CHECK`) and the text between them copied.
    ///
    /// - Throws: ``PatternError`` for a match that reaches a limit.
    package func apply(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) throws {
        let mark = output.count
        var copied = 0
        // Borrowed: `self` holds the pattern for the whole call (see Unmanaged.borrow); a
        // retain per value would bounce the pattern's count between the cores.
        let pattern = Unmanaged.passUnretained(self.pattern)
        while copied <= bytes.count,
            let match = try pattern.borrow({ try $0.firstMatchRange(in: bytes, from: copied, validUTF8: true) })
        {
            guard !match.isEmpty else {
                output.removeSubrange(mark...)
                try filter.applyThroughString(utf8: bytes, to: &output)
                return
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<match.lowerBound]))
            if !literal.isEmpty { output.append(contentsOf: literal) }
            copied = match.upperBound
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
    }
}
