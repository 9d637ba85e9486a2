import FastCop
import Testing

@Suite("Validation: presence")
struct ValidationPresenceTests {
    @Test(
        "on String: empty fails, anything else (whitespace too) passes",
        arguments: [("", false), (" ", true), ("é", true), ("\u{301}", true), ("😀", true), ("\n", true)])
    func onString(value: String, valid: Bool) {
        @Validate(.presence()) var name: String = value
        #expect($name.isValid == valid)
    }

    @Test(
        "on String?: .presence() picks presence(allowEmpty:), so \"\" fails",
        arguments: [(String?.none, false), ("", false), (" ", true), ("ß", true)])
    func onOptionalString(value: String?, valid: Bool) {
        @Validate(.presence()) var name: String? = value
        #expect($name.isValid == valid)
    }

    @Test(
        "allowEmpty lets \"\" pass, never nil",
        arguments: [(String?.none, false), ("", true), ("é", true)])
    func allowEmpty(value: String?, valid: Bool) {
        @Validate(.presence(allowEmpty: true)) var name: String? = value
        #expect($name.isValid == valid)
    }

    @Test("generic presence on any Optional")
    func generic() {
        @Validate(.presence()) var age: Int? = nil
        #expect($age.errors.localizedDescriptions == ["Can't be blank"])
        age = 0
        #expect($age.isValid)
        @Validate(.presence()) var tags: [String]? = []
        #expect($tags.isValid)  // the generic form only checks for nil
    }

    @Test("default and custom messages")
    func messages() {
        #expect(message(Validation<String>.presence(), "") == "Can't be blank")
        #expect(message(Validation<String?>.presence(), nil) == "Can't be blank")
        #expect(message(Validation<String?>.presence(allowEmpty: true), nil) == "Can't be blank")
        #expect(message(Validation<Int?>.presence(), nil) == "Can't be blank")
        #expect(message(Validation<String>.presence(message: "Nom requis"), "") == "Nom requis")
        #expect(message(Validation<String?>.presence(message: "Ça manque"), "") == "Ça manque")
        #expect(message(Validation<Double?>.presence(message: "Fehlt"), nil) == "Fehlt")
    }
}
