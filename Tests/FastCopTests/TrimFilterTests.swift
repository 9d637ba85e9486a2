import Foundation
import Testing

@testable import FastCop

@Suite("TrimFilter")
struct TrimFilterTests {
    @Test(
        "whitespace and newlines go at both ends, inner whitespace stays",
        arguments: [
            ("  \t \n  Some foo String   \t\t \n ", "Some foo String"),
            ("a  b", "a  b"),
            ("", ""),
            ("   ", ""),
            ("\u{A0}café\u{A0}", "café"),  // no-break space
            ("\u{3000}日本\u{2003}", "日本"),  // ideographic and em spaces
            ("\r\nß\u{2028}", "ß"),  // CRLF, line separator
            ("\u{85}x\u{85}", "x"),  // NEL
            ("\u{200B}x\u{200B}", "x"),  // Foundation's set holds the zero-width space (not Unicode White_Space)
            ("\u{FEFF}x\u{2060}", "\u{FEFF}x\u{2060}"),  // but not the BOM or the word joiner
            (" e\u{301} ", "e\u{301}"),
            (" \u{301}x ", "\u{301}x"),  // Foundation trims scalars: the mark loses its space
            (" 👨‍👩‍👧 ", "👨‍👩‍👧"),
        ])
    func trims(input: String, expected: String) throws {
        let out: String? = try TrimFilter().filter(input, nil)
        #expect(out == expected)
        #expect(try TrimFilter().apply(to: input) == expected)
        // The original's Foundation call gives the same.
        #expect(input.trimmingCharacters(in: .whitespacesAndNewlines) == expected)
    }

    @Test("trims exactly the scalars of Foundation's whitespacesAndNewlines")
    func sameSetAsFoundation() {
        let foundation = CharacterSet.whitespacesAndNewlines
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if TrimFilter.isTrimmed(scalar) != foundation.contains(scalar) { differing.append(value) }
        }
        #expect(differing.isEmpty)
    }

    @Test("nil and non-String values give nil")
    func nonString() throws {
        let fromNil: String? = try TrimFilter().filter(String?.none, nil)
        #expect(fromNil == nil)
        let fromInt: String? = try TrimFilter().filter(3, nil)
        #expect(fromInt == nil)
        let asInt: Int? = try TrimFilter().filter(" a ", nil)
        #expect(asInt == nil)
    }
}
