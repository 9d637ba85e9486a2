import FastCop
import Foundation
import Testing

private struct SignUp: ValidatableForm {
    @Validate(.presence()) var name: String = ""
    var note = "not validated"
    @Validate(.email()) var email: String = "ada@"
    @Validate(.ifPresent(.count(lessThan: 4))) var nickname: String? = nil
    @Validate(.count(in: 8...64), .format(#"\d"#, message: "Needs a digit")) var password: String = "ß"
}

private class Person {
    @Validate(.presence()) var name: String = ""
}

private final class Employee: Person, ValidatableForm {
    @Validate(.count(equalTo: 5)) var badge: String = "123"
}

@Suite("ValidationReport: form-level errors")
struct ValidationReportTests {
    @Test("every @Validate property, by name without the underscore, in declaration order")
    func fields() {
        let report = SignUp().validationErrors
        #expect(report.fields.map(\.name) == ["name", "email", "nickname", "password"])
        #expect(!report.isValid)
        #expect(report["name"] == ["Can't be blank"])
        #expect(report["email"] == ["Is not a valid email"])
        #expect(report["nickname"].isEmpty)
        #expect(report["password"] == ["Should be between 8 and 64", "Needs a digit"])
        #expect(report["note"].isEmpty)
        #expect(report.invalidFields.map(\.name) == ["name", "email", "password"])
        #expect(
            report.messages == [
                "name": ["Can't be blank"], "email": ["Is not a valid email"],
                "password": ["Should be between 8 and 64", "Needs a digit"],
            ])
    }

    @Test("follows the current values")
    func followsValues() {
        let form = SignUp()
        form.name = "Zoë"
        form.email = "zoe@example.com"
        form.password = "größer als 8"
        #expect(form.validationErrors.isValid)
        #expect(form.validationErrors.messages.isEmpty)
        #expect(form.validationErrors.description == "valid")
        form.nickname = "Zoë😀 "
        #expect(form.validationErrors.description == "nickname: Should be less than 4")
    }

    @Test("encodes as a JSON object of the invalid fields' messages, and decodes back")
    func codable() throws {
        let report = SignUp().validationErrors
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = try #require(String(data: try encoder.encode(report), encoding: .utf8))
        #expect(
            json == #"{"email":["Is not a valid email"],"name":["Can't be blank"],"#
                + #""password":["Should be between 8 and 64","Needs a digit"]}"#)
        let decoded = try JSONDecoder().decode(ValidationReport.self, from: Data(json.utf8))
        #expect(decoded.fields.map(\.name) == ["email", "name", "password"])
        #expect(decoded.messages == report.messages)
        let valid = ValidationReport(fields: [.init(name: "é", messages: [])])
        #expect(String(data: try encoder.encode(valid), encoding: .utf8) == "{}")
    }

    @Test("a subclass reports its superclass's properties first")
    func classes() {
        let employee = Employee()
        let report = employee.validationErrors
        #expect(report.fields.map(\.name) == ["name", "badge"])
        #expect(report.messages == ["name": ["Can't be blank"], "badge": ["Should be equal to 5"]])
        employee.name = "Jürgen"
        employee.badge = "ÄÖÜ12"
        #expect(employee.validationErrors.isValid)
    }

    @Test("reflecting a value with no @Validate property gives an empty, valid report")
    func noProperties() {
        let report = ValidationReport(reflecting: (1, "é"))
        #expect(report.fields.isEmpty)
        #expect(report.isValid)
    }
}
