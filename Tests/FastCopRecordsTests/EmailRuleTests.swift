import Testing

@testable import FastCopRecords

/// The rules file's `email` trial: the modern pattern by default, SwiftCop's on request.
@Suite("FastCopRecords: the email trial of a rules file")
struct EmailRuleTests {
    static func verdicts(_ trial: String, _ addresses: [String]) throws -> [Bool] {
        let rules = #"{"fields": {"line": {"trials": [\#(trial)]}}}"#
        let run = try RecordsFixture.run(
            addresses.joined(separator: "\n") + "\n", format: .lines, rules: rules, mode: .lines)
        return run.cleanText.split(separator: "\n").map { $0.hasPrefix("ok\t") }
    }

    static let addresses = ["curator@louvre.museum", "ana@acme.company", "a..b@example..com", "info@bücher.de"]

    @Test(
        "\"email\", {\"email\": true} and {\"email\": \"modern\"} are the modern pattern",
        arguments: [#""email""#, #"{"email": true}"#, #"{"email": "modern"}"#])
    func modern(trial: String) throws {
        #expect(try Self.verdicts(trial, Self.addresses) == [true, true, false, true])
    }

    @Test("{\"email\": \"swiftcop\"} is SwiftCop's pattern, as Trial.email")
    func swiftCop() throws {
        #expect(try Self.verdicts(#"{"email": "swiftcop"}"#, Self.addresses) == [false, false, true, false])
    }

    @Test("any other value is an error with its place")
    func wrongValue() {
        do {
            _ = try RulesLoader.compile(
                Array(#"{"fields": {"e": {"trials": [{"email": "rfc"}]}}}"#.utf8), name: "r.json")
            Issue.record("no error")
        } catch {
            #expect(
                (error as? RecordsError)?.message
                    == #"r.json:1:40: fields.e.trials[0].email: expected true, "modern" or "swiftcop", found a string"#)
        }
    }
}
