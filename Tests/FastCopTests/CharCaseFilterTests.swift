import FastCop
import Testing

@Suite("CharCaseFilter")
struct CharCaseFilterTests {
    @Test(
        "each case, with Foundation's Unicode mappings",
        arguments: [
            (CharCaseFilter.Case.lowercase, "HeLLo WÖRLD", "hello wörld"),
            (.lowercase, "ÉCOLE", "école"),
            (.lowercase, "ASCII Only 123", "ascii only 123"),
            (.uppercase, "ascii only 123", "ASCII ONLY 123"),
            (.lowercase, "ΟΔΟΣ", "οδος"),  // final sigma, as Foundation
            (.lowercase, "e\u{301}COLE", "e\u{301}cole"),
            (.uppercase, "straße", "STRASSE"),
            (.uppercase, "école 👍🏽", "ÉCOLE 👍🏽"),
            (.uppercase, "e\u{301}cole", "E\u{301}COLE"),
            (.ucfirst, "dAs IsT", "Das ist"),
            (.ucfirst, "ßa", "SSa"),
            (.ucfirst, "élan VITAL", "Élan vital"),
            (.ucfirst, "e\u{301}LAN", "E\u{301}lan"),
            (.ucfirst, " abc", " abc"),
            (.ucfirst, "1ABC", "1abc"),
            (.ucwords, "hello wORLD", "Hello World"),
            (.ucwords, "élan vital", "Élan Vital"),
            (.ucwords, "ßa straße", "Ssa Straße"),
        ])
    func cases(charCase: CharCaseFilter.Case, input: String, expected: String) throws {
        let filter = CharCaseFilter { $0.charCase = charCase }
        let out: String? = try filter.filter(input, nil)
        #expect(out == expected)
        #expect(try filter.apply(to: input) == expected)
        #expect(try CharCaseFilter(charCase).apply(to: input) == expected)
    }

    @Test("setting charCase after use changes what the filter does, as the original's tests do")
    func setAfterUse() throws {
        let filter = CharCaseFilter { $0.charCase = .lowercase }
        let lower: String? = try filter.filter("MÖÖ", nil)
        #expect(lower == "möö")
        filter.charCase = .uppercase
        let upper: String? = try filter.filter("möö", nil)
        #expect(upper == "MÖÖ")
        #expect(filter.charCase == .uppercase)
        filter.charCase = nil
        #expect(throws: FilterError.noCharCase) { try filter.apply(to: "x") }
        let unconfigured = CharCaseFilter()
        let notAString: String? = try? unconfigured.filter(2, nil)
        #expect(notAString == nil)
    }

    @Test("the empty string gives nil, as the original", arguments: CharCaseFilter.Case.allCases)
    func emptyGivesNil(charCase: CharCaseFilter.Case) throws {
        let filter = CharCaseFilter(charCase)
        let out: String? = try filter.filter("", nil)
        #expect(out == nil)
        #expect(try filter.apply(to: "") == nil)
    }

    @Test("nil and non-String values give nil", arguments: CharCaseFilter.Case.allCases)
    func nonString(charCase: CharCaseFilter.Case) throws {
        let filter = CharCaseFilter(charCase)
        let fromNil: String? = try filter.filter(String?.none, nil)
        #expect(fromNil == nil)
        let fromInt: String? = try filter.filter(42, nil)
        #expect(fromInt == nil)
        let fromSubstring: String? = try filter.filter("abc".dropFirst(), nil)
        #expect(fromSubstring == nil)
        let asInt: Int? = try filter.filter("abc", nil)
        #expect(asInt == nil)
    }
}
