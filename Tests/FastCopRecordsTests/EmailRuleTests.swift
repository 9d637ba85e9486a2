import Testing

@testable import FastCopRecords

/// The rules file's `email` trial: the tool's email rule by default (the modern pattern, then
/// RFC 5321 lengths in octets and IDNA 2008 for domains), SwiftCop's pattern on request.
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

    static let long =
        String(repeating: "a", count: 64) + "@" + String(repeating: "b", count: 63) + "."
        + String(repeating: "c", count: 63) + "."
    /// 64 + 1 + 7 octets as punycode (`xn--9ca`), then 63 + 1 + 63 + 1 + 53.
    static let longIDN =
        String(repeating: "a", count: 64) + "@é." + String(repeating: "b", count: 63) + "."
        + String(repeating: "c", count: 63) + "." + String(repeating: "d", count: 53)

    /// Passes the rule, from the promises of docs/rules.md and IDNA 2008.
    static let valid = [
        long + String(repeating: "d", count: 61),  // 254 characters
        longIDN,  // 254 octets with the domain in punycode, 250 as written
        "info@xn--bcher-kva.example", "info@XN--BCHER-KVA.example", "info@bücher.example", "ana@ümlaut.example",
        "ivan@пример.рф", "ivan@xn--e1afmkfd.xn--p1ai", "jeff@臺網中心.tw", "a@MÜNCHEN.de", "a@c--n.com",
        "a@a-b--c.com", "x@中" + String(repeating: "1", count: 50) + ".com",
    ]

    /// Fails the rule though the pattern alone would pass it.
    static let invalid = [
        long + String(repeating: "d", count: 62),  // 255 characters
        longIDN + "d",  // 255 octets with the domain in punycode
        // 309 octets as written, 139 with the domain in punycode
        "a@" + Array(repeating: String(repeating: "中", count: 20), count: 5).joined(separator: ".") + ".cn",
        "somename@ｇｍａｉｌ.com", "me@⒈wouldbeinvalid.com", "me@xn--0.tld", "me@yy--0.tld", "me@YY--0.tld",
        "me@xn--99999999999.example", "a@e\u{301}cole.fr", "a@ab--ü.de",
        "x@中" + String(repeating: "1", count: 54) + ".com",  // 64 octets as xn--1…1-…
    ]

    @Test(
        "254 octets and IDNA 2008 domains pass, byte path and String judge alike",
        arguments: [true, false])
    func idnaValid(bytePath: Bool) throws {
        let verdicts = bytePath ? try Self.verdicts(#""email""#, Self.valid) : try Self.valid.map(Self.judge)
        #expect(verdicts == Self.valid.map { _ in true }, "\(zip(Self.valid, verdicts).filter { !$1 }.map { $0.0 })")
    }

    @Test(
        "longer addresses, NFKC changes, bad punycode and reserved hyphens fail, byte path and String judge alike",
        arguments: [true, false])
    func idnaInvalid(bytePath: Bool) throws {
        let verdicts = bytePath ? try Self.verdicts(#""email""#, Self.invalid) : try Self.invalid.map(Self.judge)
        #expect(
            verdicts == Self.invalid.map { _ in false }, "\(zip(Self.invalid, verdicts).filter { $1 }.map { $0.0 })")
    }

    static func judge(_ address: String) throws -> Bool { try RuleFactory.trial(.email)(address) }

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
