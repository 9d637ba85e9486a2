import FastCop
import Testing

@Suite("Pattern: raw UTF-8 bytes")
struct PatternBytesTests {
    @Test("valid bytes match like the string")
    func validBytes() throws {
        let pattern = try Pattern(#"(?<word>\w+)é"#)
        let bytes = Array("x café ß".utf8)
        #expect(try pattern.hasMatch(in: bytes))
        #expect(try !pattern.hasWholeMatch(in: bytes))
        #expect(try Pattern("x café ß").hasWholeMatch(in: bytes))
        let match = try #require(try pattern.firstMatch(in: bytes))
        #expect(match.range == 2..<7)
        #expect(match.range(named: "word") == 2..<5)
        #expect(try Pattern("a").matches(in: Array("banana".utf8)).map(\.range) == [1..<2, 3..<4, 5..<6])
        #expect(try Pattern("ana").hasMatch(in: "banana".utf8))  // any Collection<UInt8>
        #expect(try Pattern("^$").hasWholeMatch(in: [UInt8]()))
    }

    static let invalidCases: [(bytes: [UInt8], offset: Int)] = [
        ([0x61, 0x62, 0xFF, 0x63], 2),  // a byte that is never UTF-8
        ([0x61, 0xC3], 1),  // truncated two-byte sequence
        ([0xE2, 0x28, 0xA1], 0),  // bad continuation byte
        ([0x61, 0xC0, 0xAF], 1),  // overlong encoding of "/"
        ([0xED, 0xA0, 0x80], 0),  // a UTF-16 surrogate
        (Array("café".utf8) + [0x80], 5),  // lone continuation byte after valid text
    ]

    @Test("invalid UTF-8 is an error naming the byte offset", arguments: invalidCases)
    func invalidBytes(bytes: [UInt8], offset: Int) throws {
        let pattern = try Pattern("zzz")
        for attempt in [
            { try pattern.hasMatch(in: bytes) }, { try pattern.hasWholeMatch(in: bytes) },
            { try pattern.firstMatch(in: bytes) != nil }, { try !pattern.matches(in: bytes).isEmpty },
        ] {
            let error = try #require(throws: PatternError.self) { try attempt() }
            #expect(error.kind == .invalidUTF8)
            #expect(error.offset == offset)
            #expect(error.description.contains("byte offset \(offset)"))
        }
    }
}
