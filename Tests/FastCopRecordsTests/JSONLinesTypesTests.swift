import Testing

@testable import FastCopRecords

/// JSON Lines keeps its types: filters apply to strings only, trials judge numbers and bools as
/// their JSON text, null is a missing value, objects and arrays are rejected with a reason;
/// dotted paths name nested members.
@Suite("FastCopRecords: JSON Lines types and nested paths")
struct JSONLinesTypesTests {
    @Test(
        "filters leave numbers, bools and null untouched, byte for byte",
        arguments: [
            (#"{"v":true}"#, #"["ucwords"]"#), (#"{"v":1.50}"#, #"[{"replace": {"search": ".", "replacement": ","}}]"#),
            (#"{"v": -0.5e+3 }"#, #"["digitsOnly"]"#), (#"{"v":false,"w":"é"}"#, #"["uppercase"]"#),
        ])
    func filtersSkipNonStrings(line: String, filters: String) throws {
        let rules = #"{"fields": {"v": {"filters": \#(filters)}}}"#
        let run = try RecordsFixture.run(line + "\n", format: .jsonl, rules: rules)
        #expect(run.cleanText == line + "\n")
        #expect(run.summary.rejected == 0)
    }

    @Test(
        "trials judge a number or a bool as its JSON text",
        arguments: [
            (#"{"v":1.50}"#, #"{"format": "[0-9]+\\.[0-9]{2}"}"#, true),
            (#"{"v":1.5}"#, #"{"format": "[0-9]+\\.[0-9]{2}"}"#, false),
            (#"{"v":true}"#, #"{"oneOf": ["true"]}"#, true),
            (#"{"v":false}"#, #"{"oneOf": ["true"]}"#, false),
            (#"{"v":1e3}"#, #"{"length": {"is": 3}}"#, true),
        ])
    func trialsSeeJSONText(line: String, trial: String, passes: Bool) throws {
        let rules = #"{"fields": {"v": {"filters": ["uppercase"], "trials": [\#(trial)]}}}"#
        let run = try RecordsFixture.run(line + "\n", format: .jsonl, rules: rules)
        #expect(run.summary.clean == (passes ? 1 : 0))
        if passes { #expect(run.cleanText == line + "\n") }
    }

    @Test("null is a missing value: a required field fails, an optional one passes untouched")
    func nullIsMissing() throws {
        let line = #"{"v":null,"w":null}"#
        let rules = #"{"fields": {"v": {"trials": ["email"]}, "w": {"filters": ["trim"], "optional": true}}}"#
        let run = try RecordsFixture.run(line + "\n", format: .jsonl, rules: rules)
        #expect(run.summary.rejected == 1)
        #expect(run.rejectsText.contains(#"{"field":"v","message":"is required"}"#))
        #expect(!run.rejectsText.contains(#""field":"w""#))
    }

    @Test(
        "an object or an array as a rule's target rejects the row with the reason",
        arguments: [(#"{"v":{"a":1}}"#, "is an object, not text"), (#"{"v":["é"]}"#, "is an array, not text")])
    func containersRejected(line: String, reason: String) throws {
        let run = try RecordsFixture.run(line + "\n", format: .jsonl, rules: #"{"fields": {"v": {"optional": true}}}"#)
        #expect(run.summary.rejected == 1)
        #expect(run.rejectsText.contains(#"{"field":"v","message":"\#(reason)"}"#))
    }

    @Test("dotted paths name nested members; only the named member's bytes change")
    func nestedPaths() throws {
        let line = #"{"id": 7, "addr": {"city": " paris ", "zip": 75001, "geo": {"lat": 48.85}}, "city": "x"}"#
        let rules = #"""
            {"fields": {"addr.city": {"filters": ["trim", "ucwords"]}, "addr.zip": {"trials": [{"format": "[0-9]{5}"}]},
                        "addr.geo.lat": {"trials": [{"format": "-?[0-9.]+"}]}}}
            """#
        let run = try RecordsFixture.run(line + "\n", format: .jsonl, rules: rules)
        #expect(run.summary.clean == 1, "\(run.rejectsText)")
        #expect(
            run.cleanText
                == #"{"id": 7, "addr": {"city": "Paris", "zip": 75001, "geo": {"lat": 48.85}}, "city": "x"}"# + "\n")
    }

    @Test("a missing nested member (or a parent that is not an object) fails as required")
    func nestedMissing() throws {
        let input = #"{"addr": {"zip": "1"}}"# + "\n" + #"{"addr": "Zürich"}"# + "\n" + #"{"addr":{"city":"Zürich"}}"#
        let run = try RecordsFixture.run(input + "\n", format: .jsonl, rules: #"{"fields": {"addr.city": {}}}"#)
        #expect(run.summary.clean == 1)
        #expect(run.summary.rejected == 2)
        #expect(run.rejectsText.contains(#"{"field":"addr.city","message":"is required"}"#))
    }

    @Test("a backslash names a key that contains a dot (or a backslash)")
    func escapedDots() throws {
        let line = #"{"a.b": " x ", "a": {"b": " y "}, "c\\d": " z "}"#
        let rules = #"{"fields": {"a\\.b": {"filters": ["trim"]}, "c\\\\d": {"filters": ["trim"]}}}"#
        let run = try RecordsFixture.run(line + "\n", format: .jsonl, rules: rules)
        #expect(run.cleanText == #"{"a.b": "x", "a": {"b": " y "}, "c\\d": "z"}"# + "\n")
    }

    @Test(
        "path syntax: dots split keys, a backslash escapes a dot or a backslash",
        arguments: [
            ("email", ["email"]), ("addr.city", ["addr", "city"]), (#"a\.b"#, ["a.b"]), (#"a\\.b"#, [#"a\"#, "b"]),
            (#"a\b"#, [#"a\b"#]), ("ü.ß", ["ü", "ß"]), ("a..b", ["a", "", "b"]), (#"end\"#, [#"end\"#]),
        ])
    func pathKeys(name: String, keys: [String]) {
        #expect(JSONFieldPath.keys(of: name) == keys)
    }

    @Test("a field and a member below it can both have rules")
    func parentAndChild() throws {
        let line = #"{"a": {"b": " q "}}"#
        let rules = #"{"fields": {"a": {"optional": true}, "a.b": {"filters": ["trim"]}}}"#
        let run = try RecordsFixture.run(line + "\n", format: .jsonl, rules: rules)
        #expect(run.summary.rejected == 1)  // "a" is an object
        #expect(run.rejectsText.contains("is an object, not text"))
    }
}
