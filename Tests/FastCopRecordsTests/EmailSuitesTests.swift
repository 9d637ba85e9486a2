import Testing

@testable import FastCopRecords

/// The tool's email rule against the public suites in `../shared/suites/` (see
/// ``EmailSuites``): every address a suite says is valid passes, every one it says is invalid
/// fails, but for the exclusions below, which docs/rules.md ("The email rule") gives as the rule's
/// choices. Without the suites (a fresh clone) the suite is skipped, and says so.
@Suite(
    "FastCopRecords: the email rule against isemail, validator.js and python-email-validator",
    .enabled(
        if: EmailSuites.isPresent,
        "the public test suites are not in ../shared/suites beside the repository (CI has them there)"))
struct EmailSuitesTests {
    static let nonASCII = "local parts are ASCII: RFC 6531's UTF-8 local parts are not accepted"
    static let quoted = "quoted local parts are not accepted"
    static let literal = "address literals are not accepted"
    static let displayName = "a display name with the address in angle brackets is a header, not an address"
    static let oneLabel = "a domain has two labels or more (python-email-validator refuses my@localhost too)"
    static let topLevel =
        "a top-level label is two letters or more, or punycode: no TLD is one letter, digits or hyphenated "
        + "(validator.js refuses z@co.c, python-email-validator me@bad.tld-2)"

    /// The cases where the rule's answer differs from the suite's on purpose: suite, case id,
    /// and why.
    static let exclusions: [String: String] = [
        "isemail 5": oneLabel,  // test@io
        "isemail 166": oneLabel,  // test@org
        "isemail 13": topLevel,  // test@iana.a
        "isemail 23": topLevel,  // test@iana.123
        "isemail 24": topLevel,  // test@255.255.255.255
        "isemail 33": topLevel,  // test@iana.co-uk
        "isemail 37": topLevel,  // a@a.b.c…v, 253 characters: a one-letter TLD
        "isemail 42": quoted, "isemail 43": quoted, "isemail 45": quoted, "isemail 46": quoted,
        "isemail 48": quoted, "isemail 55": quoted,
        "isemail 61": literal, "isemail 68": literal, "isemail 72": literal, "isemail 75": literal,
        "isemail 77": literal, "isemail 79": literal, "isemail 81": literal,
        "validator.js valid[4]": nonASCII,  // hans.m端ller@test.com
        "validator.js valid[9]": quoted, "validator.js valid[10]": quoted, "validator.js valid[11]": quoted,
        "python-email-validator valid[5]": quoted, "python-email-validator valid[6]": quoted,
        "python-email-validator valid[7]": quoted, "python-email-validator valid[8]": quoted,
        "python-email-validator valid[9]": displayName, "python-email-validator valid[10]": displayName,
        "python-email-validator valid[11]": displayName,
        "python-email-validator valid_intl_local_part[13]": displayName,
        "python-email-validator valid_intl_local_part[0]": nonASCII,
        "python-email-validator valid_intl_local_part[1]": nonASCII,
        "python-email-validator valid_intl_local_part[2]": nonASCII,
        "python-email-validator valid_intl_local_part[3]": nonASCII,
        "python-email-validator valid_intl_local_part[4]": nonASCII,
        "python-email-validator valid_intl_local_part[5]": nonASCII,
        "python-email-validator valid_intl_local_part[6]": nonASCII,
        "python-email-validator valid_intl_local_part[7]": nonASCII,
        "python-email-validator valid_intl_local_part[8]": nonASCII,
        "python-email-validator valid_intl_local_part[9]": nonASCII,
        "python-email-validator valid_intl_local_part[10]": nonASCII,
        "python-email-validator valid_intl_local_part[11]": nonASCII,
        "python-email-validator valid_intl_local_part[12]": nonASCII,
        "python-email-validator valid_intl_local_part[14]": nonASCII,
    ]

    static let rule = Result { try RuleFactory.trial(.email) }

    static func key(_ suiteCase: EmailSuites.Case) -> String { "\(suiteCase.suite) \(suiteCase.id)" }

    @Test("each suite is read whole: valid and invalid addresses")
    func suitesRead() {
        for suite in ["isemail", "validator.js", "python-email-validator"] {
            let cases = EmailSuites.cases.filter { $0.suite == suite }
            #expect(cases.contains { $0.verdict == .valid }, "\(suite): no valid case read")
            #expect(cases.contains { $0.verdict == .invalid }, "\(suite): no invalid case read")
        }
    }

    @Test(
        "every address a suite says is valid passes, but for the exclusions",
        arguments: EmailSuites.cases.filter { $0.verdict == .valid && exclusions[key($0)] == nil })
    func mustPass(suiteCase: EmailSuites.Case) throws {
        #expect(try Self.rule.get()(suiteCase.address))
    }

    @Test(
        "every address a suite says is invalid fails, but for the exclusions",
        arguments: EmailSuites.cases.filter { $0.verdict == .invalid && exclusions[key($0)] == nil })
    func mustFail(suiteCase: EmailSuites.Case) throws {
        #expect(try !Self.rule.get()(suiteCase.address))
    }

    @Test("each exclusion is a case the rule answers otherwise than its suite, with its reason")
    func exclusionsHold() throws {
        let cases = Dictionary(EmailSuites.cases.map { (Self.key($0), $0) }, uniquingKeysWith: { first, _ in first })
        for (key, reason) in Self.exclusions.sorted(by: { $0.key < $1.key }) {
            guard let suiteCase = cases[key] else {
                Issue.record("\(key): no such case in the suites")
                continue
            }
            let accepted = try Self.rule.get()(suiteCase.address)
            #expect(
                accepted != (suiteCase.verdict == .valid),
                "\(suiteCase.testDescription) is no longer excluded: \(reason)")
        }
    }
}
