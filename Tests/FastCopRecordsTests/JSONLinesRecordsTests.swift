import Testing

@testable import FastCopRecords

@Suite("FastCopRecords: JSON Lines, read and written in process")
struct JSONLinesRecordsTests {
    @Test("only the rule's string is rewritten; nested values and other keys keep their bytes")
    func nestedValuesUntouched() throws {
        let input = #"{"email":" ADA@Example.org ","n":[1,{"a":"B","é":null}],"x":{"email":"KEEP"}}"# + "\n"
        let run = try RecordsFixture.run(input, format: .jsonl, rules: RecordsFixture.emailRules())
        #expect(run.cleanText == #"{"email":"ada@example.org","n":[1,{"a":"B","é":null}],"x":{"email":"KEEP"}}"# + "\n")
        #expect(run.rejects.isEmpty)
    }

    @Test(
        "a line that is not one JSON object is a malformed row, with the reason and the line kept",
        arguments: [
            ("[1,2]", "expected a JSON object '{', found '['"),
            (#""text""#, #"expected a JSON object '{', found '\"'"#),
            (#"{"email":"a@b.org""#, "expected ',' or '}', found the end of the text at column 19"),
            ("42", "expected a JSON object '{'"),
        ])
    func notAnObject(line: String, reason: String) throws {
        let input = line + "\n" + #"{"email":"c@d.org"}"# + "\n"
        let run = try RecordsFixture.run(input, format: .jsonl, rules: RecordsFixture.emailRules())
        #expect(run.summary.rows == 2)
        #expect(run.summary.malformed == 1)
        #expect(run.cleanText == #"{"email":"c@d.org"}"# + "\n")
        #expect(run.rejectsText.hasPrefix("{\"_raw\":"))
        #expect(run.rejectsText.contains(reason))
        #expect(run.rejectsText.contains(#""_row":1,"_line":1"#))
    }

    @Test("blank lines are skipped, and the line numbers still count them")
    func blankLines() throws {
        let input = "\n" + #"{"email":"bad"}"# + "\n\n\n" + #"{"email":"c@d.org"}"# + "\n"
        let records = try RecordsFixture.records(input, format: .jsonl)
        #expect(records.map(\.line) == [2, 5])
        let run = try RecordsFixture.run(input, format: .jsonl, rules: RecordsFixture.emailRules())
        #expect(run.summary.rows == 2)
        #expect(run.rejectsText.contains(#""_row":1,"_line":2"#))
    }

    @Test("invalid UTF-8 in a line rejects that line with the byte's place; the others go on")
    func invalidUTF8() throws {
        let input =
            Array(#"{"email":""#.utf8) + [0xFF] + Array(#"@d.org"}"#.utf8) + [0x0A]
            + Array(#"{"email":"Zoe@exemple.fr","nom":"Zoë"}"#.utf8) + [0x0A]
        let run = try RecordsFixture.run(input, format: .jsonl, rules: RecordsFixture.emailRules())
        #expect(run.summary.malformed == 1)
        #expect(run.rejectsText.contains("invalid UTF-8 at byte 11 of the row"))
        #expect(run.cleanText == #"{"email":"zoe@exemple.fr","nom":"Zoë"}"# + "\n")
    }

    @Test("a missing key fails as required; an object where a string is wanted cannot be judged")
    func missingAndUnusable() throws {
        let input = #"{"name":"Ada"}"# + "\n" + #"{"email":{"a":1}}"# + "\n"
        let run = try RecordsFixture.run(input, format: .jsonl, rules: RecordsFixture.emailRules())
        #expect(run.summary.rejected == 2)
        #expect(run.clean.isEmpty)
        #expect(run.rejectsText.split(separator: "\n").count == 2)
    }

    @Test("CRLF line endings are kept in the output")
    func crlf() throws {
        let run = try RecordsFixture.run(
            #"{"email":"A@B.ORG"}"# + "\r\n", format: .jsonl, rules: RecordsFixture.emailRules())
        #expect(run.cleanText == #"{"email":"a@b.org"}"# + "\r\n")
    }
}
