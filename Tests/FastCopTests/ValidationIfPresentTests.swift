import FastCop
import Testing

@Suite("Validation: ifPresent (allow nil / allow blank)")
struct ValidationIfPresentTests {
    @Test(
        "on String?: nil and \"\" pass, anything else must pass the rule",
        arguments: [
            (String?.none, true), ("", true), ("ada@example.com", true), ("ada@", false), (" ", false),
            ("zoë@example.com", false),
        ])
    func optionalString(value: String?, valid: Bool) {
        @Validate(.ifPresent(.email())) var email: String? = value
        #expect($email.isValid == valid)
    }

    @Test(
        "on String: \"\" passes, anything else must pass the rule",
        arguments: [("", true), ("é", false), ("ééé", true), ("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", true), ("ab", false)])
    func plainString(value: String, valid: Bool) {
        @Validate(.ifPresent(.count(greaterThan: 2))) var nickname: String = value
        #expect($nickname.isValid == valid)
    }

    @Test("on other Optionals only nil is absent")
    func otherOptionals() {
        let adult = Validation<Int> { age in
            guard age >= 18 else { throw ValidationError(description: "Must be an adult") }
        }
        @Validate(.ifPresent(adult)) var age: Int? = nil
        #expect($age.isValid)
        age = 12
        #expect($age.errors.localizedDescriptions == ["Must be an adult"])
        age = 30
        #expect($age.isValid)
        @Validate(.ifPresent(.count(lessThan: 2))) var tags: [String]? = []
        #expect($tags.isValid)
        tags = ["a", "b"]
        #expect($tags.errors.localizedDescriptions == ["Should be less than 2"])
    }

    @Test("combines with presence for a required field, or stands alone for an optional one")
    func combined() {
        @Validate(.presence(), .ifPresent(.format(#"^\p{Lu}"#, message: "Must start with a capital")))
        var name: String? = ""
        #expect($name.errors.localizedDescriptions == ["Can't be blank"])
        name = "émile"
        #expect($name.errors.localizedDescriptions == ["Must start with a capital"])
        name = "Émile"
        #expect($name.isValid)
    }
}
