import Testing

@testable import FastCop

@Suite("UTF8TextScan: UTF-8 check and line endings in one pass")
struct UTF8TextScanTests {
    /// A plain reference: Unicode Table 3-7, one byte at a time.
    static func reference(_ bytes: [UInt8]) -> (invalid: Int?, onlyLineFeedsBefore: Bool) {
        var index = 0
        var onlyLineFeeds = true
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                if (0x0B...0x0D).contains(lead) { onlyLineFeeds = false }
                index += 1
                continue
            }
            let (length, second): (Int, ClosedRange<UInt8>) =
                switch lead {
                case 0xC2...0xDF: (2, 0x80...0xBF)
                case 0xE0: (3, 0xA0...0xBF)
                case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
                case 0xED: (3, 0x80...0x9F)
                case 0xF0: (4, 0x90...0xBF)
                case 0xF1...0xF3: (4, 0x80...0xBF)
                case 0xF4: (4, 0x80...0x8F)
                default: (0, 0...0)
                }
            guard length > 0, index + length <= bytes.count, second.contains(bytes[index + 1]),
                (2..<length).allSatisfy({ bytes[index + $0] & 0xC0 == 0x80 })
            else { return (index, onlyLineFeeds) }
            let scalar = Array(bytes[index..<(index + length)])
            if scalar == [0xC2, 0x85] || scalar == [0xE2, 0x80, 0xA8] || scalar == [0xE2, 0x80, 0xA9] {
                onlyLineFeeds = false
            }
            index += length
        }
        return (nil, onlyLineFeeds)
    }

    static func scan(_ bytes: [UInt8], from start: Int = 0) -> UTF8TextScan {
        bytes.withUnsafeBufferPointer { UTF8TextScan.scan($0, in: start..<bytes.count) }
    }

    static let padding = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)

    static let cases: [(name: String, bytes: [UInt8], invalid: Int?, onlyLineFeeds: Bool)] = [
        ("empty", [], nil, true),
        ("ASCII lines", Array("ab\ncd\n".utf8), nil, true),
        ("é ß ü ë, 2-byte", Array("café Straße Müller zoë\n".utf8), nil, true),
        ("emoji and a combining mark", Array("👨‍👩‍👧 e\u{301}\n".utf8), nil, true),
        ("© is C2 A9, not NEL", Array("© 2024\n".utf8), nil, true),
        ("CR", Array("a\r\nb\n".utf8), nil, false),
        ("VT", Array("a\u{0B}b\n".utf8), nil, false),
        ("FF", Array("a\u{0C}b\n".utf8), nil, false),
        ("NEL", Array("a\u{85}b\n".utf8), nil, false),
        ("LS", Array("a\u{2028}b\n".utf8), nil, false),
        ("PS", Array("a\u{2029}b\n".utf8), nil, false),
        ("lone continuation", [0x61, 0x80, 0x62], 1, true),
        ("truncated at the end", Array("café".utf8) + [0xC3], 5, true),
        ("lead then ASCII", [0xC3, 0x41], 0, true),
        ("overlong C0 AF", [0xC0, 0xAF], 0, true),
        ("overlong C1 BF", padding + [0xC1, 0xBF] + padding, padding.count, true),
        ("overlong E0 80 80", [0xE0, 0x80, 0x80], 0, true),
        ("surrogate ED A0 80", [0x61, 0xED, 0xA0, 0x80], 1, true),
        ("above U+10FFFF", [0xF4, 0x90, 0x80, 0x80], 0, true),
        ("F5 and FF", [0xF5, 0x80, 0x80, 0x80, 0xFF], 0, true),
        ("é across a word edge", Array(padding[0..<7]) + Array("é".utf8) + padding, nil, true),
        ("é across a 32-byte edge", Array(padding[0..<31]) + Array("é".utf8) + padding, nil, true),
        ("bad byte after fast ASCII", padding + padding + [0xFF], 2 * padding.count, true),
        // The 64-byte ASCII windows: the last byte of one, and a byte after three of them.
        ("bad byte ending a 64-byte window", Array((padding + padding)[0..<63]) + [0xFF] + padding, 63, true),
        ("bad byte after 64-byte windows", padding + padding + padding + padding + padding + [0x80], 180, true),
        ("é ending a 64-byte window", Array((padding + padding)[0..<62]) + Array("é".utf8) + padding, nil, true),
        // 16-byte chunks of ASCII and two-byte sequences: one across a chunk edge, a lone lead
        // at an edge, NEL (C2 85) among them, a continuation without its lead.
        ("ß across a 16-byte edge", Array(padding[0..<15]) + Array("ßüÿ".utf8) + padding, nil, true),
        ("lead ending a chunk, then ASCII", Array(padding[0..<15]) + [0xC3] + padding, 15, true),
        (
            "NEL among two-byte letters", Array("éé".utf8) + Array(padding[0..<9]) + Array("\u{85}ü".utf8) + padding,
            nil, false
        ),
        ("stray continuation after ß", Array("aß".utf8) + [0xA9] + padding + padding, 3, true),
    ]

    @Test("finds the first invalid byte and other line endings", arguments: cases)
    func table(name: String, bytes: [UInt8], invalid: Int?, onlyLineFeeds: Bool) {
        let result = Self.scan(bytes)
        #expect(result.firstInvalidUTF8 == invalid, "\(name)")
        #expect(bytes.withUnsafeBufferPointer { UTF8TextScan.firstInvalidOffset($0) } == invalid, "\(name)")
        if invalid == nil { #expect(result.onlyLineFeeds == onlyLineFeeds, "\(name)") }
        #expect(Self.reference(bytes).invalid == invalid, "\(name): the reference agrees")
    }

    @Test("a range that starts inside the buffer reports offsets in the buffer")
    func subrange() {
        let bytes: [UInt8] = [0xFF] + Array("é\n".utf8) + [0x80]
        #expect(Self.scan(bytes, from: 1).firstInvalidUTF8 == 4)
        #expect(bytes.withUnsafeBufferPointer { UTF8TextScan.scan($0, in: 1..<4) }.firstInvalidUTF8 == nil)
    }

    /// A small deterministic generator (xorshift), so that failures can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
    }

    @Test("agrees with a byte-by-byte reference and with Swift's own check", arguments: 0..<8)
    func differential(seed: Int) {
        var random = Generator(state: 0x9E37_79B9_7F4A_7C15 &+ UInt64(seed) &* 7919)
        let pieces: [[UInt8]] = [
            Array("ab".utf8), Array("\n".utf8), Array("é".utf8), Array("ß".utf8), Array("€".utf8),
            Array("👩".utf8), Array("\u{85}".utf8), Array("\u{2028}".utf8), Array("©".utf8), [0x0D], [0x0B],
            Array(String(repeating: "x", count: 29).utf8),
        ]
        for _ in 0..<400 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                bytes += pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }
            // Now and then one random byte somewhere: often invalid, sometimes not.
            if !bytes.isEmpty && Bool.random(using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            let result = Self.scan(bytes)
            let expected = Self.reference(bytes)
            #expect(result.firstInvalidUTF8 == expected.invalid, "\(bytes)")
            // The validation-only entry (the tool's record check) finds the same byte.
            let validationOnly = bytes.withUnsafeBufferPointer { UTF8TextScan.firstInvalidOffset($0) }
            #expect(validationOnly == expected.invalid, "\(bytes)")
            #expect((result.firstInvalidUTF8 == nil) == (String(validating: bytes, as: UTF8.self) != nil))
            if expected.invalid == nil {
                #expect(result.onlyLineFeeds == expected.onlyLineFeedsBefore, "\(bytes)")
            } else if !expected.onlyLineFeedsBefore {
                // Before an invalid byte, another line ending must never be missed.
                #expect(!result.onlyLineFeeds, "\(bytes)")
            }
        }
    }

    /// Every kind of invalid UTF-8 the Unicode standard names, and sequences cut short.
    static let invalidPieces: [[UInt8]] = [
        [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
        [0xED, 0xBF, 0xBF], [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
        [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xFE], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC3], [0xC3, 0xC3, 0xA9],
        [0xE2, 0x82, 0xAC, 0xAC], [0xF4, 0x8F, 0xBF], [0xC3, 0xA9, 0xA9],
    ]

    @Test("the 64-byte check (AVX2) and the rest find the first invalid byte wherever it falls in a block")
    func wideBlocks() {
        var random = Generator(state: 0x2545_F491_4F6C_DD1D)
        let valid: [[UInt8]] = [
            Array("plain text ".utf8), Array("é".utf8), Array("ß".utf8), Array("€".utf8), Array("😀".utf8),
            Array("日本".utf8), Array("\u{10FFFF}".utf8), Array("\u{D7FF}".utf8), Array("\u{E000}".utf8),
            Array("\u{0800}".utf8), Array("\u{10000}".utf8), Array("\n".utf8), [0x00], [0x7F],
        ]
        for round in 0..<3000 {
            var bytes: [UInt8] = []
            let size = Int.random(in: 60...400, using: &random)
            while bytes.count < size { bytes += valid[Int.random(in: 0..<valid.count, using: &random)] }
            if round % 4 != 0 {
                // One invalid piece at a place near a 64-byte edge or anywhere, or at the end.
                let bad = Self.invalidPieces[round % Self.invalidPieces.count]
                let edges = [64, 128, 192, 256].filter { $0 <= bytes.count }
                var at = Int.random(in: 0...bytes.count, using: &random)
                if let edge = edges.randomElement(using: &random), Bool.random(using: &random) {
                    at = max(0, min(bytes.count, edge + Int.random(in: -4...3, using: &random)))
                }
                // On a character boundary, so that the valid bytes around stay valid.
                while at < bytes.count && bytes[at] & 0xC0 == 0x80 { at += 1 }
                bytes.insert(contentsOf: bad, at: at)
            }
            let expected = Self.reference(bytes).invalid
            let found = bytes.withUnsafeBufferPointer { UTF8TextScan.firstInvalidOffset($0) }
            #expect(found == expected, "round \(round): \(bytes)")
            let prefix = bytes.withUnsafeBufferPointer { VectorUTF8.validPrefix($0.baseAddress!, count: $0.count) }
            // The blocks' prefix is valid, ends at a character boundary (or at a stray
            // continuation byte, the first invalid one), and stops at or before the first
            // invalid byte.
            #expect(prefix <= (expected ?? bytes.count), "round \(round)")
            // Valid bytes are taken in whole blocks where the machine has AVX2.
            if PairScan.available && expected == nil { #expect(prefix >= bytes.count - 66, "round \(round)") }
            #expect(Self.reference(Array(bytes[..<prefix])).invalid == nil, "round \(round)")
            #expect(
                prefix == bytes.count || bytes[prefix] & 0xC0 != 0x80 || prefix == expected, "round \(round)")
        }
    }
}
