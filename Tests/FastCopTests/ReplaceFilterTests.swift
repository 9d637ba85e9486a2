import FastCop
import Testing

@Suite("ReplaceFilter")
struct ReplaceFilterTests {
    @Test(
        ".replaceString replaces every occurrence, left to right, case-sensitive",
        arguments: [
            ("foo food", "foo", "bar", "bar bard"),
            ("Foo foo", "foo", "bar", "Foo bar"),
            ("aaa", "aa", "b", "ba"),
            ("abc", "", "x", "abc"),
            ("", "a", "b", ""),
            ("straße", "ß", "ss", "strasse"),
            ("café ☕️ café", "café", "tea", "tea ☕️ tea"),
            ("👨‍👩‍👧 and 👨‍👩‍👧", "👨‍👩‍👧", "family", "family and family"),
            ("cafe\u{301}", "é", "E", "cafE"),  // Foundation compares canonically equivalent text as equal
        ])
    func replaceString(input: String, search: String, replacement: String, expected: String) throws {
        let filter = ReplaceFilter { $0.replaceType = .replaceString(searchStr: search, replacementStr: replacement) }
        let out: String? = try filter.filter(input, nil)
        #expect(out == expected)
        #expect(try filter.apply(to: input) == expected)
    }

    @Test(
        ".replaceRange counts Characters, half-open; equal offsets insert",
        arguments: [
            ("foobar", 0, 3, "bar", "barbar"),
            ("foobar", 3, 6, "", "foo"),
            ("foobar", 3, 3, "-", "foo-bar"),
            ("foobar", 6, 6, "!", "foobar!"),
            ("éßa", 1, 2, "ss", "éssa"),
            ("e\u{301}x", 0, 1, "E", "Ex"),  // "e" + combining accent is one Character
            ("👨‍👩‍👧👍🏽x", 1, 2, "ok", "👨‍👩‍👧okx"),
            ("", 0, 0, "new", "new"),
        ])
    func replaceRange(input: String, start: Int, end: Int, replacement: String, expected: String) throws {
        let filter = ReplaceFilter(.replaceRange(advStart: start, advEnd: end, replacementStr: replacement))
        let out: String? = try filter.filter(input, nil)
        #expect(out == expected)
        #expect(try filter.apply(to: input) == expected)
    }

    @Test(
        "a range outside the string returns the input, or nil without returnInputOnFailure",
        arguments: [(-1, 2), (0, 4), (4, 4), (2, 1), (Int.min, Int.max), (0, Int.max), (Int.max, Int.max)])
    func outOfRange(start: Int, end: Int) throws {
        let input = "é👍🏽c"
        let lenient = ReplaceFilter(.replaceRange(advStart: start, advEnd: end, replacementStr: "x"))
        #expect(lenient.returnInputOnFailure)
        #expect(try lenient.apply(to: input) == input)
        let generic: String? = try lenient.filter(input, nil)
        #expect(generic == input)

        let strict = ReplaceFilter {
            $0.replaceType = .replaceRange(advStart: start, advEnd: end, replacementStr: "x")
            $0.returnInputOnFailure = false
        }
        #expect(try strict.apply(to: input) == nil)
        let strictGeneric: String? = try strict.filter(input, nil)
        #expect(strictGeneric == nil)
    }

    @Test("nil and non-String values give nil")
    func nonString() throws {
        let filter = ReplaceFilter(.replaceString(searchStr: "a", replacementStr: "b"))
        let fromNil: String? = try filter.filter(String?.none, nil)
        #expect(fromNil == nil)
        let fromInt: String? = try filter.filter(1, nil)
        #expect(fromInt == nil)
        let asInt: Int? = try filter.filter("a", nil)
        #expect(asInt == nil)
    }
}
