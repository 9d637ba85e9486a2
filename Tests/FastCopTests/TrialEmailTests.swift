import Testing

@testable import FastCop

@Suite("Trial.email")
struct TrialEmailTests {
    static let valid = [
        "test@test.com",
        "a@b.co",
        "x@y.comm",
        "a..b@c..com",
        "first.last+tag@sub.example.org",
        "under_score%percent-dash@host-name.io",
        "UPPER@CASE.COM",
        "1234@5678.de",
    ]

    static let invalid = [
        "",
        "test@test",
        "test@",
        "test.com",
        ".com",
        "@test.com",
        "a@b.museum",
        "x@y.commm",
        "a@b.c",
        "a@b.c0m",
        " test@test.com",
        "test@test.com ",
        "test@test.com\n",
        "a b@test.com",
        "a@@b.com",
        // Non-ASCII is outside SwiftCop's pattern.
        "ÄÖ@x.com",
        "josé@example.com",
        "strasse@straße.de",
        "ok@example.cöm",
        "👍@example.com",
        "e\u{301}@example.com",
    ]

    @Test(arguments: valid)
    func acceptsAddressesTheOriginalAccepts(_ evidence: String) throws {
        #expect(Trial.email.trial()(evidence))
        #expect(try Trial.email.evaluate(evidence))
    }

    @Test(arguments: invalid)
    func rejectsAddressesTheOriginalRejects(_ evidence: String) throws {
        #expect(Trial.email.trial()(evidence) == false)
        #expect(try Trial.email.evaluate(evidence) == false)
    }

    @Test func usesSwiftCopsPatternAsAWholeMatch() {
        #expect(Pattern.emailSource == "[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,4}")
        let cache = PatternCache(capacity: 4)
        _ = Trial.email.trial(using: cache)
        _ = Trial.format(Pattern.emailSource).trial(using: cache)
        // Both trials share one compiled pattern.
        #expect(cache.statistics.count == 1)
        #expect(cache.statistics.hits == 1)
    }
}
