import Foundation
import Testing

@testable import FastCop

/// The filters' byte paths (``ByteStep``, ``ByteFilter``), used by `fastcop clean`, give the
/// bytes of the `String` path for every input: ASCII fast paths and Unicode fallbacks alike.
@Suite("Filters on UTF-8 bytes: the same bytes as on String")
struct ByteFilterTests {
    static let filters: [(name: String, filter: any FilterType)] = [
        ("trim", TrimFilter()),
        ("lowercase", CharCaseFilter(.lowercase)),
        ("uppercase", CharCaseFilter(.uppercase)),
        ("ucfirst", CharCaseFilter(.ucfirst)),
        ("ucwords", CharCaseFilter(.ucwords)),
        ("collapseWhitespace", CollapseWhitespaceFilter()),
        ("digitsOnly", DigitsOnlyFilter()),
        ("digitsOnly, kept as they are", DigitsOnlyFilter { $0.convertsToASCII = false }),
        ("stripInvisible", StripInvisiblesFilter()),
        ("stripInvisible, controls too", StripInvisiblesFilter { $0.keepsWhitespaceControls = false }),
        ("regexReplace, literal", RegexReplaceFilter(pattern: "[^0-9+]", replacement: "")),
        ("regexReplace, literal, Unicode", RegexReplaceFilter(pattern: "\\s+", replacement: "·")),
        ("regexReplace, empty matches", RegexReplaceFilter(pattern: "x*", replacement: "-")),
        ("regexReplace, template", RegexReplaceFilter(pattern: "(\\d)(\\d)", replacement: "$2$1")),
        ("regexReplace, anchored", RegexReplaceFilter(pattern: "a", replacement: "b", matchingOptions: .anchored)),
        ("replace", ReplaceFilter(.replaceString(searchStr: "ß", replacementStr: "ss"))),
    ]

    static let inputs: [String] = [
        "", " ", "  \t\n ", "Ada Lovelace", "  ADA@Example.COM ", "a\u{B}b\u{C}c\r\nd",
        "\u{A0}Émilie\u{A0}\u{A0}du Châtelet\u{200B}", "\u{200B} x \u{200B}", "\u{3000}全角\u{3000}",
        "Straße ΣΑΣ İstanbul", "ﬁ ǅ", "+44 (20) 7946-0958", "１２３ ٣ ३", "\u{FEFF}ab\u{00AD}c\u{0}d\u{7F}",
        "👨‍👩‍👧 e\u{301}", "x\u{85}y\u{2028}z\u{180E}w", "aaxxbxa", " \u{301}x ", "123456",
        String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) }),
    ]

    @Test("the byte path writes the String path's bytes", arguments: filters)
    func sameBytes(_ name: String, _ filter: any FilterType) throws {
        let step = ByteStep(filter)
        for input in Self.inputs {
            let expected = Array((try filter.apply(to: input) ?? "").utf8)
            var fromStep: [UInt8] = [0x2A]
            var fromFilter: [UInt8] = [0x2A]
            try Array(input.utf8).withUnsafeBufferPointer { bytes in
                try step.apply(utf8: bytes, to: &fromStep)
                if let byteFilter = filter as? any ByteFilter {
                    try byteFilter.apply(utf8: bytes, to: &fromFilter)
                } else {
                    try filter.applyThroughString(utf8: bytes, to: &fromFilter)
                }
            }
            // The output is appended to what is there.
            #expect(Array(fromStep.dropFirst()) == expected, "\(name) on \(input.debugDescription)")
            #expect(Array(fromFilter.dropFirst()) == expected, "\(name) on \(input.debugDescription)")
        }
    }

    @Test("trimming keeps the range Foundation's set keeps", arguments: inputs)
    func trimmedRange(_ input: String) {
        let bytes = Array(input.utf8)
        let range = bytes.withUnsafeBufferPointer { TrimFilter.trimmedRange(utf8: $0) }
        #expect(String(decoding: bytes[range], as: UTF8.self) == TrimFilter.trim(input))
    }
}

/// The byte paths that decide per character (collapsing whitespace, Latin-1 case mapping),
/// checked on every scalar of the Basic Multilingual Plane and some beyond it, alone and in
/// runs, against the `String` code.
@Suite("Filters on UTF-8 bytes: every scalar")
struct ByteFilterScalarTests {
    static let scalars: [Unicode.Scalar] =
        (0..<0x1_0000).compactMap(Unicode.Scalar.init) + [0x1_F600, 0x1_0400, 0xE_0041].compactMap(Unicode.Scalar.init)

    @Test(
        "each scalar, alone, between letters and doubled, gives the String path's bytes",
        arguments: [
            ("collapseWhitespace", CollapseWhitespaceFilter() as any FilterType),
            ("lowercase", CharCaseFilter(.lowercase)), ("uppercase", CharCaseFilter(.uppercase)),
            ("trim", TrimFilter()),
        ])
    func everyScalar(_ name: String, _ filter: any FilterType) throws {
        let step = ByteStep(filter)
        var mismatches: [String] = []
        for scalar in Self.scalars {
            let one = String(Character(scalar))
            for input in [one, "a\(one)b", "\(one)\(one) é\(one)", "É\(one)"] {
                let expected = Array((try filter.apply(to: input) ?? "").utf8)
                var output: [UInt8] = []
                try Array(input.utf8).withUnsafeBufferPointer { try step.apply(utf8: $0, to: &output) }
                if output != expected { mismatches.append(String(scalar.value, radix: 16)) }
            }
        }
        #expect(mismatches.isEmpty, "\(name) differs for U+\(mismatches.prefix(20).joined(separator: ", U+"))")
    }
}
