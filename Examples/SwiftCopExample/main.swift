// SwiftCop's example app, on Linux: three fields, three suspects, a message per field and a
// summary. `InputField` stands in for `UITextField`; the validation code is SwiftCop's.
//
//   swift run SwiftCopExample                                  # a scripted session
//   swift run SwiftCopExample "Ada Lovelace" ada@example.com s3cret

import FastCop
import Foundation

/// The example app's view controller, without the views.
final class SignUpForm {
    let fullName = InputField()
    let emailTextField = InputField()
    let password = InputField()
    let swiftCop = SwiftCop()

    init() {
        swiftCop.addSuspect(
            Suspect(view: fullName, sentence: "More Than Two Words Needed") {
                return $0.components(separatedBy: " ").filter { $0 != "" }.count >= 2
            })
        swiftCop.addSuspect(Suspect(view: emailTextField, sentence: "Invalid email", trial: Trial.email))
        swiftCop.addSuspect(Suspect(view: password, sentence: "Minimum 4 Characters", trial: Trial.length(.minimum, 4)))
    }

    /// What the app shows beside a field after editing it (`validateFullName(_:)` and friends).
    func message(for field: InputField) -> String {
        swiftCop.isGuilty(field)?.verdict() ?? ""
    }

    /// What the "Check Validations" button shows (`allValid(_:)`).
    func validationLabel() -> String {
        let allGuiltiesMessage = swiftCop.allGuilties().map { $0.sentence }.joined(separator: "\n")
        return allGuiltiesMessage.count > 0 ? allGuiltiesMessage : "Everything fine!"
    }

    func show(_ title: String) {
        print("== \(title)")
        for (label, field) in [("Full name", fullName), ("Email", emailTextField), ("Password", password)] {
            let text = (field.text ?? "").debugDescription
            let message = message(for: field)
            let padded = label.padding(toLength: 10, withPad: " ", startingAt: 0)
            print("\(padded) \(text)" + (message.isEmpty ? "" : "  -> \(message)"))
        }
        print(validationLabel())
        print()
    }
}

let form = SignUpForm()
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty {
    form.show("Empty form")
    form.fullName.text = "Ada"
    form.emailTextField.text = "ada@analytical"
    form.password.text = "abc"
    form.show("Typing")
    form.fullName.text = "Ada Lovelace"
    form.emailTextField.text = "ada@analytical.engine"
    form.password.text = "ß3cr"
    form.show("Almost")
    form.emailTextField.text = "ada@analytical.org"
    form.show("Done")
} else {
    form.fullName.text = arguments.first
    form.emailTextField.text = arguments.dropFirst().first
    form.password.text = arguments.dropFirst(2).first
    form.show("Your input")
    exit(form.swiftCop.anyGuilty() ? 1 : 0)
}
