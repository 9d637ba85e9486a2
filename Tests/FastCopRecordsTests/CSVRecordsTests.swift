import Testing

@testable import FastCopRecords

@Suite("FastCopRecords: CSV and TSV, read and written in process")
struct CSVRecordsTests {
    @Test(
        "records are cut where RFC 4180 says, whatever the block size",
        arguments: [
            ("a,b\n1,2\n", ["a,b", "1,2"], [1, 2]),
            // A quoted field holds the delimiter, a doubled quote and a line break.
            ("a,b\n\"x, \"\"y\"\"\nz\",2\n3,4\n", ["a,b", "\"x, \"\"y\"\"\nz\",2", "3,4"], [1, 2, 4]),
            // No final line ending; non-ASCII text.
            ("名前,ville\nZoë,Besançon", ["名前,ville", "Zoë,Besançon"], [1, 2]),
            // Blank lines are not records in CSV.
            ("a\n\n1\n", ["a", "1"], [1, 3]),
        ])
    func splitting(input: String, expected: [String], lines: [Int]) throws {
        for blockSize in [1, 3, 64] {
            let records = try RecordsFixture.records(Array(input.utf8), format: .csv, blockSize: blockSize)
            #expect(records.map(\.text) == expected)
            #expect(records.map(\.line) == lines)
            #expect(records.allSatisfy { $0.problem == nil })
        }
    }

    @Test("CRLF line endings are not part of the record, and are remembered")
    func crlf() throws {
        let records = try RecordsFixture.records("a,b\r\n\"1\r\n2\",3\r\n", format: .csv)
        #expect(records.map(\.text) == ["a,b", "\"1\r\n2\",3"])
        #expect(records.map(\.crlf) == [true, true])
        let run = try RecordsFixture.run(
            "email,n\r\n Ada@Example.COM ,1\r\nnot-an-email,2\r\n", format: .csv, rules: RecordsFixture.emailRules())
        #expect(run.cleanText == "email,n\r\nada@example.com,1\r\n")
        #expect(run.rejectsText.hasSuffix("\r\n"))
        #expect(!run.rejectsText.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test("a UTF-8 byte order mark is skipped, and written back at the head of both outputs")
    func byteOrderMark() throws {
        let input: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("email\nada@example.com\nbad\n".utf8)
        let records = try RecordsFixture.records(input, format: .csv, blockSize: 2)
        #expect(records.map(\.text) == ["email", "ada@example.com", "bad"])
        let run = try RecordsFixture.run(input, format: .csv, rules: RecordsFixture.emailRules())
        #expect(run.clean == [0xEF, 0xBB, 0xBF] + Array("email\nada@example.com\n".utf8))
        #expect(run.rejects.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(run.summary.rows == 2)
    }

    @Test("a byte order mark after the first line is data, whatever the block size")
    func byteOrderMarkAfterFirstLine() throws {
        // A first block too short to tell (a blank line) is split before the mark arrives.
        let input: [UInt8] = Array("\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("name\nx\n".utf8)
        for blockSize in [1, 2, 3, 64] {
            let records = try RecordsFixture.records(
                input, format: .lines, blockSize: blockSize, answeringEveryLine: true)
            #expect(records.map(\.text) == ["", "\u{FEFF}name", "x"], "blocks of \(blockSize)")
        }
    }

    @Test("quoted values are read unquoted and written back quoted when they need it")
    func quoting() throws {
        let input = "name,email\n\"Hopper, Grace\",\" G.Hopper@Navy.mil \"\n"
        let run = try RecordsFixture.run(input, format: .csv, rules: RecordsFixture.emailRules())
        #expect(run.cleanText == "name,email\n\"Hopper, Grace\",g.hopper@navy.mil\n")
        #expect(run.summary.rejected == 0)
    }

    @Test(
        "a malformed row is rejected with its reason, and the rows after it are read",
        arguments: [
            ("email,n\nada@example.com,1,extra\nbob@example.com,2\n", "malformed CSV: 3 fields, the header has 2"),
            ("email,n\n\"ada@example.com,1\nbob@example.com,2\n", "quoted field not closed"),
        ])
    func malformedRow(input: String, reason: String) throws {
        let run = try RecordsFixture.run(input, format: .csv, rules: RecordsFixture.emailRules())
        #expect(run.summary.malformed == 1)
        #expect(run.cleanText == "email,n\nbob@example.com,2\n")
        #expect(run.rejectsText.contains(reason))
    }

    @Test("an unbalanced quote is a problem the splitter reports, cut at the end of its line")
    func unbalancedQuote() throws {
        let records = try RecordsFixture.records("a\n\"open,1\n2\n", format: .csv)
        #expect(records.map(\.text) == ["a", "\"open,1", "2"])
        #expect(records[1].problem == .unterminatedQuote)
        #expect(records[2].problem == nil)
    }

    @Test("invalid UTF-8 rejects the row, not the run; the bytes are kept as they were")
    func invalidUTF8() throws {
        let input = Array("email,n\n".utf8) + [0x61, 0xFF, 0x40, 0x62, 0x2C, 0x31, 0x0A] + Array("c@d.org,2\n".utf8)
        let run = try RecordsFixture.run(input, format: .csv, rules: RecordsFixture.emailRules())
        #expect(run.summary.rows == 2)
        #expect(run.summary.malformed == 1)
        #expect(run.cleanText == "email,n\nc@d.org,2\n")
        #expect(run.rejectsText.contains("UTF-8"))
        #expect(run.rejects.firstRange(of: [0x61, 0xFF, 0x40, 0x62]) != nil)
    }

    @Test("strict mode stops at the first malformed row, naming the input and the line")
    func strict() throws {
        #expect {
            try RecordsFixture.run("email,n\na,1,2\n", format: .csv, rules: RecordsFixture.emailRules(), strict: true)
        } throws: { error in
            let message = (error as? RecordsError)?.message ?? ""
            return message.hasPrefix("input: line 2") && message.hasSuffix("(stopped by --strict)")
        }
    }

    @Test("a header without a column the rules require is an error before any row")
    func missingColumn() throws {
        #expect {
            try RecordsFixture.run("name,n\nAda,1\n", format: .csv, rules: RecordsFixture.emailRules())
        } throws: { error in
            ((error as? RecordsError)?.message ?? "").hasPrefix("input: ")
        }
    }

    @Test("TSV: tabs between fields")
    func tsv() throws {
        let run = try RecordsFixture.run(
            "email\tname\n ADA@example.com\tAda Lovelace\nnope\tX\n", format: .tsv, rules: RecordsFixture.emailRules())
        #expect(run.cleanText == "email\tname\nada@example.com\tAda Lovelace\n")
        #expect(run.summary.rejected == 1)
    }

    @Test(
        "a record longer than the limit is refused however the blocks fall, one at the limit is read",
        arguments: [1, 7, 64, 1000])
    func recordLimit(blockSize: Int) throws {
        let limit = 1000
        func read(_ length: Int) throws -> Int {
            let text = "a,b\n" + String(repeating: "é", count: length / 2) + ",1\nx,2\n"
            let reader = RecordReader(
                source: .memory(Array(text.utf8), name: "input"), splitter: InputFormat.csv.makeSplitter(dialect: nil),
                blockSize: blockSize, maxRecordBytes: limit)
            var records = 0
            while let block = try reader.next() { records += block.records.count }
            return records
        }
        #expect(try read(limit - 4) == 3)
        #expect {
            _ = try read(limit + 600)
        } throws: { error in
            ((error as? RecordsError)?.message ?? "").contains("line 2 is longer than")
        }
    }
}
