import Testing

@testable import FastCopRecords

@Suite("FastCopRecords: plain lines, read and written in process")
struct LinesRecordsTests {
    static let rules = #"{"fields": {"line": {"filters": ["trim"], "trials": ["email"], "message": "Invalid email"}}}"#

    @Test(
        "lines are cut at every newline, a CR before it or ending the input is the ending, blank lines are rows",
        arguments: [
            ("a\nb\n", ["a", "b"], [false, false]),
            ("a\r\nb\r\n", ["a", "b"], [true, true]),
            ("a\r\n\nlast", ["a", "", "last"], [true, false, false]),
            ("un\rcr\n", ["un\rcr"], [false]),
            ("a\nlast\r", ["a", "last"], [false, false]),
            ("a\nlast\r\r", ["a", "last\r"], [false, false]),
            ("日本語\nZoë", ["日本語", "Zoë"], [false, false]),
        ])
    func splitting(input: String, expected: [String], crlf: [Bool]) throws {
        let records = try RecordsFixture.records(input, format: .lines)
        #expect(records.map(\.text) == expected)
        #expect(records.map(\.crlf) == crlf)
        #expect(records.map(\.line) == Array(1...expected.count))
    }

    @Test("CRLF input gives CRLF output, and a last line without a newline gets one")
    func crlfAndNoFinalNewline() throws {
        let run = try RecordsFixture.run("ok@x.org\r\nbad\r\n last@x.org ", format: .lines, rules: Self.rules)
        #expect(run.cleanText == "ok@x.org\r\nlast@x.org\r\n")
        #expect(run.rejectsText == "2\tline\tInvalid email\tbad\r\n")
    }

    @Test("invalid UTF-8 rejects the line with its bytes kept as they were")
    func invalidUTF8() throws {
        let input: [UInt8] = Array("ok@x.org\n".utf8) + [0x61, 0xC3, 0x28, 0x0A] + Array("b@y.org\n".utf8)
        let run = try RecordsFixture.run(input, format: .lines, rules: Self.rules)
        #expect(run.summary.rows == 3)
        #expect(run.summary.malformed == 1)
        #expect(run.cleanText == "ok@x.org\nb@y.org\n")
        let reason = "invalid UTF-8 at byte 2 of the row \(UTF8Validation.encodingHint)"
        #expect(run.rejects == Array("2\t\t\(reason)\t".utf8) + [0x61, 0xC3, 0x28, 0x0A])
    }

    @Test(
        "a cleaned value that would not stay one line rejects its row with the reason, in both modes",
        arguments: [
            (#"{"replace": {"search": "n", "replacement": "\n"}}"#, "banana\nok\n"),
            (#"{"regexReplace": {"pattern": "a$", "replacement": "\r"}}"#, "banana\nok\n"),
        ])
    func lineBreakUnwritable(filter: String, input: String) throws {
        let rules = #"{"fields": {"line": {"filters": ["# + filter + #"]}}}"#
        let reason = "the cleaned value holds a line break, which a line cannot hold"
        let run = try RecordsFixture.run(input, format: .lines, rules: rules)
        #expect(run.cleanText == "ok\n")
        #expect(run.rejectsText == "1\tline\t\(reason)\tbanana\n")
        let piped = try RecordsFixture.run(input, format: .lines, rules: rules, mode: .lines)
        #expect(piped.cleanText == "rejected\tline\t\(reason)\tbanana\nok\tok\n")
        // A CR inside a line is data, and a CRLF file keeps a value's last CR before its ending.
        let kept = try RecordsFixture.run("ban\rana\r\n", format: .lines, rules: rules)
        #expect(kept.summary.rejected == (filter.contains("\\n") ? 1 : 0))
    }

    @Test("rules for plain lines must name the one field 'line'")
    func fieldMustBeLine() throws {
        #expect(throws: RecordsError.self) {
            try RecordsFixture.run("a\n", format: .lines, rules: RecordsFixture.emailRules())
        }
    }
}
