import Testing

@testable import FastCop

/// Patterns that are only literal texts, read from their source, and the scan for them.
@Suite("Line engine: literal sets")
struct LiteralSetTests {
    static let cases: [(source: String, options: Pattern.Options, texts: [String]?)] = [
        ("apple|banana|cherry", [], ["apple", "banana", "cherry"]),
        (#"example7\.com"#, [], ["example7.com"]),
        ("(?:foo)|(?:bar baz)", [], ["foo", "bar baz"]),  // several -e, joined
        (#"(?:a\.b)|(?:\(x)"#, [], ["a.b", "(x"]),  // -F texts, escaped
        ("(?:ab|cd)|ef", [], ["ab", "cd", "ef"]),
        ("Straße|Łódź", [], ["Straße", "Łódź"]),
        ("a.b (x", [.literal], ["a.b (x"]),
        ("WARNING|error", [.caseInsensitive], ["warning", "error"]),
        ("a|bc", [], nil),  // a text of one byte
        ("foo|", [], nil),  // the empty text matches every line
        ("colou?r", [], nil),
        ("(?i)foo|bar", [], nil),
        ("(foo)|bar", [], nil),  // a capture group
        (#"\d+|foo"#, [], nil),
        ("foo|bar", [.extended], nil),
        ("ok|yes", [.caseInsensitive], nil),  // k: KELVIN SIGN folds to it
        ("straße", [.caseInsensitive], nil),  // not ASCII
        ("a\rb|cd", [], nil),  // a line terminator of the library's default
        ("a\u{2028}b|cd", [], nil),
        (#"(?:foo\E)"#, [], nil),  // a \Q quote's end
    ]

    @Test("the texts read from a pattern", arguments: cases)
    func texts(source: String, options: Pattern.Options, texts: [String]?) {
        let set = LiteralSet(source: source, options: options)
        #expect(set.map { $0.texts.map { String(decoding: $0, as: UTF8.self) } } == texts)
    }

    static let scans: [(source: String, options: Pattern.Options)] = [
        ("apple|banana|cherry|grape|lemon", []), ("WARNING|Error|zö", []), ("warning|error", [.caseInsensitive]),
        ("Straße", []), ("ab", [.caseInsensitive]),
    ]

    @Test("the scan finds the first place any text starts, at every alignment, as a naive search", arguments: scans)
    func scan(source: String, options: Pattern.Options) throws {
        let set = try #require(LiteralSet(source: source, options: options))
        let words = [
            "apple", "grap", "Warning", "WARNING", "eRRoR", "error", "zö", "Straß", "Straße", "lemo", "AB", "x",
        ]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<300 {
            var text: [UInt8] = []
            while text.count < 120 {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                text += words[Int(state % UInt64(words.count))].utf8
                text.append(state & 0x100 == 0 ? 0x20 : 0x0A)
            }
            let end = Int(state % UInt64(text.count))
            let expected = (0..<end).first { start in
                set.texts.contains { word in
                    start + word.count <= end
                        && zip(word, text[start...]).allSatisfy { pair in
                            options.contains(.caseInsensitive)
                                ? pair.0 == (pair.1 | 0x20) || pair.0 == pair.1 : pair.0 == pair.1
                        }
                }
            }
            text.withUnsafeBufferPointer { bytes in
                #expect(set.next(in: bytes, range: 0..<end) == expected, "\(String(decoding: text, as: UTF8.self))")
            }
        }
    }
}
