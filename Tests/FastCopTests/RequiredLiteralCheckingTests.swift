import Testing

@testable import FastCop

/// The required literal's scan that checks UTF-8 on the way: the same starts as a naive search
/// and the same first invalid byte as ``UTF8TextScan``, whatever the bytes and their alignment.
@Suite("Line engine: the literal scan that checks UTF-8")
struct RequiredLiteralCheckingTests {
    /// Pieces lines are made of: ASCII, two-, three- and four-byte characters, the literal, and
    /// bytes that are not valid UTF-8 (Latin-1, a stray continuation, a truncated sequence, a
    /// surrogate, an overlong form).
    static let pieces: [[UInt8]] = [
        Array("plain words and 123 ".utf8), Array("zebra".utf8), Array("Straße".utf8), Array("é".utf8),
        Array("жираф ".utf8), Array("€".utf8), Array("𝄞".utf8), Array("🦓zebra".utf8), Array(" ".utf8),
        [0xE9], [0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80],
    ]

    /// Every start of `literal` in `bytes[range]` with the whole literal inside it.
    static func naiveStarts(_ literal: [UInt8], in bytes: [UInt8], range: Range<Int>) -> [Int] {
        guard range.count >= literal.count else { return [] }
        return (range.lowerBound...(range.upperBound - literal.count)).filter {
            Array(bytes[$0..<($0 + literal.count)]) == literal
        }
    }

    @Test(
        "starts and the first invalid byte agree with a naive search and UTF8TextScan",
        arguments: ["zebra", "Straße", "ß zebra"])
    func agrees(literalText: String) throws {
        let literal = try #require(RequiredLiteral(bytes: Array(literalText.utf8)))
        var generator = UTF8TextScanTests.Generator(state: 0x9E37_79B9_7F4A_7C15 &+ UInt64(literalText.utf8.count))
        for round in 0..<400 {
            // Mostly valid lines; a third of the rounds hold one invalid piece somewhere.
            var bytes: [UInt8] = []
            let invalidAt = round % 3 == 0 ? Int.random(in: 0..<60, using: &generator) : -1
            for index in 0..<60 {
                let valid = Self.pieces.prefix(9)
                bytes +=
                    index == invalidAt
                    ? Self.pieces[Int.random(in: 9..<Self.pieces.count, using: &generator)]
                    : valid.randomElement(using: &generator)!
                if Int.random(in: 0..<8, using: &generator) == 0 { bytes.append(0x0A) }
            }
            bytes.append(0x0A)
            let start = (bytes.firstIndex(of: 0x0A) ?? -1) + 1
            let range = (round % 2 == 0 ? 0 : start)..<bytes.count
            var starts: [Int] = []
            let invalid = bytes.withUnsafeBufferPointer { buffer in
                literal.starts(in: buffer, range: range, into: &starts)
            }
            let expectedInvalid = bytes.withUnsafeBufferPointer { buffer in
                UTF8TextScan.firstInvalidOffset(UnsafeBufferPointer(rebasing: buffer[range])).map {
                    range.lowerBound + $0
                }
            }
            #expect(invalid == expectedInvalid, "round \(round)")
            let expected = Self.naiveStarts(literal.bytes, in: bytes, range: range)
            let checkedEnd = invalid ?? bytes.count
            #expect(
                starts.filter { $0 < checkedEnd } == expected.filter { $0 < checkedEnd }, "round \(round)")
        }
    }

    @Test("an invalid byte at every offset of a long ASCII run is found there")
    func everyOffset() throws {
        let literal = try #require(RequiredLiteral(bytes: Array("zebra".utf8)))
        for offset in 0..<200 {
            var bytes = Array(String(repeating: "a zebra ", count: 30).utf8) + [0x0A]
            bytes[offset] = 0xE9
            var starts: [Int] = []
            let invalid = bytes.withUnsafeBufferPointer { literal.starts(in: $0, range: 0..<$0.count, into: &starts) }
            #expect(invalid == offset)
            #expect(starts.filter { $0 < offset } == Self.naiveStarts(literal.bytes, in: bytes, range: 0..<offset))
        }
    }
}
