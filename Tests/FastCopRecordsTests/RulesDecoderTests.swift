import Testing

@testable import FastCopRecords

@Suite("FastCopRecords: the rules file, parsed and decoded in process")
struct RulesDecoderTests {
    static func decode(_ text: String) throws -> RuleSpec {
        try RulesDecoder.decode(JSONDocument.parse(Array(text.utf8)))
    }

    /// The message a broken rules file called `rules.json` gets.
    static func failure(_ text: String) -> String? {
        do {
            _ = try RulesLoader.compile(Array(text.utf8), name: "rules.json")
            return nil
        } catch {
            return (error as? RecordsError)?.message
        }
    }

    @Test("a good file: fields in file order, filters and trials with their arguments")
    func goodFile() throws {
        let spec = try Self.decode(
            #"""
            {"fields": {
              "nom": {"filters": ["trim", {"replace": {"search": "é", "replacement": "e"}}],
                      "trials": [{"length": {"minimum": 2}}], "message": "Nom trop court"},
              "email": {"filters": ["lowercase"], "trials": ["email"]},
              "phone": {"filters": [{"regexReplace": {"pattern": "[^0-9+]", "replacement": ""}}],
                        "trials": [{"format": "\\+?[0-9]{7,15}"}], "optional": true}
            }}
            """#)
        #expect(spec.fields.map(\.name) == ["nom", "email", "phone"])
        #expect(spec.fields[0].filters.map(\.spec) == [.trim, .replace(search: "é", replacement: "e")])
        #expect(spec.fields[0].trials.map(\.spec) == [.length(.minimum(2))])
        #expect(spec.fields[0].message == "Nom trop court")
        #expect(spec.fields[1].trials.map(\.spec) == [.email])
        #expect(spec.fields[2].optional)
        #expect(spec.fields[2].trials.map(\.spec) == [.format(#"\+?[0-9]{7,15}"#)])
        #expect(
            spec.fields[2].filters.map(\.spec) == [
                .regexReplace(pattern: "[^0-9+]", replacement: "", caseInsensitive: false)
            ])
    }

    @Test("the embedded sample's rules compile")
    func sampleRules() throws {
        let rules = try RulesLoader.compile(Array(EmbeddedSample.rules.utf8), name: EmbeddedSample.rulesName)
        #expect(rules.fields.map(\.name) == ["name", "email", "phone", "country"])
    }

    @Test("every field made optional (--allow-missing-fields) keeps its trials' byte judges")
    func allOptionalKeepsPatterns() throws {
        let rules = try RulesLoader.compile(Array(EmbeddedSample.rules.utf8), name: EmbeddedSample.rulesName)
        let optional = rules.allOptional
        #expect(optional.fields.allSatisfy { $0.optional })
        let compiled = rules.fields.map { $0.byteTrials.map { $0 != nil } }
        #expect(compiled.joined().contains(true), "the sample has a format or email trial")
        #expect(optional.fields.map { $0.byteTrials.map { $0 != nil } } == compiled)
    }

    @Test(
        "a broken file is an error that names the file, the line and column (in characters), and the place",
        arguments: [
            (
                #"{"fields": {"a": {"filters": ["trimm"]}}}"#,
                #"rules.json:1:31: fields.a.filters[0]: unknown filter "trimm""#
            ),
            (#"{"fields": {"a": {}, "a": {}}}"#, #"rules.json:1:27: fields.a: field "a" is named twice"#),
            ("{\"fields\": {\"a\": {}},\n  }", "rules.json:2:3: invalid JSON: expected a string"),
            (#"{"fields": {"a\é": {}}}"#, #"rules.json:1:16: invalid JSON: invalid escape \é"#),
            (#"{"fields": {"a": {}} ø}"#, "rules.json:1:22: invalid JSON: expected ',' or '}', found 'ø'"),
            (#"{"fields": {}}"#, "rules.json:1:12: fields: no fields: name at least one"),
            (
                #"{"fields": {"a": {"trials": [{"format": "(x"}]}}}"#,
                "rules.json:1:30: fields.a.trials[0]: the pattern does not compile:\n(x\n  ^\nmissing closing parenthesis at offset 2"
            ),
            (
                "{\"fields\":\n {\"é\": {\"optional\": 1}}}",
                "rules.json:2:21: fields.é.optional: expected true or false, found a number"
            ),
        ])
    func errors(text: String, expected: String) throws {
        let message = try #require(Self.failure(text))
        #expect(message.hasPrefix(expected))
    }

    @Test("invalid UTF-8 in the rules file is reported at its line and column")
    func invalidUTF8() throws {
        let bytes = Array("{\"fields\":\n {\"a".utf8) + [0xFF] + Array("\": {}}}".utf8)
        #expect {
            try RulesLoader.compile(bytes, name: "rules.json")
        } throws: { error in
            (error as? RecordsError)?.message == "rules.json:2:5: invalid UTF-8 in the rules file"
        }
    }

    @Test("a UTF-8 byte order mark before the rules is skipped; positions count from the byte after it")
    func byteOrderMark() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let rules = try RulesLoader.compile(mark + Array(#"{"fields": {"é": {"trials": ["email"]}}}"#.utf8), name: "r")
        #expect(rules.fields.map(\.name) == ["é"])
        #expect {
            try RulesLoader.compile(mark + Array("{\"fields\": x}".utf8), name: "rules.json")
        } throws: { error in
            (error as? RecordsError)?.message.hasPrefix("rules.json:1:12: invalid JSON") == true
        }
        // A mark anywhere else is not skipped: it is a character the JSON does not allow there.
        #expect(throws: RecordsError.self) {
            try RulesLoader.compile(Array(" ".utf8) + mark + Array("{}".utf8), name: "rules.json")
        }
    }
}
