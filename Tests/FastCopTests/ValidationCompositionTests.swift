import FastCop
import Synchronization
import Testing

@Suite("Validation composition: &&, || and !")
struct ValidationCompositionTests {
    static func constant(_ value: Bool, _ name: String) -> Validation<String> {
        Validation { _ in if !value { throw ValidationError(description: name) } }
    }

    @Test(arguments: [(true, true), (true, false), (false, true), (false, false)])
    func operatorsFollowBooleanLogic(_ lhs: Bool, _ rhs: Bool) {
        let a = ValidationCompositionTests.constant(lhs, "A")
        let b = ValidationCompositionTests.constant(rhs, "B")
        #expect(passes(a && b, "x") == (lhs && rhs))
        #expect(passes(a || b, "x") == (lhs || rhs))
        #expect(passes(!a, "x") == !lhs)
        // && reports the first failure; || the right side's when both fail.
        #expect(message(a && b, "x") == (!lhs ? "A" : !rhs ? "B" : nil))
        #expect(message(a || b, "x") == (lhs || rhs ? nil : "B"))
        #expect(message(!a, "x") == (lhs ? "Is not allowed" : nil))
    }

    @Test func inAWrapper() {
        @Validate(.count(in: 3...20) && .alphanumeric()) var username: String = "ada"
        #expect($username.isValid)
        username = "a b c"
        #expect($username.errors.localizedDescriptions == ["Should contain only letters and digits"])
        username = "ab"
        #expect($username.errors.localizedDescriptions == ["Should be between 3 and 20"])

        @Validate(.oneOf("") || .modernEmail()) var email: String = ""
        #expect($email.isValid)
        email = "ada@bücher.de"
        #expect($email.isValid)
        email = "ada@"
        #expect($email.errors.localizedDescriptions == ["Is not a valid email"])

        @Validate(!.oneOf("admin", "root")) var login: String = "ada"
        #expect($login.isValid)
        login = "root"
        #expect($login.errors.localizedDescriptions == ["Is not allowed"])
        let reserved = Validation<String>.oneOf("admin").negated(message: "Is reserved")
        #expect(message(reserved, "admin") == "Is reserved")
    }

    @Test func theRightSideIsNotRunWhenTheLeftDecides() {
        let calls = Mutex(0)
        let counted = Validation<String> { _ in calls.withLock { $0 += 1 } }
        _ = passes(ValidationCompositionTests.constant(false, "A") && counted, "x")
        _ = passes(ValidationCompositionTests.constant(true, "A") || counted, "x")
        #expect(calls.withLock { $0 } == 0)
    }

    @Test("a value that could not be checked never passes, also under ! and ||")
    func undecidedFailsClosed() throws {
        let broken: Validation<String> = .format("(ab")
        let notBroken = !broken
        let error = try #require(throws: ValidationError.self) { try notBroken.validate("ab") }
        #expect(error.underlyingError is PatternError)
        let either = broken || ValidationCompositionTests.constant(false, "B")
        let eitherError = try #require(throws: ValidationError.self) { try either.validate("ab") }
        #expect(eitherError.underlyingError is PatternError)
        #expect(passes(broken || ValidationCompositionTests.constant(true, "B"), "ab"))
    }
}
