import Testing

@Suite("fastcop clean/check: --delimiter, --quote, --no-header and TSV, through the binary")
struct DialectFlagsTests {
    static let emailRules = #"{"fields": {"email": {"filters": ["trim", "lowercase"], "trials": ["email"]}}}"#

    @Test("a European semicolon CSV is cleaned in its own dialect, in one command", arguments: [";", "semicolon"])
    func semicolon(delimiter: String) throws {
        try ToolRunner.withRunner { tool in
            try tool.write(
                "export.csv", "nom;email;ville\n\"Dupont; Jean\"; JEAN@Exemple.FR ;Besançon\nZoë;nope;Orléans\n")
            try tool.write("rules.json", Self.emailRules)
            let result = try tool.run([
                "clean", "export.csv", "-r", "rules.json", "-d", delimiter, "-o", "clean.csv", "--rejects",
                "rejects.csv", "-q",
            ])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(tool.read("clean.csv") == "nom;email;ville\n\"Dupont; Jean\";jean@exemple.fr;Besançon\n")
            #expect(
                tool.read("rejects.csv")
                    == "nom;email;ville;_row;_line;_field;_message\nZoë;nope;Orléans;2;3;email;invalid email\n")
        }
    }

    @Test("--quote sets the quote character; --quote none reads quotes as data")
    func quote() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.csv", "email|n\n'A@B.CO'|'x|y'\n")
            try tool.write("rules.json", Self.emailRules)
            let quoted = try tool.run([
                "clean", "in.csv", "-r", "rules.json", "-d", "|", "--quote", "'", "-q", "--discard-rejects",
            ])
            #expect(quoted.status == 0, "\(quoted.stderr)")
            #expect(quoted.stdout == "email|n\na@b.co|'x|y'\n")
            try tool.write("plain.csv", "email;n\n A@B.CO ;12\" pipe\n")
            let plain = try tool.run([
                "clean", "plain.csv", "-r", "rules.json", "-d", ";", "--quote", "none", "-q", "--discard-rejects",
            ])
            #expect(plain.status == 0, "\(plain.stderr)")
            #expect(plain.stdout == "email;n\na@b.co;12\" pipe\n")
        }
    }

    static let noQuotingCases: [(delimiter: String, input: String, rules: String, clean: String, rejects: [[String]])] =
        [
            // Too few and too many fields: the whole row in the first column, the metadata under its names.
            (
                ",", "a,b,c\nx\n1,2,3,4\n", #"{"fields": {"a": {}}}"#, "a,b,c\n",
                [
                    ["a", "b", "c", "_row", "_line", "_field", "_message"],
                    ["x", "", "", "1", "2", "", "malformed CSV: 1 field, the header has 3"],
                    ["1,2,3,4", "", "", "2", "3", "", "malformed CSV: 4 fields, the header has 3"],
                ]
            ),
            // Quotes are data: each value comes back as it was, a message keeps its ';'.
            (
                ";", "item;note\n12\" pipe;\"The\" Boss\n\"Zoë\";名前;x\n",
                #"{"fields": {"item": {"trials": ["email"], "message": "not; an email"}}}"#, "item;note\n",
                [
                    ["item", "note", "_row", "_line", "_field", "_message"],
                    ["12\" pipe", "\"The\" Boss", "1", "2", "item", "not; an email"],
                    ["\"Zoë\";名前;x", "", "2", "3", "", "malformed CSV: 3 fields, the header has 2"],
                ]
            ),
            // A filter that makes a value hold the delimiter rejects the row, written as read.
            (
                "|", "nom|ville\nCurie, Marie|Besançon\nÉmile \"Zola\"|Paris\n",
                #"{"fields": {"nom": {"filters": [{"replace": {"search": ",", "replacement": "|"}}]}}}"#,
                "nom|ville\nÉmile \"Zola\"|Paris\n",
                [
                    ["nom", "ville", "_row", "_line", "_field", "_message"],
                    [
                        "Curie, Marie", "Besançon", "1", "2", "nom",
                        "the cleaned value holds the delimiter (pipe), which a file without quoting cannot hold",
                    ],
                ]
            ),
        ]

    @Test(
        "--quote none: REJECTS is RFC 4180 with the delimiter, each row the header's columns + 4 read back exactly",
        arguments: noQuotingCases)
    func noQuotingRejects(delimiter: String, input: String, rules: String, clean: String, rejects: [[String]]) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.csv", input)
            try tool.write("rules.json", rules)
            let result = try tool.run([
                "clean", "in.csv", "-r", "rules.json", "-d", delimiter, "--quote", "none", "-o", "out.csv", "-q",
            ])
            #expect(result.status == 1, "\(result.stderr)")
            // CLEAN keeps the input's dialect: quotes are data, nothing is quoted.
            #expect(tool.read("out.csv") == clean)
            let records = CSVTestParser.records(tool.read("out.rejects.csv") ?? "", delimiter: Character(delimiter))
            #expect(records == rejects)
            #expect(records.allSatisfy { $0.count == rejects[0].count })
        }
    }

    @Test("--no-header: columns are named 1, 2, 3… for clean and check, and no header is written")
    func noHeader() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.csv", "Ada; ADA@X.CO\nBob;bob\n")
            try tool.write(
                "rules.json", #"{"fields": {"2": {"filters": ["trim", "lowercase"], "trials": ["email"]}}}"#)
            let clean = try tool.run([
                "clean", "in.csv", "-r", "rules.json", "-d", ";", "--no-header", "-o", "clean.csv", "--rejects",
                "rejects.csv", "-q",
            ])
            #expect(clean.status == 1, "\(clean.stderr)")
            #expect(tool.read("clean.csv") == "Ada;ada@x.co\n")
            #expect(tool.read("rejects.csv") == "Bob;bob;2;2;2;invalid email\n")
            let check = try tool.run(["check", "in.csv", "-d", ";", "--no-header", "--email", "-c", "2"])
            #expect(check.status == 1)
            #expect(
                check.stdout
                    == "row 1, line 1: 2: invalid email (\" ADA@X.CO\")\nrow 2, line 2: 2: invalid email (\"bob\")\n2 of 2 rows invalid\n"
            )
        }
    }

    @Test(
        "--no-header: a row of another width is counted against the first row, in field or fields",
        arguments: [
            ("Zoë;1;2\nß\n", "\"ß\";;;2;2;;malformed CSV: 1 field, the first row has 3\n"),
            ("é\nß;1;2\n", "\"ß;1;2\";2;2;;malformed CSV: 3 fields, the first row has 1\n"),
            ("é;1\nß;1;2\n", "\"ß;1;2\";;2;2;;malformed CSV: 3 fields, the first row has 2\n"),
        ])
    func noHeaderWidths(input: String, reject: String) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.csv", input)
            try tool.write("rules.json", #"{"fields": {"1": {}}}"#)
            let result = try tool.run([
                "clean", "in.csv", "-r", "rules.json", "-d", ";", "--no-header", "-o", "clean.csv", "--rejects",
                "rejects.csv", "-q",
            ])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(tool.read("rejects.csv") == reject)
        }
    }

    @Test("TSV: quotes are data and backslash escapes round-trip (the same command before read them as malformed CSV)")
    func tsv() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.tsv", "item\tnote\n 12\" PIPE \t\"The\" Boss\\tsays\\\\hi\n")
            try tool.write("rules.json", #"{"fields": {"item": {"filters": ["trim", "lowercase"]}}}"#)
            let result = try tool.run(["clean", "in.tsv", "-r", "rules.json", "-q", "--discard-rejects"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "item\tnote\n12\" pipe\t\"The\" Boss\\tsays\\\\hi\n")
            let check = try tool.run(["check", "in.tsv", "-e", ".*Boss\\tsays\\\\hi", "-c", "note"])
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        }
    }

    static let usageErrors: [(arguments: [String], message: String)] = [
        (["-d", "::"], "--delimiter takes one ASCII character (or tab, space, comma, semicolon, pipe), not '::'"),
        (["-d", "é"], "--delimiter takes one ASCII character"),
        (["-d", ";", "--quote", ";"], "--delimiter and --quote cannot be the same character"),
        (["-f", "tsv", "--quote", "'"], "TSV is tab-separated without quoting; for another delimiter or quoting"),
        (["-f", "tsv", "-d", ";"], "TSV is tab-separated without quoting"),
        (
            ["-f", "jsonl", "--no-header"],
            "--delimiter, --quote, --no-header and --strict-quotes are for CSV and TSV input, not jsonl"
        ),
        (["-f", "tsv", "--strict-quotes"], "--strict-quotes is for CSV with quoting; without quoting (TSV)"),
        (["--quote", "none", "--strict-quotes"], "without quoting (--quote none) every quote is data"),
    ]

    @Test("a dialect option that cannot apply is a usage error (status 2) saying why", arguments: usageErrors)
    func usage(arguments: [String], message: String) throws {
        try ToolRunner.withRunner { tool in
            let result = try tool.run(["clean", "in.csv", "-r", "rules.json"] + arguments)
            #expect(result.status == 2)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }
}
