import FastCop
import Foundation
import Testing

@Suite("Validation: format")
struct ValidationFormatTests {
    @Test(
        "passes when the pattern is found anywhere, as the original",
        arguments: [
            (#"\d{3}"#, "1234", true), (#"\d{3}"#, "ab123cd", true), (#"\d{3}"#, "12", false),
            (#"^\d{3}$"#, "1234", false), (#"^\d{3}$"#, "123", true), ("fé", "café", true),
            ("de\u{301}", "ode\u{301}", true), (#"\w+"#, "ßüé", true), (#"^\w$"#, "ß", true),
            ("😀+", "hi 😀😀", true), ("^.$", "👨‍👩‍👧", false), ("(?i)STRASSE", "strasse", true),
        ])
    func substringSemantics(pattern: String, value: String, valid: Bool) {
        @Validate(.format(pattern)) var text: String = value
        #expect($text.isValid == valid)
    }

    @Test("String? fails on nil with the same message")
    func optional() {
        @Validate(.format(#"^\d+$"#)) var code: String? = nil
        #expect($code.errors.localizedDescriptions == ["Is incorrectly formatted"])
        code = "٣٤"  // Arabic-Indic digits are \d in Unicode mode, as in ICU
        #expect($code.isValid)
        @Validate(.format("x", message: "Needs an x")) var other: String? = nil
        #expect($other.errors.localizedDescriptions == ["Needs an x"])
    }

    @Test("default and custom messages")
    func messages() {
        #expect(message(Validation<String>.format("a"), "b") == "Is incorrectly formatted")
        #expect(message(Validation<String>.format("a", message: "Il faut un « a »"), "b") == "Il faut un « a »")
    }

    @Test(
        "NSRegularExpression options are honoured",
        arguments: optionCases)
    func options(pattern: String, options: NSRegularExpression.Options, value: String, valid: Bool) {
        #expect(passes(Validation<String>.format(pattern, options: options), value) == valid)
    }

    static let optionCases: [(String, NSRegularExpression.Options, String, Bool)] = [
        ("^ÉCOLE$", .caseInsensitive, "école", true),
        ("^ÉCOLE$", [], "école", false),
        ("a.b", .dotMatchesLineSeparators, "a\nb", true),
        ("a.b", [], "a\nb", false),
        ("^b$", .anchorsMatchLines, "a\nb\nc", true),
        ("^b$", [], "a\nb\nc", false),
        ("a+.", .ignoreMetacharacters, "xa+.y", true),
        ("a+.", .ignoreMetacharacters, "aab", false),
        ("^ a b c $ # comment", .allowCommentsAndWhitespace, "abc", true),
    ]

    @Test("a broken pattern fails every value with the rule's message; the compile error is underneath")
    func brokenPattern() throws {
        @Validate(.format("(ab", message: "Needs ab")) var text: String = "ab"
        #expect(!$text.isValid)
        #expect($text.errors.localizedDescriptions == ["Needs ab"])
        let error = try #require($text.errors.first as? ValidationError)
        let cause = try #require(error.underlyingError as? PatternError)
        #expect(cause.kind == .compile)
        #expect(cause.description == "(ab\n   ^\nmissing closing parenthesis at offset 3")
        text = "anything"
        #expect($text.errors.localizedDescriptions == ["Needs ab"])
    }

    @Test("a broken pattern without a message fails with the default message, and the caret stays underneath")
    func brokenNonASCII() throws {
        let error = try #require(throws: ValidationError.self) {
            try Validation<String>.format("é[").validate("é")
        }
        #expect(error.description == "Is incorrectly formatted")
        let cause = try #require(error.underlyingError as? PatternError)
        #expect(cause.description == "é[\n  ^\nmissing terminating ] for character class at offset 3")
    }

    @Test("canonically equivalent patterns are not confused (precomposed é vs e + U+0301)")
    func canonicallyEquivalentPatterns() {
        // The cache keys patterns by their UTF-8 bytes, so neither is handed the other's pattern.
        let decomposed: Validation<String> = .format("ne\u{301}e\u{301}")
        let precomposed: Validation<String> = .format("n\u{E9}\u{E9}")
        #expect(passes(decomposed, "une\u{301}e\u{301}"))
        #expect(passes(precomposed, "un\u{E9}\u{E9}"))
        #expect(!passes(precomposed, "une\u{301}e\u{301}"))
    }

    @Test("a match limit fails the value with the rule's message and the limit underneath (fail closed)")
    func matchLimit() throws {
        let runaway = String(repeating: "a", count: 30) + "!"
        @Validate(.format("^(a+)+$")) var text: String = runaway
        #expect(!$text.isValid)
        #expect($text.errors.localizedDescriptions == ["Is incorrectly formatted"])
        let error = try #require($text.errors.first as? ValidationError)
        #expect((error.underlyingError as? PatternError)?.kind == .matchLimit)
        text = String(repeating: "a", count: 30)
        #expect($text.isValid)
    }
}
