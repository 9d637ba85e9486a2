import FastCop
import Testing

@Suite("StripInvisiblesFilter")
struct StripInvisiblesFilterTests {
    static let cases: [(String, String)] = [
        ("\u{FEFF}abc", "abc"),  // byte order mark
        ("ab\u{200B}c", "abc"),  // zero-width space
        ("in\u{AD}visible", "invisible"),  // soft hyphen
        ("\u{200E}left\u{200F}\u{202E}right\u{202C}", "leftright"),  // direction marks and overrides
        ("\u{2066}iso\u{2069}", "iso"),
        ("word\u{2060}joiner", "wordjoiner"),
        ("nul\u{0}bell\u{7}esc\u{1B}del\u{7F}c1\u{9B}", "nulbellescdelc1"),
        ("tab\tline\ncr\r", "tab\tline\ncr\r"),  // whitespace controls stay by default
        ("\u{3164}\u{115F}name", "name"),  // Hangul fillers
        ("👨‍👩‍👧", "👨‍👩‍👧"),  // zero-width joiners inside an emoji sequence stay
        ("👩🏽‍💻 ok", "👩🏽‍💻 ok"),
        ("❤️‍🔥", "❤️‍🔥"),  // joiner after a variation selector
        ("\u{200D}👍\u{200D}", "👍"),  // joiners at the ends join nothing
        ("a\u{200D} b", "a b"),
        ("می\u{200C}خواهم", "می\u{200C}خواهم"),  // Persian zero-width non-joiner stays
        ("क्\u{200D}ष", "क्\u{200D}ष"),  // Devanagari joiner
        (
            "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
            "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        ),
        ("x\u{E0067}\u{E007F}", "x"),  // tags without a flag
        ("\u{0600}\u{0661}", "\u{0600}\u{0661}"),  // Arabic number sign shows
        ("e\u{301}\u{FE0F}", "e\u{301}\u{FE0F}"),  // combining marks and variation selectors stay
        ("café", "café"),
        ("plain ascii", "plain ascii"),
        ("", ""),
        ("\u{200B}\u{FEFF}", ""),
    ]

    @Test("removes controls and invisible characters, keeps what shows", arguments: cases)
    func strips(input: String, expected: String) throws {
        let filter = StripInvisiblesFilter()
        let out = try #require(try filter.apply(to: input))
        #expect(Array(out.unicodeScalars) == Array(expected.unicodeScalars))
        let generic: String? = try filter.filter(input, nil)
        #expect(generic == out)
    }

    @Test(
        "without keepsWhitespaceControls, tab, newlines and NEL go too",
        arguments: [
            ("tab\tline\ncr\r", "tablinecr"),
            ("a\u{B}b\u{C}c\u{85}d", "abcd"),
            ("a b\u{A0}c", "a b\u{A0}c"),  // spaces are not controls
        ])
    func stripsWhitespaceControls(input: String, expected: String) throws {
        let filter = StripInvisiblesFilter { $0.keepsWhitespaceControls = false }
        #expect(try filter.apply(to: input) == expected)
    }

    @Test("NEL and vertical tab stay by default")
    func keepsOtherWhitespaceControls() throws {
        #expect(try StripInvisiblesFilter().apply(to: "a\u{B}b\u{85}c") == "a\u{B}b\u{85}c")
    }

    /// Every Latin-1 character between two letters (so that the string leaves the all-ASCII
    /// shortcut) is kept or removed as Unicode's properties say: controls go unless they are
    /// whitespace and kept, format characters go, everything else stays.
    @Test("Latin-1 characters are judged as Unicode's properties say", arguments: [true, false])
    func latin1(keepsWhitespaceControls: Bool) throws {
        let filter = StripInvisiblesFilter { $0.keepsWhitespaceControls = keepsWhitespaceControls }
        for value in UInt32(0)..<0x100 {
            let scalar = try #require(Unicode.Scalar(value))
            let removed: Bool
            switch scalar.properties.generalCategory {
            case .control: removed = !(keepsWhitespaceControls && scalar.properties.isWhitespace)
            case .format: removed = true
            default: removed = false
            }
            let input = "é" + String(Character(scalar)) + "z"
            let expected = removed ? "éz" : input
            let out = try #require(try filter.apply(to: input))
            #expect(Array(out.unicodeScalars) == Array(expected.unicodeScalars), "U+\(String(value, radix: 16))")
        }
    }

    @Test("nil and non-String values give nil")
    func nonString() throws {
        let fromNil: String? = try StripInvisiblesFilter().filter(String?.none, nil)
        #expect(fromNil == nil)
        let fromInt: String? = try StripInvisiblesFilter().filter(1, nil)
        #expect(fromInt == nil)
    }
}
