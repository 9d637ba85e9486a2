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
            (#"{"email":"a\éb"}"#, #"invalid escape \\é at column 13"#),
            (#"{"email":"a\🙂"}"#, #"invalid escape \\🙂 at column 13"#),
            (#"{"email":"a\ß"}"#, #"invalid escape \\ß at column 13"#),
            (#"{é:1}"#, "expected a string, found 'é' at column 2"),
            (#"{"email":"a@b.org"}ẞ"#, "text after the object"),
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

    @Test(
        "a message shows the character after a backslash whole, and a byte that starts none in hex",
        arguments: [
            ([0x5C, 0xC3, 0xA9], #"invalid escape \é"#),
            ([0x5C, 0xF0, 0x9F, 0x99, 0x82], #"invalid escape \🙂"#),
            ([0x5C, 0xFF], "invalid escape: byte 0xff after a backslash"),
            ([0x5C, 0xC3], "invalid escape: byte 0xc3 after a backslash"),
            ([0x5C, 0xC2, 0x85], "invalid escape: byte 0xc2 after a backslash"),
            ([0x5C, 0x01], "invalid escape: byte 0x1 after a backslash"),
        ] as [([UInt8], String)])
    func escapedCharacterShownWhole(content: [UInt8], message: String) {
        let text: [UInt8] = [ASCII.quote] + content + [ASCII.quote]
        text.withUnsafeBufferPointer { bytes in
            var scanner = JSONScanner(bytes)
            do {
                _ = try scanner.scanString()
                Issue.record("no error")
            } catch let problem as JSONProblem {
                #expect(problem.message == message)
                #expect(problem.offset == 2)
            } catch {
                Issue.record(error)
            }
        }
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
