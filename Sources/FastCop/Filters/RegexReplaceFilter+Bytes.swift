import Foundation

extension RegexReplaceFilter: ByteFilter {
    /// Appends `bytes` with every match replaced: on the bytes with a literal replacement (see
    /// ``LiteralReplacement``), else through the `String` code.
    package func apply(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) throws {
        // One snapshot of the settings for the whole value.
        try withOutcome { outcome in
            if let literal = outcome.literal {
                try literal.apply(utf8: bytes, to: &output)
            } else {
                guard let ready = outcome.replacement else { throw outcome.error }
                try ready.append(replacingIn: bytes, to: &output)
            }
        }
    }

    /// The byte form of the current settings when the replacement is literal, for the row
    /// pipeline's step, which takes it once (a later change of the filter does not reach it).
    package var literalReplacement: LiteralReplacement? {
        withOutcome { $0.literal }
    }
}

/// A ``RegexReplaceFilter`` whose replacement is literal (no `$`, no backslash) and that has no
/// matching options, made ready to run on bytes: the compiled pattern and the replacement's
/// bytes, taken once from one snapshot of the filter's settings.
package final class LiteralReplacement: Sendable {
    let pattern: Pattern
    let literal: [UInt8]
    /// For an empty match, where `pcre2_substitute` has its own rules: the `String` code of
    /// the same settings.
    let prepared: PreparedReplacement

    /// The literal form of `prepared`, or nil when `template` is a template (a `$` or a
    /// backslash) or there are matching options.
    init?(_ prepared: PreparedReplacement, template: String, matchingOptions: NSRegularExpression.MatchingOptions) {
        guard matchingOptions.isEmpty,
            !template.utf8.contains(where: { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "\\") })
        else { return nil }
        self.pattern = prepared.pattern
        self.literal = Array(template.utf8)
        self.prepared = prepared
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
                try prepared.append(replacingIn: bytes, to: &output)
                return
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<match.lowerBound]))
            if !literal.isEmpty { output.append(contentsOf: literal) }
            copied = match.upperBound
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
    }
}
