import FastCop
import Foundation
import Testing

@Suite("ValidationError and localizedDescriptions")
struct ValidationErrorTests {
    @Test("errorDescription and localizedDescription are the description", arguments: ["Must be even", "Zoë ß 😀", ""])
    func description(message: String) {
        let error = ValidationError(description: message)
        #expect(error.errorDescription == message)
        #expect(error.localizedDescription == message)
        #expect(error.description == message)
        #expect(error.underlyingError == nil)
    }

    @Test("localizedDescriptions works on [any Error] and on [ValidationError]")
    func descriptions() {
        let errors: [any Error] = [ValidationError(description: "a"), ValidationError(description: "é")]
        #expect(errors.localizedDescriptions == ["a", "é"])
        let typed = [ValidationError(description: "b")]
        #expect(typed.localizedDescriptions == ["b"])
    }

    @Test("a custom Validation throws its own error")
    func customValidation() throws {
        let even = Validation<Int> { value in
            guard value.isMultiple(of: 2) else { throw ValidationError(description: "Must be even") }
        }
        try even.validate(4)
        let error = try #require(throws: ValidationError.self) { try even.validate(3) }
        #expect(error.errorDescription == "Must be even")
        @Validate(even) var count = 3
        #expect($count.errors.localizedDescriptions == ["Must be even"])
        #expect(($count.errors.first as? ValidationError)?.errorDescription == "Must be even")
    }
}
