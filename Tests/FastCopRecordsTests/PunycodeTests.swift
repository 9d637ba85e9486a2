import Testing

@testable import FastCopRecords

/// Punycode (RFC 3492), as the email rule reads and measures A-labels.
@Suite("FastCopRecords: Punycode")
struct PunycodeTests {
    /// Labels and their punycode: RFC 3492's samples (L) and (M), and real domains.
    static let pairs = [
        ("bücher", "bcher-kva"), ("münchen", "mnchen-3ya"), ("пример", "e1afmkfd"), ("рф", "p1ai"),
        ("3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"),
        ("安室奈美恵-with-SUPER-MONKEYS", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"), ("abc", "abc-"),
    ]

    @Test("encodes and decodes the samples", arguments: pairs)
    func roundTrip(label: String, encoded: String) {
        #expect(String(decoding: Punycode.encode(Array(label.unicodeScalars)), as: UTF8.self) == encoded)
        #expect(Punycode.decode(Array(encoded.utf8)).map { String(String.UnicodeScalarView($0)) } == label)
    }

    @Test("reads digits in either case")
    func upperCaseDigits() {
        #expect(Punycode.decode(Array("bcher-KVA".utf8)) == Array("bücher".unicodeScalars))
    }

    @Test(
        "refuses what is not punycode: other bytes, a truncated number, an overflow",
        arguments: ["bcher-kv_", "b\u{FC}cher-kva", "bcher-kv", "99999999999"])
    func invalid(encoded: String) {
        #expect(Punycode.decode(Array(encoded.utf8)) == nil, "\(encoded)")
    }
}
