import FastCop
import Testing

@Suite("UnicodeNormalizationFilter")
struct UnicodeNormalizationFilterTests {
    static let cases: [(UnicodeNormalizationFilter.Form, String, String)] = [
        (.nfc, "e\u{301}", "\u{E9}"),
        (.nfc, "\u{E9}", "\u{E9}"),
        (.nfc, "cafe\u{301} cre\u{300}me", "caf\u{E9} cr\u{E8}me"),
        (.nfc, "A\u{30A}", "\u{C5}"),
        (.nfc, "\u{212B}", "\u{C5}"),  // the Ångström sign is canonically Å
        (.nfc, "q\u{307}\u{323}", "q\u{323}\u{307}"),  // combining marks in canonical order
        (.nfc, "ｆｕｌｌ１２３", "ｆｕｌｌ１２３"),  // compatibility variants stay with NFC
        (.nfc, "ﬁ ² ½", "ﬁ ² ½"),
        (.nfc, "👨‍👩‍👧 👍🏽", "👨‍👩‍👧 👍🏽"),
        (.nfc, "한국어", "한국어"),
        (.nfd, "\u{E9}", "e\u{301}"),
        (.nfd, "한", "\u{1112}\u{1161}\u{11AB}"),
        (.nfkc, "ｆｕｌｌ１２３", "full123"),
        (.nfkc, "ﬁ ² ½", "fi 2 1⁄2"),
        (.nfkc, "e\u{301}\u{A0}x", "\u{E9} x"),  // NBSP is a compatibility space
        (.nfkc, "ｶﾀｶﾅ", "カタカナ"),
        (.nfkc, "👨‍👩‍👧", "👨‍👩‍👧"),
        (.nfkd, "ﬁé", "fie\u{301}"),
        (.nfc, "plain ASCII", "plain ASCII"),
        (.nfkc, "", ""),
    ]

    @Test("each form", arguments: cases)
    func forms(form: UnicodeNormalizationFilter.Form, input: String, expected: String) throws {
        let filter = UnicodeNormalizationFilter { $0.form = form }
        let out = try #require(try filter.apply(to: input))
        // Compare scalars: String's == already treats canonically equivalent text as equal.
        #expect(Array(out.unicodeScalars) == Array(expected.unicodeScalars))
        let generic: String? = try UnicodeNormalizationFilter(form).filter(input, nil)
        #expect(generic.map { Array($0.unicodeScalars) } == Array(expected.unicodeScalars))
    }

    @Test("NFC is the default")
    func defaultForm() throws {
        #expect(UnicodeNormalizationFilter().form == .nfc)
        let out = try #require(try UnicodeNormalizationFilter().apply(to: "e\u{301}"))
        #expect(out.unicodeScalars.count == 1)
    }

    @Test("nil and non-String values give nil", arguments: UnicodeNormalizationFilter.Form.allCases)
    func nonString(form: UnicodeNormalizationFilter.Form) throws {
        let filter = UnicodeNormalizationFilter(form)
        let fromNil: String? = try filter.filter(String?.none, nil)
        #expect(fromNil == nil)
        let fromInt: String? = try filter.filter(5, nil)
        #expect(fromInt == nil)
    }
}
