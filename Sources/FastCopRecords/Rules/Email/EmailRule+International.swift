import Foundation

extension EmailRule {
    /// RFC 5321's limits, in octets: a domain (255 on the wire, less its first length octet
    /// and last root), an address (a 256-octet path less its angle brackets), and a label.
    static let domainLimit = 253
    static let addressLimit = 254
    static let labelLimit = 63

    /// The checks of an address with a non-ASCII domain or a label with hyphens third and
    /// fourth, once the pattern has matched it (see ``EmailRule``).
    ///
    /// - Complexity: O(*n*²) in a Unicode label's length at worst (its punycode).
    static func admitsInternational(_ address: UnsafeBufferPointer<UInt8>) -> Bool {
        // The local part is ASCII without "@": the domain follows the first one.
        guard let at = address.firstIndex(of: UInt8(ascii: "@")),
            let asciiDomainLength = asciiDomainLength(address[(at + 1)...])
        else { return false }
        return at + 1 + max(address.count - at - 1, asciiDomainLength) <= addressLimit
    }

    /// The octets of the domain written with A-labels, or nil when a label is not one IDNA
    /// 2008 accepts or the domain is longer than ``domainLimit``.
    private static func asciiDomainLength(_ domain: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        var length = -1  // no dot before the first label
        for label in domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard let labelLength = asciiLabelLength(label) else { return nil }
            length += 1 + labelLength
        }
        return length <= domainLimit ? length : nil
    }

    /// The octets of `label` as an A-label, or nil when IDNA 2008 refuses it.
    private static func asciiLabelLength(_ label: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard label.allSatisfy({ $0 < 0x80 }) else {
            let scalars = Array(String(decoding: label, as: UTF8.self).unicodeScalars)
            guard isULabel(scalars) else { return nil }
            let length = aLabelPrefix.count + Punycode.encode(scalars).count
            return length <= labelLimit ? length : nil
        }
        let bytes = Array(label)
        guard bytes.count >= 4, bytes[2] == UInt8(ascii: "-"), bytes[3] == UInt8(ascii: "-") else {
            return bytes.count
        }
        // Hyphens third and fourth: only an A-label, "xn--" and the punycode of a U-label
        // that encodes back to the same text.
        let lowercased = bytes.map { $0 | ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? 0x20 : 0) }
        guard lowercased.starts(with: aLabelPrefix),
            let decoded = Punycode.decode(lowercased.dropFirst(aLabelPrefix.count)),
            decoded.contains(where: { !$0.isASCII }), isULabel(decoded),
            Punycode.encode(decoded).elementsEqual(lowercased.dropFirst(aLabelPrefix.count))
        else { return nil }
        return bytes.count
    }

    private static let aLabelPrefix = Array("xn--".utf8)

    /// Whether `scalars` make a U-label (RFC 5891 section 5.4, without the contextual and
    /// bidirectional rules): letters, decimal digits, combining marks and hyphens, not
    /// starting with a mark or a hyphen, not ending with a hyphen, without hyphens third and
    /// fourth, and unchanged by NFKC. Upper-case letters are allowed, as domains ignore case.
    private static func isULabel(_ scalars: [Unicode.Scalar]) -> Bool {
        guard let first = scalars.first, let last = scalars.last, first != "-", last != "-",
            !isMark(first), !(scalars.count >= 4 && scalars[2] == "-" && scalars[3] == "-"),
            scalars.allSatisfy({ $0 == "-" || isLabelCharacter($0) })
        else { return false }
        let text = String(String.UnicodeScalarView(scalars))
        return text.precomposedStringWithCompatibilityMapping.unicodeScalars.elementsEqual(scalars)
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Letters, decimal digits and the marks IDNA 2008 allows (other numbers, `⒈` or `Ⅻ`, and
    /// enclosing marks are not).
    private static func isLabelCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .nonspacingMark, .spacingMark:
            return true
        default: return false
        }
    }
}
