import FastCop

/// The tool's email rule (`email` in a rules file, `fastcop check --email`): a whole match of
/// ``Pattern/modernEmailSource``, then the checks a pattern cannot make, RFC 5321's lengths in
/// octets and IDNA 2008 for the domain.
///
/// An ASCII address whose domain has no label with hyphens third and fourth (the common
/// case) is decided by the pattern and one pass over its bytes. The others take
/// ``admitsInternational(_:)``:
///
/// - The address is at most 254 octets, its domain counted both as written and as its
///   A-labels (`bücher` is `xn--bcher-kva`), and the domain at most 253.
/// - A Unicode label must be a U-label: letters, decimal digits, combining marks and hyphens,
///   unchanged by NFKC (so no full-width letters, `ｇｍａｉｌ`, and no `⒈`, which is "1."),
///   without hyphens third and fourth, at most 63 octets as its A-label.
/// - An ASCII label with hyphens third and fourth is reserved (`yy--0`) unless it is an A-label
///   (`xn--`) whose punycode decodes to a U-label and encodes back to itself (`xn--0` does
///   not).
///
/// Non-ASCII and quoted local parts, address literals, comments and display names are refused
/// on purpose; docs/rules.md ("The email rule") says so.
enum EmailRule {
    /// Whether the UTF-8 `value` is an email address by the rule.
    ///
    /// - Throws: ``PatternError`` for a match limit.
    @inline(__always)
    static func admits(_ value: UnsafeBufferPointer<UInt8>, pattern: Pattern) throws -> Bool {
        guard try pattern.firstMatchRange(in: value, whole: true, validUTF8: true) != nil else { return false }
        return isPlain(value) || admitsInternational(value)
    }

    /// Whether `address`, which has the pattern's shape (an ASCII local part), is all ASCII
    /// with no domain label that has hyphens third and fourth: then the pattern alone decides.
    private static func isPlain(_ address: UnsafeBufferPointer<UInt8>) -> Bool {
        var labelStart = -1  // in the local part
        for index in address.indices {
            let byte = address[index]
            if byte >= 0x80 { return false }
            if byte == UInt8(ascii: "@") || (byte == UInt8(ascii: ".") && labelStart >= 0) {
                labelStart = index + 1
            } else if byte == UInt8(ascii: "-") && labelStart >= 0 && index == labelStart + 3
                && address[index - 1] == UInt8(ascii: "-")
            {
                return false
            }
        }
        return true
    }
}
