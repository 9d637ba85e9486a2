import FastCop
import Foundation
import Testing

@Suite("Trial built-ins beyond SwiftCop: oneOf, range, url, characterSet, alphanumeric, modernEmail")
struct TrialBuiltinsTests {
    @Test(
        "oneOf is whole-string equality, unlike inclusion's substring search",
        arguments: [
            ("M", true), ("XL", false), ("m", false), (" M", false), ("", false), ("café", true),
            ("cafe\u{301}", true), ("caf", false),
        ])
    func oneOf(_ evidence: String, _ passes: Bool) throws {
        let trial = Trial.oneOf(["S", "M", "L", "café"])
        #expect(trial.trial()(evidence) == passes)
        #expect(try trial.evaluate(evidence) == passes)
        #expect(Trial.oneOf([]).trial()(evidence) == false)
    }

    @Test(
        "range reads the evidence as a number of the range's type",
        arguments: [
            ("18", true), ("17", false), ("42", true), ("+42", true), ("-1", false), ("forty", false),
            (" 42", false), ("4 2", false), ("٤٢", false), ("", false), ("18.0", false),
        ])
    func integerRange(_ evidence: String, _ passes: Bool) {
        #expect(Trial.range(18...).trial()(evidence) == passes)
    }

    @Test func everyKindOfRange() {
        #expect(Trial.range(...65).trial()("65"))
        #expect(Trial.range(...65).trial()("66") == false)
        #expect(Trial.range(..<100).trial()("99"))
        #expect(Trial.range(..<100).trial()("100") == false)
        #expect(Trial.range(1...9).trial()("9"))
        #expect(Trial.range(1..<9).trial()("9") == false)
        #expect(Trial.range(0.0..<1.0).trial()("0.5"))
        #expect(Trial.range(0.0..<1.0).trial()("1.0") == false)
        #expect(Trial.range(0.0...).trial()("nan") == false)
        let composed = Trial.range(1...12) || Trial.oneOf(["none"])
        #expect(composed.trial()("none"))
    }

    @Test(
        "url: what URL(string:) accepts with a scheme and a host",
        arguments: [
            ("https://example.com/a?b=c", true), ("ftp://files.example.org/x", true), ("http://localhost", true),
            ("http://[::1]:8080/", true), ("https://bücher.de", true), ("example.com", false),
            ("mailto:ada@example.com", false), ("https://", false), ("https:example.com", false),
            ("//example.com", false), ("file:///etc/passwd", false), ("javascript:alert(1)", false),
            (" https://example.com", false), ("https://exa mple.com", false), ("", false),
        ])
    func url(_ evidence: String, _ passes: Bool) {
        #expect(Trial.url.trial()(evidence) == passes)
    }

    @Test(
        "alphanumeric is Unicode-aware: letters, marks and digits of every script",
        arguments: [
            ("Zoë", true), ("straße", true), ("Ελληνικά", true), ("名前", true), ("e\u{301}", true),
            ("٣", true), ("abc123", true), ("", true), ("a b", false), ("a_b", false), ("a-b", false),
            ("😀", false), ("a\n", false),
        ])
    func alphanumeric(_ evidence: String, _ passes: Bool) {
        #expect(Trial.alphanumeric.trial()(evidence) == passes)
    }

    @Test func characterSetTestsEveryScalar() {
        let code = Trial.characterSet(CharacterSet.decimalDigits.union(CharacterSet(charactersIn: "-")))
        #expect(code.trial()("12-34"))
        #expect(code.trial()("١٢-٣٤"))
        #expect(code.trial()("12 34") == false)
        let letters = Trial.characterSet(CharacterSet(charactersIn: "e"))
        #expect(letters.trial()("e\u{301}") == false)
        #expect(Trial.characterSet(CharacterSet(charactersIn: "e\u{301}")).trial()("e\u{301}"))
    }

    @Test(
        "modernEmail is the modern rule; email stays SwiftCop's",
        arguments: [
            ("curator@louvre.museum", true, false), ("ada@startup.agency", true, false), ("ada@bücher.de", true, false),
            ("ada@xn--bcher-kva.de", true, true), ("ada@example.com", true, true),
            ("a..b@example..com", false, true), ("a@-x.com", false, true), (" ada@example.com", false, false),
            ("ada@example.com\n", false, false), ("zoë@example.com", false, false), ("ada@example", false, false),
        ])
    func modernEmail(_ evidence: String, _ modern: Bool, _ swiftCop: Bool) throws {
        #expect(Trial.modernEmail.trial()(evidence) == modern)
        #expect(try Trial.modernEmail.evaluate(evidence) == modern)
        #expect(Trial.email.trial()(evidence) == swiftCop)
        #expect(try Pattern(Pattern.modernEmailSource).hasWholeMatch(in: evidence) == modern)
    }
}
