import Testing

@Suite("fastcop clean: the rules file and its errors")
struct RulesFileTests {
    static let mistakes: [(rules: String, message: String)] = [
        (
            #"{"fields": {"phone": {"trials": [{"format": "\\+?[0-9]{7,15}("}]}}}"#,
            "rules.json:1:34: fields.phone.trials[0]: the pattern does not compile:\n\\+?[0-9]{7,15}(\n               ^\nmissing closing parenthesis at offset 15"
        ),
        (
            #"{"fields": {"a": {"filters": [{"regexReplace": {"pattern": "(x", "replacement": ""}}]}}}"#,
            "rules.json:1:31: fields.a.filters[0]: the pattern does not compile:\n(x\n  ^\nmissing closing parenthesis at offset 2"
        ),
        (
            #"{"fields": {"a": {"filters": [{"regexReplace": {"pattern": "x", "replacement": "$3"}}]}}}"#,
            "fields.a.filters[0]"
        ),
        (
            #"{"fields": {"a": {"filters": ["trimm"]}}}"#,
            #"rules.json:1:31: fields.a.filters[0]: unknown filter "trimm""#
        ),
        (
            #"{"fields": {"a": {"trials": ["emial"]}}}"#,
            #"fields.a.trials[0]: unknown trial "emial" (known: email, format"#
        ),
        (#"{"fields": {"a": {"trials": "email"}}}"#, "fields.a.trials: expected an array, found a string"),
        (#"{"fields": {"a": {"filter": ["trim"]}}}"#, #"fields.a.filter: unknown key "filter""#),
        (#"{"fields": {"a": {"optional": "yes"}}}"#, "fields.a.optional: expected true or false, found a string"),
        (
            #"{"fields": {"a": {"trials": [{"length": {"in": [5, 2]}}]}}}"#,
            "fields.a.trials[0].length.in: the lowest length is above the highest"
        ),
        (#"{"fields": {"a": {"trials": [{"length": {"minimum": -1}}]}}}"#, "expected a whole number of characters"),
        (
            #"{"fields": {"a": {"trials": [{"format": "x", "email": true}]}}}"#,
            "fields.a.trials[0]: a trial is a name or an object with one key"
        ),
        (#"{"fields": {}}"#, "fields: no fields"),
        (#"{"fields": {"a": {}, "a": {}}}"#, #"rules.json:1:27: fields.a: field "a" is named twice"#),
        (#"{"rules": {}}"#, #"rules: unknown key "rules""#),
        (#"{"": 1, "fields": {}}"#, #"rules.json:1:6: unknown key "" (known: fields, primaryKey, missingValues)"#),
        (#"{"fields": {"a": {"": 1}}}"#, #"fields.a: unknown key "" (known: filters"#),
        ("{\"fields\": {\"a\": {}},\n  }", "rules.json:2:3: invalid JSON: expected a string"),
        (#"{"fields": {"a": {"filters": ["replace"]}}}"#, #""replace" needs parameters"#),
    ]

    @Test("a mistake in the rules is reported with its place, before any row is read", arguments: mistakes)
    func reportsMistake(rules: String, message: String) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", rules)
            try tool.write("in.csv", "a,phone\nx,1\n")
            let result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--rejects", "rejects.csv",
            ])
            #expect(result.status == 2)
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(tool.listing() == ["in.csv", "rules.json"])
        }
    }

    @Test("a broken pattern is reported even when the input is missing (rules come first)")
    func rulesBeforeInput() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"a": {"trials": [{"format": "[a-"}]}}}"#)
            let result = try tool.run(["clean", "missing.csv", "--rules", "rules.json", "--discard-rejects"])
            #expect(result.status == 2)
            #expect(result.stderr.contains("fields.a.trials[0]"))
        }
    }

    @Test("a rule field that is not a column is an error unless optional")
    func missingColumn() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.csv", "name,mail\nAda,a@b.co\n")
            try tool.write("rules.json", #"{"fields": {"email": {"trials": ["email"]}}}"#)
            var result = try tool.run(["clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv"])
            #expect(result.status == 2)
            #expect(
                result.stderr.contains("the rules name field 'email', which is not a column (columns: 'name', 'mail')"))
            #expect(!tool.exists("clean.csv"))
            try tool.write("rules.json", #"{"fields": {"email": {"trials": ["email"], "optional": true}}}"#)
            result = try tool.run(["clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv"])
            #expect(result.status == 0)
            // A header whose line ends with CR alone after LF line ends elsewhere: the names show
            // the CR, and a hint.
            try tool.write("cr.csv", "name,email\rAda,a@b.co\n")
            try tool.write("rules.json", #"{"fields": {"email": {"trials": ["email"]}}}"#)
            result = try tool.run(["clean", "cr.csv", "--rules", "rules.json", "-o", "clean.csv"])
            #expect(result.status == 2)
            #expect(result.stderr.contains(#"(columns: 'name', 'email\rAda', 'a@b.co')"#), "\(result.stderr)")
            #expect(result.stderr.contains("if the lines end with CR alone, make them LF or CRLF first"))
        }
    }

    static let trialCases: [(trial: String, value: String, passes: Bool)] = [
        (#""email""#, "ada@example.com", true),
        (#""email""#, "ada@example", false),
        (#"{"format": "[0-9]+"}"#, "123", true),
        (#"{"format": "[0-9]+"}"#, "12a", false),  // whole-value match, like SwiftCop's format
        (#"{"format": "\\w+"}"#, "naïve", true),  // Unicode-aware \w
        (#"{"length": {"is": 4}}"#, "café", true),
        (#"{"length": {"is": 1}}"#, "👨‍👩‍👧", true),  // Characters, not bytes
        (#"{"length": {"minimum": 3}}"#, "ab", false),
        (#"{"length": {"maximum": 3}}"#, "Straße", false),
        (#"{"length": {"in": [2, 4]}}"#, "e\u{301}xy", true),
        (##"{"inclusion": ["@", "#"]}"##, "a#b", true),
        (#"{"inclusion": ["é"]}"#, "cafe\u{301}", true),  // canonical equivalence, like Foundation
        (#"{"exclusion": ["test"]}"#, "a test row", false),
        (#"{"oneOf": ["US", "GB"]}"#, "GB", true),
        (#"{"oneOf": ["US", "GB"]}"#, "G", false),
    ]

    @Test("each trial name works as SwiftCop's trial", arguments: trialCases)
    func trialNames(trial: String, value: String, passes: Bool) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"line": {"trials": [\#(trial)]}}}"#)
            try tool.write("in.txt", value + "\n")
            let result = try tool.run([
                "clean", "in.txt", "--rules", "rules.json", "-o", "-", "--discard-rejects", "--summary", "none",
            ])
            #expect(result.status == (passes ? 0 : 1), "\(result.stderr)")
        }
    }

    static let filterCases: [(filter: String, input: String, output: String)] = [
        (#""trim""#, " \u{00A0}x y\t", "x y"),
        (#""lowercase""#, "ÀB", "àb"),
        (#""uppercase""#, "straße", "STRASSE"),
        (#""ucfirst""#, "dAs IsT", "Das ist"),
        (#""ucwords""#, "hello wORLD", "Hello World"),
        (#"{"replace": {"search": "-", "replacement": ""}}"#, "555-01-23", "5550123"),
        (#"{"regexReplace": {"pattern": "([0-9]+)", "replacement": "<$1>"}}"#, "a12b", "a<12>b"),
        (#"{"regexReplace": {"pattern": "É", "replacement": "E", "caseInsensitive": true}}"#, "éclair", "Eclair"),
        (#""nfc""#, "e\u{301}", "é"),
        (#""nfkc""#, "ﬁ", "fi"),
        (#""collapseWhitespace""#, "a \t b", "a b"),
        (#""collapseWhitespace", "trim""#, "  a \t b  ", "a b"),
        (#""stripInvisible""#, "a\u{200B}b\u{00AD}c", "abc"),
        (#""digitsOnly""#, "+44 (20) 7946", "44207946"),
    ]

    @Test("each filter name works as SwiftFilter's filter", arguments: filterCases)
    func filterNames(filter: String, input: String, output: String) throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"line": {"filters": [\#(filter)]}}}"#)
            try tool.write("in.txt", input + "\n")
            let result = try tool.run([
                "clean", "in.txt", "--rules", "rules.json", "-o", "-", "--discard-rejects", "--summary", "none",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == output + "\n")
        }
    }

    @Test("optional: an empty value passes without trials; required: it fails with the message")
    func optional() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("in.csv", "a,b\n,\n")
            try tool.write(
                "rules.json",
                #"{"fields": {"a": {"trials": ["email"], "optional": true}, "b": {"trials": ["email"], "message": "Need b"}}}"#
            )
            let result = try tool.run([
                "clean", "in.csv", "--rules", "rules.json", "-o", "clean.csv", "--rejects", "rejects.csv",
            ])
            #expect(result.status == 1)
            #expect(tool.read("rejects.csv") == "a,b,_row,_line,_field,_message\n,,1,2,b,Need b\n")
        }
    }

    @Test("a pattern that reaches its match limit rejects the row and says why")
    func matchLimit() throws {
        try ToolRunner.withRunner { tool in
            try tool.write("rules.json", #"{"fields": {"line": {"trials": [{"format": "(a+)+$"}], "message": "Bad"}}}"#)
            try tool.write("in.txt", "aaaa\n" + String(repeating: "a", count: 40) + "!\n")
            let result = try tool.run([
                "clean", "in.txt", "--rules", "rules.json", "-o", "clean.txt", "--rejects", "rejects.txt",
            ])
            #expect(result.status == 1)
            #expect(tool.read("clean.txt") == "aaaa\n")
            #expect(
                tool.read("rejects.txt")?.contains("2\tline\tBad (match limit exceeded for pattern (a+)+$)") == true)
        }
    }
}
