import FastCop
import Testing

@Suite("CollapseWhitespaceFilter")
struct CollapseWhitespaceFilterTests {
    @Test(
        "every run of Unicode whitespace becomes one space",
        arguments: [
            ("a  b", "a b"),
            ("a \t\n b", "a b"),
            ("a\r\nb", "a b"),
            ("  lead and trail  ", " lead and trail "),
            ("a\u{A0}\u{A0}b", "a b"),  // NBSP
            ("日本\u{3000}\u{3000}語", "日本 語"),  // ideographic space
            ("x\u{2028}\u{2029}\u{85}y", "x y"),  // line and paragraph separators, NEL
            ("thin\u{2009}space", "thin space"),
            ("zero\u{200B}width", "zero\u{200B}width"),  // not whitespace
            ("e\u{301}  \u{301}", "e\u{301} \u{301}"),
            ("👨‍👩‍👧   👍🏽", "👨‍👩‍👧 👍🏽"),
            ("", ""),
            ("single", "single"),
        ])
    func collapses(input: String, expected: String) throws {
        let filter = CollapseWhitespaceFilter()
        #expect(try filter.apply(to: input) == expected)
        let generic: String? = try filter.filter(input, nil)
        #expect(generic == expected)
    }

    @Test("with TrimFilter in a chain, the ends go too")
    func withTrim() throws {
        let chain = FilterChain() <~~ CollapseWhitespaceFilter() <~~ TrimFilter()
        #expect(try chain.apply(to: " \u{A0} Zoë \t  Ørsted \n") == "Zoë Ørsted")
    }

    @Test("nil and non-String values give nil")
    func nonString() throws {
        let fromNil: String? = try CollapseWhitespaceFilter().filter(String?.none, nil)
        #expect(fromNil == nil)
        let fromInt: String? = try CollapseWhitespaceFilter().filter(1, nil)
        #expect(fromInt == nil)
    }
}
