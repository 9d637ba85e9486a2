import FastCop
import Testing

@Suite("Validation: email")
struct ValidationEmailTests {
    @Test(
        "whole match of SwiftCop's email rule",
        arguments: [
            ("test@test.com", true), ("a@b.co", true), ("x@y.comm", true), ("a..b@c..com", true),
            ("first.last+tag@sub.example.org", true), ("test@test", false), ("test@", false),
            ("test.com", false), (".com", false), ("a@b.museum", false), ("x@y.commm", false),
            ("a@b.c", false), ("ÄÖ@x.com", false), ("zoë@example.com", false), ("a@exämple.com", false),
            (" test@test.com", false), ("test@test.com ", false), ("test@test.com\n", false),
            ("write to test@test.com", false), ("😀@x.com", false), ("", false),
        ])
    func rule(value: String, valid: Bool) {
        @Validate(.email()) var email: String = value
        #expect($email.isValid == valid)
    }

    @Test("default and custom messages; String? fails on nil")
    func messages() {
        #expect(message(Validation<String>.email(), "nope") == "Is not a valid email")
        #expect(message(Validation<String>.email(message: "Adresse invalide"), "nope") == "Adresse invalide")
        #expect(message(Validation<String?>.email(), nil) == "Is not a valid email")
        #expect(message(Validation<String?>.email(message: "Ungültig"), nil) == "Ungültig")
        #expect(message(Validation<String?>.email(), "ada@example.com") == nil)
    }
}
