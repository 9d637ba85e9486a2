import Testing

@testable import FastCopRecords

@Suite("FastCopRecords: CSV dialects (delimiter, quote, no header) and TSV without quoting")
struct CSVDialectTests {
    static let semicolon = CSVDialect(delimiter: UInt8(ascii: ";"), quote: UInt8(ascii: "\""))
    static let trimRules = #"{"fields": {"nom": {"filters": ["trim", "uppercase"]}}}"#

    @Test(
        "a semicolon CSV keeps its dialect: quoted ';' read as data, values needing quotes quoted again",
        arguments: [
            // A quoted field holding the delimiter, a doubled quote and a line break.
            ("nom;ville\n\"  Dupont; Jean \";Besançon\n", "nom;ville\n\"DUPONT; JEAN\";Besançon\n"),
            ("nom;ville\n\" dit \"\"Zoë\"\"\";Orléans\n", "nom;ville\n\"DIT \"\"ZOË\"\"\";Orléans\n"),
            ("nom;ville\n\"a\nb \";Paris\n", "nom;ville\n\"A\nB\";Paris\n"),
            // A comma is data in a semicolon CSV: no quotes needed.
            ("nom;ville\n  Curie, Marie ;Paris\n", "nom;ville\nCURIE, MARIE;Paris\n"),
        ])
    func semicolon(input: String, expected: String) throws {
        let run = try RecordsFixture.run(input, format: .csv, dialect: Self.semicolon, rules: Self.trimRules)
        #expect(run.cleanText == expected)
        #expect(run.summary.rejected == 0)
    }

