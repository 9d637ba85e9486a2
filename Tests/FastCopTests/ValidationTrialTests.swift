import FastCop
import Testing

@Suite("Validation.trial: SwiftCop trials as validations")
struct ValidationTrialTests {
    static let cases: [(value: String, valid: Bool)] = [
        ("ada@example.com", true),
        ("zoë@example.com", false),
        ("ada@example", false),
        ("", false),
        (String(repeating: "a", count: 250) + "@b.com", false),  // too long for the combined trial
    ]

    @Test("a trial passes and fails as the trial does, with the message", arguments: cases)
    func combined(value: String, valid: Bool) throws {
        let validation: Validation<String> = .trial(Trial.email && .length(.maximum, 254), message: "Invalid email")
        @Validate(validation) var email: String = value
        #expect($email.isValid == valid)
        #expect($email.errors.localizedDescriptions == (valid ? [] : ["Invalid email"]))
    }

    @Test("a runaway or broken pattern fails closed and says why")
    func failsClosed() throws {
        @Validate(.trial(Trial.format("(a+)+"), message: "Only a's")) var text: String = "aaaa"
        #expect($text.isValid)
        text = String(repeating: "a", count: 30) + "!"
        let error = try #require($text.errors.first as? ValidationError)
        #expect(error.description == "Only a's")  // the user's message, not the pattern
        #expect((error.underlyingError as? PatternError)?.isLimit == true)

        @Validate(.trial(Trial.format("(ab"), message: "x")) var broken: String = "ab"
        let compileError = try #require($broken.errors.first as? ValidationError)
        #expect(compileError.description == "x")
        #expect((compileError.underlyingError as? PatternError)?.kind == .compile)
    }

    struct Palindrome: TrialProtocol {
        func trial() -> ((String) -> Bool) { { $0 == String($0.reversed()) } }
    }

    @Test("a TrialProtocol of one's own and optional values")
    func ownTrialAndOptional() {
        @Validate(.trial(Palindrome(), message: "Not a palindrome")) var word: String = "été"
        #expect($word.isValid)
        word = "café"
        #expect($word.errors.localizedDescriptions == ["Not a palindrome"])

        @Validate(.trial(Trial.email, message: "Invalid email")) var optional: String? = nil
        #expect($optional.errors.localizedDescriptions == ["Invalid email"])
        optional = "ß@x.de"
        #expect(!$optional.isValid)
        optional = "ss@x.de"
        #expect($optional.isValid)
    }
}
