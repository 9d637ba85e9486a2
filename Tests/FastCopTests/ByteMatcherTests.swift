import Testing

@testable import FastCop

@Suite("ByteMatcher: the pattern's byte search, looked up once")
struct ByteMatcherTests {
    @Test(
        "finds what Pattern.firstMatchRange finds, from every start",
        arguments: PatternByteSearchTests.cases)
    func sameMatches(_ test: PatternByteSearchTests.Case) throws {
        let pattern = try Pattern(test.pattern, options: test.options)
        let matcher = try ByteMatcher(pattern, whole: test.whole)
        let bytes = Array(test.subject.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            #expect(try matcher.firstMatchRange(in: buffer, from: test.start, validUTF8: true) == test.expected)
            // Every start on a character boundary, checked and unchecked.
            for start in 0...buffer.count where start == buffer.count || buffer[start] & 0xC0 != 0x80 {
                for validUTF8 in [true, false] {
                    let expected = try pattern.firstMatchRange(
                        in: buffer, from: start, whole: test.whole, validUTF8: validUTF8)
                    #expect(try matcher.firstMatchRange(in: buffer, from: start, validUTF8: validUTF8) == expected)
                }
            }
        }
    }

    @Test("invalid UTF-8, a start outside the subject and a runaway match are the pattern's errors")
    func errors() throws {
        let matcher = try ByteMatcher(Pattern("b"))
        let invalid = try #require(throws: PatternError.self) {
            try [0x61, 0xFF, 0x62].withUnsafeBufferPointer { try matcher.firstMatchRange(in: $0, validUTF8: false) }
        }
        #expect(invalid.kind == .invalidUTF8 && invalid.offset == 1 && invalid.pattern == "b")
        let bytes = Array("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!".utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            #expect(throws: PatternError.self) {
                try matcher.firstMatchRange(in: buffer, from: buffer.count + 1, validUTF8: true)
            }
            let runaway = try ByteMatcher(
                Pattern(
                    "^(a+)+$", limits: Pattern.Limits(matchLimit: 10_000, depthLimit: 10_000, heapLimit: 1024 * 1024)))
            let error = try #require(throws: PatternError.self) {
                try runaway.firstMatchRange(in: buffer, validUTF8: true)
            }
            #expect(error.isLimit)
        }
    }
}
