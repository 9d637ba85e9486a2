import FastCop
import Foundation
import Testing

@Suite("Validation built-ins: oneOf, range, url, characterSet, alphanumeric, modernEmail, named")
struct ValidationBuiltinsTests {
    @Test func oneOf() {
        @Validate(.oneOf("S", "M", "L")) var size: String = "M"
        #expect($size.isValid)
        size = "XL"
        #expect($size.errors.localizedDescriptions == ["Should be one of S, M, L"])
        size = "cafe\u{301}"
        #expect(message(Validation<String>.oneOf(["café"]), size) == nil)
        #expect(message(Validation<Int>.oneOf(1, 2, message: "One or two"), 3) == "One or two")
        #expect(
            message(Validation<String?>.oneOf("a", "b"), nil) == "Should be one of Optional(\"a\"), Optional(\"b\")")
        #expect(passes(Validation<String?>.ifPresent(.oneOf("a", "b")), nil))
        #expect(passes(Validation<String?>.ifPresent(.oneOf("a", "b")), "c") == false)
    }

    @Test(
        "range: closed, half-open and one-sided, with a message that says which",
        arguments: [
            (Validation<Int>.range(18...), 17, "Should be at least 18"),
            (Validation<Int>.range(18...), 18, nil),
            (Validation<Int>.range(...65), 66, "Should be at most 65"),
            (Validation<Int>.range(..<100), 100, "Should be less than 100"),
            (Validation<Int>.range(..<100), 99, nil),
            (Validation<Int>.range(18...65), 70, "Should be between 18 and 65"),
            (Validation<Int>.range(0..<10), 10, "Should be at least 0 and less than 10"),
            (Validation<Int>.range(0..<10, message: "Pick a digit"), -1, "Pick a digit"),
        ])
    func intRange(_ validation: Validation<Int>, _ value: Int, _ expected: String?) {
        #expect(message(validation, value) == expected)
    }

    @Test func comparableRanges() {
        @Validate(.range(0.0..<1.0)) var ratio: Double = 0.5
        #expect($ratio.isValid)
        ratio = 1.0
        #expect($ratio.errors.localizedDescriptions == ["Should be at least 0.0 and less than 1.0"])
        #expect(passes(Validation<String>.range("a"..."m"), "kiwi"))
        #expect(passes(Validation<String>.range("a"..."m"), "zebra") == false)
        let start = Date(timeIntervalSince1970: 0)
        #expect(passes(Validation<Date>.range(start...), Date(timeIntervalSince1970: 10)))
        #expect(passes(Validation<Date>.range(start...), Date(timeIntervalSince1970: -10)) == false)
    }

    @Test func urlCharacterSetAndAlphanumeric() {
        #expect(message(Validation<String>.url(), "https://example.com") == nil)
        #expect(message(Validation<String>.url(), "example.com") == "Is not a valid URL")
        #expect(message(Validation<String>.url(message: "Bad link"), "mailto:a@b.org") == "Bad link")
        #expect(message(Validation<String>.alphanumeric(), "Zoë42") == nil)
        #expect(message(Validation<String>.alphanumeric(), "名前") == nil)
        #expect(message(Validation<String>.alphanumeric(), "a_b") == "Should contain only letters and digits")
        let digits = Validation<String>.characterSet(.decimalDigits)
        #expect(message(digits, "١٢٣") == nil)
        #expect(message(digits, "12a") == "Contains characters that are not allowed")
        #expect(message(Validation<String>.characterSet(.letters, message: "Letters only"), "a1") == "Letters only")
    }

    @Test func modernEmail() {
        @Validate(.modernEmail()) var email: String = "curator@louvre.museum"
        #expect($email.isValid)
        email = "ada@bücher.de"
        #expect($email.isValid)
        email = "a..b@example..com"
        #expect($email.errors.localizedDescriptions == ["Is not a valid email"])
        #expect(message(Validation<String?>.modernEmail(), nil) == "Is not a valid email")
        #expect(message(Validation<String?>.modernEmail(message: "Ungültig"), "a@-x.com") == "Ungültig")
        #expect(message(Validation<String>.email(), "curator@louvre.museum") == "Is not a valid email")
    }

    @Test(
        "named puts the field in front of the message",
        arguments: [
            (Validation<String>.presence().named("Name"), "", "Name can't be blank"),
            (Validation<String>.count(in: 2...4).named("Code"), "a", "Code should be between 2 and 4"),
            (Validation<String>.url(message: "URL must use https").named("Website"), "x", "Website URL must use https"),
            (Validation<String>.oneOf("a").named("Größe"), "b", "Größe should be one of a"),
            (Validation<String>.presence().named("Name"), "Zoë", nil),
        ])
    func named(_ validation: Validation<String>, _ value: String, _ expected: String?) {
        #expect(message(validation, value) == expected)
    }

    @Test func namedKeepsTheUnderlyingError() throws {
        let format: Validation<String> = .format("(ab")
        let broken = format.named("Code")
        let error = try #require(throws: ValidationError.self) { try broken.validate("ab") }
        #expect(error.underlyingError is PatternError)
        #expect(error.description == "Code is incorrectly formatted")
    }
}
