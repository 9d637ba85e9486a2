import Testing

@testable import FastCop

/// `Pattern.modernEmailSource` (the shape of the tool's email rule) on real-world addresses.
@Suite("Pattern.modernEmailSource")
struct ModernEmailPatternTests {
    static let valid = [
        "curator@louvre.museum", "ana@acme.company", "a@b.co", "first.last+tag@sub.example.org",
        "o'brien@example.ie", "user_name%x@host-name.io", "UPPER@CASE.COM", "1234@5678.de",
        "x@example.technology", "jorg@bucher.de",
        "info@bücher.de", "info@xn--bcher-kva.de", "ivan@пример.рф", "ivan@xn--e1afmkfd.xn--p1ai",
        "hello@例え.テスト", "mail@münchen.de", "e@e\u{301}cole.fr", "a!#$%&*=?^`{|}~-b@example.com",
        "x@a-b.c-d.org", String(repeating: "a", count: 64) + "@example.com",
        "a@" + String(repeating: "b", count: 63) + ".com",
        "a@" + Array(repeating: String(repeating: "c", count: 60), count: 4).joined(separator: ".") + ".com",
        "ana@XN--P1AI.example",
        String(repeating: "a", count: 64) + "@" + String(repeating: "b", count: 63) + "."
            + String(repeating: "b", count: 63) + "." + String(repeating: "b", count: 57) + ".com",  // 254 characters
    ]

    static let invalid = [
        "", "a..b@example..com", "a..b@example.com", "a@example..com", ".a@example.com", "a.@example.com",
        "a@.example.com", "a@example.com.", "a@example", "a@", "@example.com", "a@@example.com",
        "a b@example.com", " a@example.com", "a@example.com ", "a@example.com\n", "a@-example.com",
        "a@example-.com", "a@example.c", "a@example.c0m", "a@1.2.3.4", "a@[192.0.2.1]", "\"a b\"@example.com",
        "josé@example.com", "👍@example.com", "ana <a@example.com>", "a@example.a", "a@exa_mple.com",
        "a@example.xn--", "a@example.-com",
        String(repeating: "a", count: 65) + "@example.com", "a@" + String(repeating: "b", count: 64) + ".com",
        String(repeating: "a", count: 64) + "@" + String(repeating: "b", count: 63) + "."
            + String(repeating: "b", count: 63) + "." + String(repeating: "b", count: 58) + ".com",  // 255 characters
        "a@" + Array(repeating: String(repeating: "c", count: 62), count: 4).joined(separator: ".") + ".com",
    ]

    static let pattern = Result { try Trial.format(Pattern.modernEmailSource).makeEvaluator() }

    @Test("real addresses pass: any TLD length, Unicode and punycode domains, RFC 5321 limits", arguments: valid)
    func validAddresses(address: String) throws {
        #expect(try Self.pattern.get()(address), "\(address)")
    }

    @Test("broken addresses fail: empty labels, stray dots and hyphens, lengths over the limits", arguments: invalid)
    func invalidAddresses(address: String) throws {
        #expect(try !Self.pattern.get()(address), "\(address)")
    }

    @Test("Trial.email keeps SwiftCop's pattern (the mirrored API)")
    func swiftCopUnchanged() throws {
        let swiftCop = try Trial.email.makeEvaluator()
        #expect(try !swiftCop("curator@louvre.museum"))
        #expect(try swiftCop("a..b@example..com"))
    }
}