    @Test("a semicolon CSV's rejects are semicolon CSV, a malformed row kept whole in its first column")
    func semicolonRejects() throws {
        let rules = RecordsFixture.emailRules()
        let input = "email;n\nnope;1\na@b.co;2;3\n"
        let run = try RecordsFixture.run(input, format: .csv, dialect: Self.semicolon, rules: rules)
        #expect(
            run.rejectsText
                == "email;n;_row;_line;_field;_message\nnope;1;1;2;email;Invalid email\n"
                + "\"a@b.co;2;3\";;2;3;;malformed CSV: 3 fields, the header has 2\n")
    }

    @Test("a digit as the delimiter: the rejects' row and line numbers holding it are quoted")
    func digitDelimiter() throws {
        let rules = RecordsFixture.emailRules()
        let dialect = CSVDialect(delimiter: UInt8(ascii: "0"), quote: ASCII.quote)
        let input = "email0n\n" + String(repeating: "nope0x\n", count: 10)
        let run = try RecordsFixture.run(input, format: .csv, dialect: dialect, rules: rules)
        let lines = run.rejectsText.split(separator: "\n")
        #expect(lines.count == 11)
        #expect(lines[9] == "nope0x090\"10\"0email0Invalid email")
        #expect(lines[10] == "nope0x0\"10\"0110email0Invalid email")
    }

    @Test(
        "another quote character quotes and is doubled like '\"'; without quoting, quotes are data",
        arguments: [
            (
                CSVDialect(delimiter: ASCII.comma, quote: UInt8(ascii: "'")), "nom,n\n'O''Brien, Ann ',1\n\"Zoë\",2\n",
                "nom,n\n'O''BRIEN, ANN',1\n\"ZOË\",2\n"
            ),
            (
                CSVDialect(delimiter: UInt8(ascii: ";"), quote: nil), "nom;n\n \"Zoë\" 12\" ;1\n",
                "nom;n\n\"ZOË\" 12\";1\n"
            ),
        ])
    func otherQuoting(dialect: CSVDialect, input: String, expected: String) throws {
        let run = try RecordsFixture.run(input, format: .csv, dialect: dialect, rules: Self.trimRules)
        #expect(run.cleanText == expected)
        #expect(run.summary.rejected == 0)
    }

    @Test("without quoting, a cleaned value holding the delimiter rejects its row with the reason")
    func noQuotingUnwritable() throws {
        let dialect = CSVDialect(delimiter: UInt8(ascii: ";"), quote: nil)
        let rules = #"{"fields": {"nom": {"filters": [{"replace": {"search": ",", "replacement": ";"}}]}}}"#
        let run = try RecordsFixture.run("nom;n\nCurie, Marie;1\nAda;2\n", format: .csv, dialect: dialect, rules: rules)
        #expect(run.cleanText == "nom;n\nAda;2\n")
        #expect(run.summary.rejected == 1)
        #expect(
            run.rejectsText
                == "nom;n;_row;_line;_field;_message\nCurie, Marie;1;1;2;nom;"
                + "the cleaned value holds the delimiter (semicolon), which a file without quoting cannot hold\n")
        // A message is metadata: REJECTS is RFC 4180 (see `noQuotingRejects`), so a ';' in it is
        // quoted and kept, and the row keeps its columns (it was made a space before).
        let messageRules = #"{"fields": {"nom": {"trials": ["email"], "message": "not; an email"}}}"#
        let second = try RecordsFixture.run("nom;n\nAda;1\n", format: .csv, dialect: dialect, rules: messageRules)
        #expect(second.rejectsText.hasSuffix("\nAda;1;1;2;nom;\"not; an email\"\n"))
    }

    static let noQuotingCases: [(dialect: CSVDialect, input: String, rules: String, rejects: String)] = [
        // Too few and too many fields: kept whole in the first column, quoted, then padded.
        (
            CSVDialect(delimiter: ASCII.comma, quote: nil), "a,b,c\nx\n1,2,3,4\n", #"{"fields": {"a": {}}}"#,
            "a,b,c,_row,_line,_field,_message\n\"x\",,,1,2,,\"malformed CSV: 1 field, the header has 3\"\n"
                + "\"1,2,3,4\",,,2,3,,\"malformed CSV: 4 fields, the header has 3\"\n"
        ),
        // Quotes are data in the input, quoted and doubled in the rejects (the header's too).
        (
            CSVDialect(delimiter: UInt8(ascii: ";"), quote: nil), "\"item\";note\n12\" pipe;\"The\" Boss\nZoë;名前\n",
            #"{"fields": {"\"item\"": {"trials": ["email"]}}}"#,
            "\"\"\"item\"\"\";note;_row;_line;_field;_message\n"
                + "\"12\"\" pipe\";\"\"\"The\"\" Boss\";1;2;\"\"\"item\"\"\";invalid email\n"
                + "Zoë;名前;2;3;\"\"\"item\"\"\";invalid email\n"
        ),
        // A '"' delimiter quotes with "'".
        (
            CSVDialect(delimiter: ASCII.quote, quote: nil), "nom\"n\nZoë's\"1\"2\n'Ann'\"2\n",
            #"{"fields": {"nom": {"trials": ["email"]}}}"#,
            "nom\"n\"_row\"_line\"_field\"_message\n'Zoë''s\"1\"2'\"\"1\"2\"\"malformed CSV: 3 fields, the header has 2\n"
                + "'''Ann'''\"2\"2\"3\"nom\"invalid email\n"
        ),
        // No header, CRLF: a value cleaned to hold the delimiter rejects its row, written as it
        // was read.
        (
            CSVDialect(delimiter: UInt8(ascii: "|"), quote: nil, hasHeader: false), "Zoë, Ann|1\r\né|2|3\r\n",
            #"{"fields": {"1": {"filters": [{"replace": {"search": ",", "replacement": "|"}}]}}}"#,
            "Zoë, Ann|1|1|1|1|the cleaned value holds the delimiter (pipe), which a file without quoting cannot hold\r\n"
                + "\"é|2|3\"||2|2||malformed CSV: 3 fields, the first row has 2\r\n"
        ),
        // Two failing fields are joined with "; ", quoted in a ';' file (not made spaces).
        (
            CSVDialect(delimiter: UInt8(ascii: ";"), quote: nil), "mél;tél\nß;☎\n",
            #"{"fields": {"mél": {"trials": ["email"]}, "tél": {"trials": [{"format": "[0-9]+"}], "message": "digits, please"}}}"#,
            "mél;tél;_row;_line;_field;_message\nß;☎;1;2;\"mél; tél\";\"invalid email; digits, please\"\n"
        ),
    ]

    @Test(
        "without quoting, REJECTS is RFC 4180 with the same delimiter: the header's columns + 4, values kept",
        arguments: noQuotingCases)
    func noQuotingRejects(dialect: CSVDialect, input: String, rules: String, rejects: String) throws {
        let run = try RecordsFixture.run(input, format: .csv, dialect: dialect, rules: rules)
        #expect(run.rejectsText == rejects)
        #expect(run.summary.clean == 0)
    }

    @Test(
        "one column: an empty cleaned value is written \"\" where the dialect quotes, else its row is rejected",
        arguments: [
            (CSVDialect.csv, "code\nA1\nxx\n", "code\n1\n\"\"\n", 0),
            (CSVDialect(delimiter: ASCII.comma, quote: UInt8(ascii: "'")), "code\nxx\n", "code\n''\n", 0),
            (CSVDialect.tsv, "code\nA1\nxx\n", "code\n1\n", 1),
            (CSVDialect(delimiter: ASCII.comma, quote: nil), "code\nxx\nA1\n", "code\n1\n", 1),
        ])
    func oneColumnEmptyValue(dialect: CSVDialect, input: String, expected: String, rejected: Int) throws {
        let rules = #"{"fields": {"code": {"filters": ["digitsOnly"], "optional": true}}}"#
        let run = try RecordsFixture.run(input, format: .csv, dialect: dialect, rules: rules)
        #expect(run.cleanText == expected)
        #expect(run.summary.rejected == rejected)
        if rejected > 0 {
            #expect(
                run.rejectsText.contains(
                    "the cleaned value is empty: a one-column file without quoting would write a blank line (not a row)"
                ))
        }
        // Read back, the clean file has every clean row (none is a blank line).
        let again = try RecordsFixture.run(run.cleanText, format: .csv, dialect: dialect, rules: rules)
        #expect(again.summary.rows == run.summary.clean)
        #expect(again.cleanText == expected)
    }

    @Test(
        "TSV has no quoting: quotes are data, and \\t \\n \\r \\\\ are escapes (Miller's)",
        arguments: [
            ("a\tb\n12\" pipe\t\"The\" Boss\n", ["12\" pipe", "\"The\" Boss"]),
            ("a\tb\nx\\ty\tline\\nbreak\\r\n", ["x\ty", "line\nbreak\r"]),
            // A backslash before anything else is data; `\\t` is a backslash then `t`.
            ("a\tb\nC:\\data\tx\\\\ty\n", ["C:\\data", "x\\ty"]),
            ("a\tb\nZoë\t名前\n", ["Zoë", "名前"]),
        ])
    func tsvReading(input: String, values: [String]) throws {
        let records = try RecordsFixture.records(Array(input.utf8), format: .tsv, blockSize: 3)
        #expect(records.count == 2)
        let record = records[1].bytes
        var fields: [CSVField] = []
        try record.withUnsafeBufferPointer { bytes in
            try CSVFields.parse(bytes, dialect: .tsv, into: &fields)
            #expect(fields.map { CSVFields.value(of: $0, in: bytes, dialect: .tsv) } == values)
        }
    }

    @Test("TSV round trip: changed values are escaped again, untouched fields keep their bytes")
    func tsvRoundTrip() throws {
        let rules = #"{"fields": {"a": {"filters": ["uppercase"]}}}"#
        let input = "a\tb\n\"the\" boss\\tx\\\\y\\nz\tC:\\data \"q\"\n"
        let run = try RecordsFixture.run(input, format: .tsv, rules: rules)
        #expect(run.cleanText == "a\tb\n\"THE\" BOSS\\tX\\\\Y\\nZ\tC:\\data \"q\"\n")
        #expect(run.summary.malformed == 0)
    }

    @Test("a TSV row with the wrong number of fields is rejected, kept whole (tabs escaped) in one field")
    func tsvMalformed() throws {
        let run = try RecordsFixture.run(
            "email\tn\na@b.co\t1\textra\n", format: .tsv, rules: RecordsFixture.emailRules())
        #expect(run.summary.malformed == 1)
        #expect(
            run.rejectsText
                == "email\tn\t_row\t_line\t_field\t_message\n"
                + "a@b.co\\t1\\textra\t\t1\t2\t\tmalformed CSV: 3 fields, the header has 2\n")
    }

    @Test("without a header, columns are named 1, 2, 3… and the first row is data")
    func noHeader() throws {
        var dialect = Self.semicolon
        dialect.hasHeader = false
        let rules = #"{"fields": {"2": {"filters": ["trim", "lowercase"], "trials": ["email"]}}}"#
        let run = try RecordsFixture.run(
            "Zoë; ZOE@Example.FR \nAda;nope\n", format: .csv, dialect: dialect, rules: rules)
        #expect(run.cleanText == "Zoë;zoe@example.fr\n")
        #expect(run.rejectsText == "Ada;nope;2;2;2;invalid email\n")
        #expect(run.summary.rows == 2)
    }

    @Test("without a header, a rules field that is no position is an error that says how columns are named")
    func noHeaderMissingColumn() throws {
        var dialect = CSVDialect.csv
        dialect.hasHeader = false
        #expect {
            try RecordsFixture.run("a,b\n", format: .csv, dialect: dialect, rules: RecordsFixture.emailRules())
        } throws: { error in
            let message = (error as? RecordsError)?.message ?? ""
            return message.contains("columns: '1', '2'") && message.contains("named by position")
        }
    }
}
