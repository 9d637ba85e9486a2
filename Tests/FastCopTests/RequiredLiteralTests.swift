import Testing

@testable import FastCop

/// The literal run every match of a pattern holds, read from its text, and the scan for it.
@Suite("Line engine: required literals")
struct RequiredLiteralTests {
    static let cases: [(source: String, options: Pattern.Options, literal: String?)] = [
        (#"example\.com"#, [], "example.com"),
        ("zebra[0-9]+", [], "zebra"),
        ("^Straße x", [], "Straße x"),
        ("colou?r", [], "colo"),  // the u is optional
        ("abcd*", [], "abc"),
        ("ab+c", [], nil),  // "ab" is too short to be worth it
        ("apple|banana", [], nil),
        ("(?i)zebra", [], nil),
        ("zebra", [.caseInsensitive], nil),
        (#"\d+zebra"#, [], nil),
        ("a.b (x", [.literal], "a.b (x"),
        ("zoë{2}", [], "zo"),
        // A lazy or possessive quantifier after the literal (these once crashed), and a
        // quantifier on the atom after it.
        ("a*?", [], nil),
        ("abcd*?", [], "abc"),
        ("abcd+?", [], "abcd"),
        ("abcd++x", [], "abcd"),
        ("abcd.*", [], "abcd"),
        ("abcd[x]?", [], "abcd"),
    ]

    /// Read from the pattern's items, a `(?` after the run or a group's `|` no longer hides it,
    /// quoted text is part of it, and `\Q\E` and `(?#…)` are no item a quantifier skips over
    /// (the text check refused these patterns or stopped early).
    static let itemCases: [(source: String, literal: String?)] = [
        ("abc(?=x)", "abc"), ("abc(?:d|e)f", "abc"), (#"abc\Q.x\E"#, "abc.x"), ("abcd(?#c)*", "abc"),
        (#"abcd\Q\E?"#, "abc"), ("abcde(?i)f", "abcd"), ("abc(?:d|e)|f", nil), (#"\Qabc"#, "abc"),
    ]

    @Test("the literal read from a pattern's items, which every line PCRE2 matches holds", arguments: itemCases)
    func literalFromItems(source: String, literal: String?) throws {
        let found = RequiredLiteral(source: source, options: [])
        #expect(found.map { String(decoding: $0.bytes, as: UTF8.self) } == literal)
        guard let found else { return }
        let pattern = try Pattern(source, options: [.lineFeedOnly])
        let subjects = ["abc", "abcx", "abcdf", "abcef", "abc.x", "abc", "abcdd", "abcdeF", "ab", "abdf", "f", "abcde"]
        for subject in subjects where try pattern.hasMatch(in: subject) {
            #expect(Array(subject.utf8).firstRange(of: found.bytes) != nil, "\(source) on \(subject)")
        }
    }

    @Test("the literal read from a pattern", arguments: cases)
    func literal(source: String, options: Pattern.Options, literal: String?) {
        let found = RequiredLiteral(source: source, options: options)
        #expect(
            found.map { String(decoding: $0.bytes, as: UTF8.self) } == (literal.flatMap { $0.count >= 3 ? $0 : nil }))
    }

    @Test("the scan finds the first occurrence, in the range only, at every alignment")
    func scan() throws {
        let literal = try #require(RequiredLiteral(source: "Straße", options: []))
        for padding in 0..<140 {
            let text = Array((String(repeating: "x", count: padding) + "Straß Strasse Straße!").utf8)
            let expected = text.count - Array("Straße!".utf8).count
            text.withUnsafeBufferPointer { bytes in
                #expect(literal.next(in: bytes, range: 0..<bytes.count) == expected)
                #expect(literal.next(in: bytes, range: 0..<(bytes.count - 2)) == nil)
                #expect(literal.next(in: bytes, range: (expected + 1)..<bytes.count) == nil)
            }
        }
    }

    @Test("ranked by the input's first block, the scan looks first for the bytes rarest there, with the same answers")
    func rankedBySample() throws {
        let literal = try #require(RequiredLiteral(bytes: Array("Go-http-client/1.1".utf8)))
        // By the guess about text, G (upper case) and / come first; in access logs G starts
        // every GET.
        #expect(literal.bytes[literal.rareIndex] == UInt8(ascii: "G"))
        let logs = Array(String(repeating: "10.0.0.1 - - \"GET /api/v1/users HTTP/1.1\" 200 512\n", count: 2000).utf8)
        let ranked = logs.withUnsafeBufferPointer { literal.ranked(by: ByteFrequencies($0), sample: $0) }
        let chosen = [ranked.bytes[ranked.rareIndex], ranked.bytes[ranked.otherIndex]]
        #expect(!chosen.contains(UInt8(ascii: "G")) && !chosen.contains(UInt8(ascii: "/")))
        // Any pair gives the same occurrences: the literal at every offset, in ranges that
        // cut it.
        var random = GeneratedPatternDifferentialTests.Generator(state: 0x5DEE_CE66_D1CE_4E5B)
        let alphabet = Array("Go-http-client/1.1 GET\n".utf8)
        for _ in 0..<200 {
            var text = (0..<(64 + random.next(300))).map { _ in random.pick(alphabet) }
            let at = random.next(text.count - literal.bytes.count)
            text.replaceSubrange(at..<(at + literal.bytes.count), with: literal.bytes)
            let sample = (0..<200).map { _ in random.pick(alphabet) }
            let other = sample.withUnsafeBufferPointer { literal.ranked(by: ByteFrequencies($0), sample: $0) }
            text.withUnsafeBufferPointer { bytes in
                let lower = random.next(at + 1)
                let upper = at + literal.bytes.count + random.next(bytes.count - at - literal.bytes.count + 1)
                for range in [0..<bytes.count, lower..<upper, lower..<(upper - 1)] {
                    #expect(other.next(in: bytes, range: range) == literal.next(in: bytes, range: range))
                    var expected: [Int] = []
                    var found: [Int] = []
                    _ = literal.starts(in: bytes, range: range, into: &expected)
                    _ = other.starts(in: bytes, range: range, into: &found)
                    #expect(found == expected)
                }
            }
        }
    }

    @Test("ranked by the input's first block, the second byte is the one least often at its place where the first is")
    func rankedByPlaces() throws {
        let literal = try #require(RequiredLiteral(bytes: Array("example7.com".utf8)))
        // Lines of e-mail addresses at example0.com … example49.com: x and 7 are the rarest
        // bytes; in every example the bytes around x are there too, and 7 right after example
        // only in example7 (example17 and example47 have another digit there).
        let lines = (0..<2000).map { "user\($0).plum@example\($0 % 50).com\n" }.joined()
        let sample = Array(lines.utf8)
        let ranked = sample.withUnsafeBufferPointer { literal.ranked(by: ByteFrequencies($0), sample: $0) }
        #expect(Set([ranked.rareIndex, ranked.otherIndex]) == [1, 7])
        let together = sample.withUnsafeBufferPointer { RequiredLiteral.together(literal.bytes, at: 1, in: $0) }
        #expect(together[1] == 2000 && together[0] == 2000 && together[7] == 40)
        // The same starts as the guess's pair.
        sample.withUnsafeBufferPointer { bytes in
            var expected: [Int] = []
            var found: [Int] = []
            _ = literal.starts(in: bytes, range: 0..<bytes.count, into: &expected)
            _ = ranked.starts(in: bytes, range: 0..<bytes.count, into: &found)
            #expect(found == expected && found.count == 40)
        }
    }
}
