import Testing

@testable import FastCop

@Suite("ByteScan: the first of two bytes, eight at a time")
struct ByteScanTests {
    /// The first offset at or after `start` holding `a` or `b`, one byte at a time.
    static func reference(_ a: UInt8, _ b: UInt8, _ bytes: [UInt8], from start: Int) -> Int {
        bytes.indices.first { $0 >= start && (bytes[$0] == a || bytes[$0] == b) } ?? bytes.count
    }

    @Test(
        "every offset of every text, whatever the alignment and length",
        arguments: [
            "", "a", "abc,def", "\"quoted, field\"", "Zoë,Besançon,ß,😀", String(repeating: "x", count: 40) + ",\"",
        ])
    func first(text: String) {
        let bytes = Array(text.utf8)
        for start in 0...bytes.count {
            for (a, b) in [
                (UInt8(ascii: ","), UInt8(ascii: "\"")), (UInt8(ascii: "\""), UInt8(ascii: "\"")), (0xC3, 0x80),
            ] {
                let found = bytes.withUnsafeBufferPointer { ByteScan.first(a, b, in: $0, from: start) }
                #expect(found == Self.reference(a, b, bytes, from: start), "\(text) from \(start)")
            }
        }
    }

    @Test("a byte with its high bit set is not taken for another (no carry between bytes)")
    func highBytes() {
        let bytes: [UInt8] = [0xFF, 0x80, 0x7F, 0xAC, 0x2B, 0xAB, 0x2C, 0x00, 0x2C]
        let found = bytes.withUnsafeBufferPointer { ByteScan.first(0x2C, 0x2C, in: $0, from: 0) }
        #expect(found == 6)
    }
}
