import Testing

@testable import FastCop

@Suite("ASCIIPattern: patterns that select the same lines as bytes")
struct ASCIIPatternTests {
    static let accepted = [
        #"^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$"#, "zebra[0-9]+", #"example7\.com"#, "apple|banana|cherry",
        "^$", "x$", "(ab)+c?", "(?:a|b){2,3}?", #"[\]\-a]"#, "a\tb", "ok+", "^(x|)$",
    ]
    static let refused: [(String, Pattern.Options)] = [
        ("a.b", []), (#"\w+"#, []), (#"\d"#, []), (#"\bword"#, []), (#"\p{Lu}"#, []), ("[^a]", []),
        ("[[:alpha:]]", []), ("(?i)abc", []), ("(?=a)b", []), ("(*UTF)a", []), ("(*CR)a$", []), ("é", []),
        (#"\x41"#, []), (#"\1"#, []), ("[a", []), ("abc", .caseInsensitive), ("a#b", .extended), ("a.b", .literal),
        (#"\Qa.b\E"#, []), ("[]a]", []),
    ]

    @Test("ASCII atoms, anchors, groups and quantifiers are accepted", arguments: accepted)
    func accepts(source: String) {
        #expect(ASCIIPattern.selectsLinesAlike(PatternSyntax(source, options: []), options: []))
        #expect(
            ASCIIPattern.selectsLinesAlike(
                PatternSyntax(source, options: [.lineFeedOnly, .matchInvalidUTF8]),
                options: [.lineFeedOnly, .matchInvalidUTF8]))
    }

    @Test("anything that can match a character as more than one byte is refused", arguments: refused)
    func refuses(source: String, options: Pattern.Options) {
        #expect(!ASCIIPattern.selectsLinesAlike(PatternSyntax(source, options: options), options: options))
    }

    /// Lines of valid UTF-8 with non-ASCII letters next to and inside what the patterns match.
    static let text = [
        "user1.apple@example7.com", "Zoë 5 <zoë@mail.example.org>", "é@ß.co", "straße@x.de", "", "x", "éx",
        "xé", "zebra12é", "ézebra9", "a\tb", "ab ab c", "aé", "ok", "Øster okk", "ab", "cherryé", "ябanana",
    ].joined(separator: "\n")

    @Test("the byte form finds the same matches in valid UTF-8 as the character form", arguments: accepted)
    func sameMatches(source: String) throws {
        let options: Pattern.Options = [.multiline, .lineFeedOnly]
        let characters = try Pattern(source, options: options.union(.matchInvalidUTF8))
        let bytes = try Pattern(source, options: options.union([.matchInvalidUTF8, .bytes]))
        let subject = Array(Self.text.utf8)
        try subject.withUnsafeBufferPointer { buffer in
            var start = 0
            while start <= buffer.count {
                let expected = try characters.firstMatchRange(in: buffer, from: start, validUTF8: true)
                #expect(try bytes.firstMatchRange(in: buffer, from: start, validUTF8: true) == expected)
                guard let expected else { break }
                // On from the match's end, or from the next character after an empty match.
                start = expected.upperBound
                if expected.isEmpty {
                    start += 1
                    while start < buffer.count && buffer[start] & 0xC0 == 0x80 { start += 1 }
                }
            }
        }
    }
}
