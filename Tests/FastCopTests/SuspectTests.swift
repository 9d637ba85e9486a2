import FastCop
import Foundation
import Synchronization
import Testing

@Suite("Suspect")
struct SuspectTests {
    @Test func aClosureTrialJudgesTheText() {
        let field = InputField(text: "Ada")
        let suspect = Suspect(view: field, sentence: "More Than Two Words Needed") {
            $0.components(separatedBy: " ").filter { $0 != "" }.count >= 2
        }
        #expect(suspect.isGuilty())
        #expect(suspect.verdict() == "More Than Two Words Needed")
        field.text = "Ada  Lovelace"
        #expect(suspect.isGuilty() == false)
        #expect(suspect.verdict() == "")
    }

    @Test func theClosureMayBePassedByLabel() {
        let field = InputField(text: "x")
        let suspect = Suspect(view: field, sentence: "Empty", trial: { (evidence: String) -> Bool in evidence.isEmpty })
        #expect(suspect.isGuilty())
    }

    @Test(arguments: [
        ("ada@example.com", false), ("ada@example", true), ("", true), ("josé@example.com", true),
    ])
    func aTrialJudgesTheText(_ text: String, _ guilty: Bool) {
        let field = InputField(text: text)
        let byValue = Suspect(view: field, sentence: "Invalid email", trial: Trial.email)
        let byMember = Suspect(view: field, sentence: "Invalid email", trial: .email)
        let byProtocol = Suspect(view: field, sentence: "Invalid email", trial: Trial.email as any TrialProtocol)
        for suspect in [byValue, byMember, byProtocol] {
            #expect(suspect.isGuilty() == guilty)
            #expect(suspect.verdict() == (guilty ? "Invalid email" : ""))
        }
    }

    @Test func theTextIsReadWhenJudged() {
        let field = InputField(text: "abc")
        let suspect = Suspect(view: field, sentence: "Minimum 4 Characters", trial: .length(.minimum, 4))
        #expect(suspect.isGuilty())
        field.text = "abcd"
        #expect(suspect.isGuilty() == false)
        field.text = "e\u{301}ß👍"
        #expect(suspect.isGuilty())
        field.text = "e\u{301}ß👍🇫🇷"
        #expect(suspect.isGuilty() == false)
    }

    @Test func nilTextIsJudgedAsEmpty() {
        let field = InputField()
        let seen = Mutex<[String]>([])
        let recording = Suspect(view: field, sentence: "Required") { evidence in
            seen.withLock { $0.append(evidence) }
            return !evidence.isEmpty
        }
        #expect(recording.isGuilty())
        #expect(seen.withLock { $0 } == [""])
        #expect(Suspect(view: field, sentence: "", trial: .beTrue).isGuilty() == false)
        #expect(Suspect(view: field, sentence: "Too long", trial: .length(.maximum, 0)).isGuilty() == false)
        #expect(Suspect(view: field, sentence: "Invalid email", trial: .email).verdict() == "Invalid email")
        field.text = "x"
        field.text = nil
        #expect(recording.verdict() == "Required")
    }

    @Test func aProtocolTrialIsPreparedOnceAtInit() {
        final class Counter: @unchecked Sendable {
            // Only touched from this test's thread.
            var trials = 0
        }
        struct Counting: TrialProtocol {
            let counter: Counter
            func trial() -> ((_ evidence: String) -> Bool) {
                counter.trials += 1
                return { $0.first?.isUppercase ?? false }
            }
        }
        let counter = Counter()
        let field = InputField(text: "Élan")
        let suspect = Suspect(view: field, sentence: "Capital first", trial: Counting(counter: counter))
        #expect(counter.trials == 1)
        #expect(suspect.isGuilty() == false)
        field.text = "élan"
        #expect(suspect.isGuilty())
        #expect(counter.trials == 1)
    }

    @Test func viewAndSentenceAreReadable() {
        let field = InputField(text: "x")
        let suspect = Suspect(view: field, sentence: "Needs ß", trial: .inclusion(["ß"]))
        #expect(suspect.view === field)
        #expect(suspect.sentence == "Needs ß")
        #expect(suspect.view.text == "x")
    }

    @Test func composedTrialsMakeSuspects() {
        let field = InputField(text: "ada@example.com")
        let suspect = Suspect(
            view: field, sentence: "Work email needed", trial: Trial.email && !Trial.inclusion(["@example.com"]))
        #expect(suspect.isGuilty())
        field.text = "ada@work.org"
        #expect(suspect.isGuilty() == false)
    }

    @Test func aBrokenFormatMakesTheSuspectGuiltyWithoutCrashing() {
        let field = InputField(text: "anything")
        let suspect = Suspect(view: field, sentence: "Bad format", trial: .format("([a-z]"))
        #expect(suspect.isGuilty())
        #expect(suspect.verdict() == "Bad format")
    }

    @Test func inputFieldsCompareByIdentity() {
        let first = InputField(text: "same")
        let second = InputField(text: "same")
        #expect(first == first)
        #expect(first != second)
        #expect(Set([first, second, first]).count == 2)
        #expect(first.description == "InputField(\"same\")")
        #expect(InputField().description == "InputField(nil)")
    }
}
