import Testing

@testable import FastCopRecords

@Suite("FastCopRecords: the row pipeline, in process")
struct RowPipelineTests {
    static let rules = #"""
        {"fields": {
          "email": {"filters": ["trim", "lowercase"], "trials": ["email"], "message": "Invalid email"},
          "n": {"trials": [{"format": "[0-9]+"}], "message": "Not a number"}
        }}
        """#

    /// CSV rows of every kind a hostile file holds, each line one row (malformed: the wrong field
    /// count, invalid UTF-8, the unbalanced quote).
    static let hostileRows: [[UInt8]] = [
        Array("ada@example.com,1".utf8),
        Array(" BOB@Example.org ,2".utf8),
        Array("not-an-email,3".utf8),
        Array("c@d.org,x".utf8),
        Array("too,many,fields".utf8),
        [0x65, 0xFF, 0x40, 0x78, 0x2E, 0x6F, 0x72, 0x67, 0x2C, 0x35],  // invalid UTF-8
        Array("nul\u{0}@x.org,6".utf8),
        Array("\"quoted@x.org\",7".utf8),
        Array("zoë@exemple.fr,8".utf8),
        Array(String(repeating: "a", count: 10_000).utf8) + Array("@x.org,9".utf8),
        // A quote never closed: no later row has a quote, so it is cut at the end of its line
        // and the rows after it are read as rows.
        Array("\"unbalanced@x.org,4".utf8),
        Array("after@x.org,10".utf8),
    ]

    @Test("on hostile input every row comes out once: clean plus rejected is rows in")
    func rowsAreConserved() throws {
        var input = Array("email,n\n".utf8)
        for row in Self.hostileRows { input += row + [0x0A] }
        let run = try RecordsFixture.run(input, format: .csv, rules: Self.rules)
        #expect(run.summary.rows == Self.hostileRows.count)
        #expect(run.summary.clean + run.summary.rejected == run.summary.rows)
        let cleanLines = run.cleanText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(cleanLines.count - 1 == run.summary.clean)
        #expect(cleanLines.first == "email,n")
        #expect(cleanLines.dropFirst().first == "ada@example.com,1")
        #expect(run.summary.malformed == 3)
        #expect(cleanLines.last == "after@x.org,10")
    }

    @Test("in lines mode each input row gets exactly one answer line, in input order")
    func linesModeAnswersEveryRow() throws {
        var input = Array("email,n\n".utf8)
        for row in Self.hostileRows { input += row + [0x0A] }
        let run = try RecordsFixture.run(input, format: .csv, rules: Self.rules, mode: .lines)
        let answers = run.clean.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
        #expect(answers.count == Self.hostileRows.count)
        let kinds = answers.map { String(decoding: $0.prefix(while: { $0 != 0x09 }), as: UTF8.self) }
        #expect(kinds.prefix(4) == ["ok", "ok", "rejected", "rejected"])
        #expect(Set(kinds) == ["ok", "rejected"])
        #expect(kinds.filter { $0 == "ok" }.count == run.summary.clean)
        #expect(run.rejects.isEmpty)
    }

    @Test("in lines mode a CSV record ends at its line's end: one answer per input line, none over two lines")
    func linesModeOneLinePerRecord() throws {
        let input = "email,n\n\"ada@x.org\nrest\",1\nbo@y.org,2\n\"C@z.org \",3\n"
        let piped = try RecordsFixture.run(input, format: .csv, rules: Self.rules, mode: .lines)
        #expect(
            piped.cleanText
                == "rejected\t\t\(RecordProblem.unterminatedQuote)\t\"ada@x.org\n"
                + "rejected\t\t\(RecordProblem.continuesQuotedField)\trest\",1\n"
                + "ok\tbo@y.org,2\nok\tc@z.org,3\n")
        // Split mode keeps RFC 4180's record over two lines.
        let split = try RecordsFixture.run(input, format: .csv, rules: Self.rules)
        #expect(split.summary.rows == 3)
        // A cleaned value holding a line break cannot be answered on one line.
        let rules = #"{"fields": {"n": {"filters": [{"replace": {"search": "-", "replacement": "\n"}}]}}}"#
        let broken = try RecordsFixture.run("email,n\na@b.co,1-2\n", format: .csv, rules: rules, mode: .lines)
        #expect(
            broken.cleanText
                == "rejected\tn\tthe cleaned value holds a line break: --output-mode lines writes each row on one line"
                + "\ta@b.co,1-2\n")
    }

    @Test("output keeps input order across blocks and workers")
    func orderIsKept() throws {
        let count = 170_000
        var input = Array("email,n\n".utf8)
        input.reserveCapacity(count * 32)
        for index in 0..<count {
            input += Array((index % 7 == 0 ? "bad-\(index),\(index)\n" : "User\(index)@Example.com,\(index)\n").utf8)
        }
        #expect(input.count > 4 * 1024 * 1024, "the input spans more than one block")
        let run = try RecordsFixture.run(input, format: .csv, rules: Self.rules)
        #expect(run.summary.rows == count)
        #expect(run.summary.rejected == (count + 6) / 7)
        var expected = Array("email,n\n".utf8)
        expected.reserveCapacity(input.count)
        for index in 0..<count where index % 7 != 0 { expected += Array("user\(index)@example.com,\(index)\n".utf8) }
        #expect(run.clean == expected)
        let rejectedRows = run.rejectsText.split(separator: "\n").dropFirst().map { $0.prefix { $0 != "," } }
        #expect(rejectedRows == stride(from: 0, to: count, by: 7).map { "bad-\($0)"[...] })
    }

    @Test(
        "--strict in a later block: the rows written are the first rows in order, none from the stop on, with 1 and 2 workers",
        arguments: [1, 2])
    func strictStopInLaterBlock(workers: Int) throws {
        let count = 60_000
        let stop = 50_000
        var input = Array("email,n\n".utf8)
        var expected = input
        for index in 0..<count {
            let row = "user\(index)@example.com,\(index)" + (index == stop ? ",extra\n" : "\n")
            input += Array(row.utf8)
            if index < stop { expected += Array(row.utf8) }
        }
        #expect(input.count > 1024 * 1024, "the input spans several blocks")
        let clean = OutputSink.memory(name: "clean")
        let pipeline = RowPipeline(
            input: .memory(input, name: "input"), format: .csv,
            rules: try RulesLoader.compile(Array(Self.rules.utf8), name: "rules.json"),
            mode: .split, strict: true, clean: clean, rejects: .discard, progress: nil, workers: workers)
        #expect {
            _ = try pipeline.run()
        } throws: { error in
            "\(error)".contains("input: line \(stop + 2): malformed CSV: 3 fields")
                && "\(error)".hasSuffix("(stopped by --strict)")
        }
        #expect(clean.contents.count > 128 * 1024, "the rows of the blocks before the stop are written")
        #expect(expected.starts(with: clean.contents), "in input order, with nothing from the stop on")
        #expect(clean.contents.last == 0x0A, "whole rows")
        // Every row before the stop, those in the stopping row's own task too (a prefix that
        // ended at a task boundary depended on how the rows were cut into tasks).
        #expect(clean.contents.count == expected.count, "every row before the stop")
    }

    @Test("report mode writes one line per invalid row and no clean output")
    func reportMode() throws {
        let run = try RecordsFixture.run(
            "email,n\nada@example.com,1\nnope,2\n", format: .csv, rules: Self.rules, mode: .report)
        #expect(run.clean.isEmpty)
        #expect(run.summary.rejected == 1)
        #expect(run.rejectsText.split(separator: "\n").count == 1)
    }

    @Test("an empty input is zero rows, not an error")
    func emptyInput() throws {
        for format in InputFormat.allCases {
            let run = try RecordsFixture.run([], format: format, rules: Self.rules)
            #expect(run.summary.rows == 0)
            #expect(run.clean.isEmpty)
        }
    }

    /// Field names and messages longer than a `String` holds inline (16 bytes), not ASCII: the
    /// rejects carry them from the rules' own texts (FailureTexts), in every mode and format.
    static let longTextRules = #"""
        {"fields": {
          "customer_email_address": {"filters": ["trim"],
            "trials": [{"email": "swiftcop", "message": "is not a valid e-mail address (RFC 5322)"}]},
          "téléphone_portable": {"message": "le numéro manque entièrement",
            "trials": [{"format": "[0-9]{10}", "message": "numéro de téléphone invalide — chiffres seulement"}]}
        }}
        """#

    @Test("long and non-ASCII field names and messages come out whole in every mode")
    func longNamesAndMessages() throws {
        let input = "customer_email_address,téléphone_portable\nx@y.org,0612345678\nbad,0612\n,abc\na@b.org,\n"
        let email = "is not a valid e-mail address (RFC 5322)"
        let phone = "numéro de téléphone invalide — chiffres seulement"
        let both = "customer_email_address; téléphone_portable"
        let split = try RecordsFixture.run(input, format: .csv, rules: Self.longTextRules)
        #expect(
            split.rejectsText
                == "customer_email_address,téléphone_portable,_row,_line,_field,_message\n"
                + "bad,0612,2,3,\(both),\(email); \(phone)\n"
                + ",abc,3,4,\(both),is required; \(phone)\n"
                + "a@b.org,,4,5,téléphone_portable,le numéro manque entièrement\n")
        let piped = try RecordsFixture.run(input, format: .csv, rules: Self.longTextRules, mode: .lines)
        #expect(
            piped.cleanText
                == "ok\tx@y.org,0612345678\nrejected\t\(both)\t\(email); \(phone)\tbad,0612\n"
                + "rejected\t\(both)\tis required; \(phone)\t,abc\n"
                + "rejected\ttéléphone_portable\tle numéro manque entièrement\ta@b.org,\n")
        let report = try RecordsFixture.run(input, format: .csv, rules: Self.longTextRules, mode: .report)
        #expect(
            report.rejectsText
                == "row 2, line 3: customer_email_address: \(email) (\"bad\"); téléphone_portable: \(phone) (\"0612\")\n"
                + "row 3, line 4: customer_email_address: is required (\"\"); téléphone_portable: \(phone) (\"abc\")\n"
                + "row 4, line 5: téléphone_portable: le numéro manque entièrement (\"\")\n")
        let json = try RecordsFixture.run(
            #"{"customer_email_address":"bad","téléphone_portable":"0612"}"# + "\n", format: .jsonl,
            rules: Self.longTextRules)
        #expect(
            json.rejectsText
                == #"{"customer_email_address":"bad","téléphone_portable":"0612","_row":1,"_line":1,"_errors":["#
                + #"{"field":"customer_email_address","message":"\#(email)"},"#
                + #"{"field":"téléphone_portable","message":"\#(phone)"}]}"# + "\n")
        #expect(
            split.summary.examples.first?.reasons == "customer_email_address: \(email); téléphone_portable: \(phone)")
    }
}
