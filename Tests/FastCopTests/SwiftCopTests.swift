import Foundation
import Testing

@testable import FastCop

@Suite("SwiftCop")
struct SwiftCopTests {
    @Test func anEmptyCopFindsNoGuilty() {
        let cop = SwiftCop()
        #expect(cop.anyGuilty() == false)
        #expect(cop.allGuilties().isEmpty)
        #expect(cop.isGuilty(InputField()) == nil)
        #expect(cop.suspects.isEmpty)
    }

    @Test func suspectsKeepTheirOrderAndDuplicates() {
        let cop = SwiftCop()
        let field = InputField(text: "x")
        let suspect = Suspect(view: field, sentence: "one", trial: .beTrue)
        cop.addSuspect(suspect)
        cop.addSuspect(Suspect(view: field, sentence: "two", trial: .beFalse))
        cop.addSuspect(suspect)
        #expect(cop.suspects.map(\.sentence) == ["one", "two", "one"])
    }

    @Test func allGuiltiesInInsertionOrder() {
        let cop = SwiftCop()
        let name = InputField(text: "Ada")
        let email = InputField(text: "ada@")
        let password = InputField(text: "straße")
        cop.addSuspect(Suspect(view: email, sentence: "Invalid email", trial: .email))
        cop.addSuspect(Suspect(view: password, sentence: "Minimum 4 Characters", trial: .length(.minimum, 4)))
        cop.addSuspect(Suspect(view: name, sentence: "Two words") { $0.split(separator: " ").count >= 2 })
        #expect(cop.anyGuilty())
        #expect(cop.allGuilties().map(\.sentence) == ["Invalid email", "Two words"])
        email.text = "ada@example.com"
        name.text = "Ada Lovelace"
        #expect(cop.anyGuilty() == false)
        #expect(cop.allGuilties().isEmpty)
        password.text = "é👍"
        #expect(cop.allGuilties().map(\.sentence) == ["Minimum 4 Characters"])
    }

    @Test func isGuiltyReturnsTheFirstGuiltySuspectOfThatView() throws {
        let cop = SwiftCop()
        let field = InputField(text: "ab")
        let other = InputField(text: "")
        cop.addSuspect(Suspect(view: other, sentence: "Other", trial: .beFalse))
        cop.addSuspect(Suspect(view: field, sentence: "Not empty", trial: .length(.minimum, 1)))
        cop.addSuspect(Suspect(view: field, sentence: "Minimum 3", trial: .length(.minimum, 3)))
        cop.addSuspect(Suspect(view: field, sentence: "Needs ß", trial: .inclusion(["ß"])))
        // The first suspect of the view is innocent, so the second is returned.
        let guilty = try #require(cop.isGuilty(field))
        #expect(guilty.sentence == "Minimum 3")
        #expect(guilty.view === field)
        #expect(cop.isGuilty(field)?.verdict() == "Minimum 3")
        field.text = "abc"
        #expect(cop.isGuilty(field)?.sentence == "Needs ß")
        field.text = "straße"
        #expect(cop.isGuilty(field) == nil)
        field.text = nil
        #expect(cop.isGuilty(field)?.sentence == "Not empty")
        #expect(cop.isGuilty(other)?.sentence == "Other")
    }

    @Test func viewsAreComparedByIdentityNotText() {
        let cop = SwiftCop()
        let watched = InputField(text: "bad")
        cop.addSuspect(Suspect(view: watched, sentence: "Invalid email", trial: .email))
        #expect(cop.isGuilty(watched) != nil)
        #expect(cop.isGuilty(InputField(text: "bad")) == nil)
    }

    @Test func theSwiftCopReadmeExample() {
        let fullName = InputField()
        let email = InputField()
        let password = InputField()
        let cop = SwiftCop()
        cop.addSuspect(
            Suspect(view: fullName, sentence: "More Than Two Words Needed") {
                return $0.components(separatedBy: " ").filter { $0 != "" }.count >= 2
            })
        cop.addSuspect(Suspect(view: email, sentence: "Invalid email", trial: Trial.email))
        cop.addSuspect(Suspect(view: password, sentence: "Minimum 4 Characters", trial: Trial.length(.minimum, 4)))

        func summary() -> String {
            let guilties = cop.allGuilties().map { $0.sentence }.joined(separator: "\n")
            return guilties.count > 0 ? guilties : "Everything fine!"
        }

        #expect(summary() == "More Than Two Words Needed\nInvalid email\nMinimum 4 Characters")
        fullName.text = "José Ñúñez"
        email.text = "jose@example.es"
        password.text = "ß3cr"
        #expect(cop.isGuilty(fullName)?.verdict() == nil)
        #expect(summary() == "Everything fine!")
        password.text = "🔑🔑"
        #expect(cop.isGuilty(password)?.verdict() == "Minimum 4 Characters")
        #expect(summary() == "Minimum 4 Characters")
    }

    @Test func theCopCanBeSubclassed() {
        final class LoggingCop: SwiftCop {
            var added: [String] = []
            override func addSuspect(_ suspect: Suspect) {
                added.append(suspect.sentence)
                super.addSuspect(suspect)
            }
        }
        let cop = LoggingCop()
        cop.addSuspect(Suspect(view: InputField(), sentence: "Required", trial: .length(.minimum, 1)))
        #expect(cop.added == ["Required"])
        #expect(cop.anyGuilty())
    }

    @Test func suspectsCanBeReplacedInternally() {
        let cop = SwiftCop()
        cop.addSuspect(Suspect(view: InputField(), sentence: "x", trial: .beFalse))
        cop.suspects.removeAll()
        #expect(cop.anyGuilty() == false)
    }
}
