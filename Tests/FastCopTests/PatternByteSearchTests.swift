import Testing

@testable import FastCop

@Suite("Pattern.firstMatchRange: searching bytes in place")
struct PatternByteSearchTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let pattern: String
        var options: Pattern.Options = []
        let subject: String
        var start = 0
        var whole = false
        let expected: Range<Int>?
        var testDescription: String { "/\(pattern)/ in \(subject.debugDescription) from \(start)" }
    }

    static let cases: [Case] = [
        Case(pattern: "é", subject: "café", expected: 3..<5),
        Case(pattern: "ß+", subject: "Straße Maßß", start: 7, expected: 10..<14),  // from an offset
        Case(pattern: "ß", subject: "Straße", start: 6, expected: nil),  // past the only match
        Case(pattern: #"\w+"#, subject: "👨‍👩‍👧 zoë", expected: 19..<23),  // \w is Unicode
        Case(pattern: "e\u{301}", subject: "cafe\u{301}", expected: 3..<6),  // combining mark
        Case(pattern: "(?<=é)x", subject: "éx", start: 2, expected: 2..<3),  // lookbehind sees before start
        Case(pattern: "^a", subject: "ba", start: 1, expected: nil),  // start is not a line start
        Case(pattern: "^a", options: .multiline, subject: "é\na", start: 3, expected: 3..<4),
        Case(pattern: "x$", options: .multiline, subject: "ax\nb", expected: 1..<2),
        Case(pattern: "a|ab", subject: "ab", whole: true, expected: 0..<2),  // whole form, not first match
        Case(pattern: "ab", subject: "xab", start: 1, whole: true, expected: 1..<3),  // anchored at start
        Case(pattern: "a", subject: "ab", whole: true, expected: nil),
        Case(pattern: #"a\Kb"#, subject: "ab", expected: 1..<2),
        Case(pattern: "x*", subject: "", expected: 0..<0),  // an empty match in an empty subject
        Case(pattern: "$", subject: "ß", start: 2, expected: 2..<2),  // start at the very end
    ]

    @Test("finds the first match at or after start, as byte offsets in the subject", arguments: cases)
    func search(_ test: Case) throws {
        let pattern = try Pattern(test.pattern, options: test.options)
        for validUTF8 in [true, false] {
            let found = try Array(test.subject.utf8).withUnsafeBufferPointer {
                try pattern.firstMatchRange(in: $0, from: test.start, whole: test.whole, validUTF8: validUTF8)
            }
            #expect(found == test.expected)
        }
    }

    @Test("searching on from each match end visits the matches that matches(in:) gives")
    func resumes() throws {
        let pattern = try Pattern(#"\p{L}+"#)
        let bytes = Array("ß, é and 👨‍👩‍👧 zoë".utf8)
        var found: [Range<Int>] = []
        try bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while let range = try pattern.firstMatchRange(in: buffer, from: start, validUTF8: true) {
                found.append(range)
                start = range.upperBound
            }
        }
        #expect(found == (try pattern.matches(in: bytes).map(\.range)))
        #expect(found.count == 4)
    }

    static let invalid: [(bytes: [UInt8], offset: Int)] = [
        ([0x61, 0xFF, 0x62], 1),  // never UTF-8
        (Array("café".utf8) + [0xC3], 5),  // truncated after é
        ([0xED, 0xA0, 0x80], 0),  // a UTF-16 surrogate
    ]

    @Test("unchecked bytes are checked by PCRE2: invalid UTF-8 is an error with its offset", arguments: invalid)
    func invalidUTF8(bytes: [UInt8], offset: Int) throws {
        let pattern = try Pattern("b")
        let error = try #require(throws: PatternError.self) {
            try bytes.withUnsafeBufferPointer { try pattern.firstMatchRange(in: $0, validUTF8: false) }
        }
        #expect(error.kind == .invalidUTF8)
        #expect(error.offset == offset)
    }

    @Test("a start outside the subject and a runaway match are errors, not crashes")
    func errors() throws {
        let bytes = Array("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!".utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            for start in [buffer.count + 1, -1] {
                #expect(throws: PatternError.self) {
                    try Pattern("a").firstMatchRange(in: buffer, from: start, validUTF8: true)
                }
            }
            let runaway = try Pattern(
                "^(a+)+$", limits: Pattern.Limits(matchLimit: 10_000, depthLimit: 10_000, heapLimit: 1024 * 1024))
            let error = try #require(throws: PatternError.self) {
                try runaway.firstMatchRange(in: buffer, validUTF8: true)
            }
            #expect(error.isLimit)
        }
    }
}

@Suite("Pattern.requiredBytes: bytes every match holds")
struct PatternRequiredBytesTests {
    static let subjects = [
        "zoë", "ZOË", "Zoe", "Straße", "STRASSE", "gauß", "GAUß", "café au lait", "e\u{301}clair", "👨‍👩‍👧 family",
        "Kelvin \u{212A}", "long ſ", "ab", "abk", "ABK", "x", "y", "",
    ]
    static let patterns = [
        "zoë", "(?i)zoë", "(?i)ZOË", "Gauß", "(?i)gauß", "(?i)abk", "(?i)abs", "a(?i)b", "é+", "(?i)é", "e\u{301}",
        "x|y", "ab*", "ab?c", #"\w+"#, #"^[0-9]+,\s*zoë"#, "(?i)kelvin k", "👨‍👩‍👧",
    ]

    @Test("every match holds one of the required bytes (in either case for a caseless pattern)", arguments: patterns)
    func sound(source: String) throws {
        for caseless in [false, true] {
            let pattern = try Pattern(source, options: caseless ? .caseInsensitive : [])
            let required = try pattern.requiredBytes()
            guard !required.isEmpty else { continue }
            for subject in Self.subjects where try pattern.hasMatch(in: subject) {
                #expect(subject.utf8.contains { required.contains($0) }, "/\(source)/ on \(subject)")
            }
        }
    }

    @Test("a literal has a required byte; alternatives and optional tails have none")
    func recorded() throws {
        #expect(try !Pattern("zoë").requiredBytes().isEmpty)
        #expect(try Pattern("x|y").requiredBytes().isEmpty)
        #expect(try Pattern("ab*").requiredBytes().isEmpty)
        let letters = try Pattern("(?i)zoe").requiredBytes()
        #expect(letters.count == 2 && Set(letters.map { $0 | 0x20 }).count == 1)  // both cases of one letter
    }
}
