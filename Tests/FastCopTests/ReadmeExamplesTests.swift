import FastCop
import Foundation
import Testing

/// The README's library examples, kept compiling and true.
@Suite("README examples")
struct ReadmeExamplesTests {
    @Test("patterns")
    func patterns() throws {
        let email = try Pattern(Pattern.emailSource)
        #expect(try email.hasWholeMatch(in: "ada@example.com"))
        #expect(try email.hasMatch(in: "mail ada@example.com"))
        let date = try Pattern(#"(?<year>\d{4})-(?<month>\d\d)"#)
        let match = try #require(try date.firstMatch(in: "paid 2026-11, café"))
        #expect(match["year"] == "2026")
        #expect(try Pattern("([0-9]+)").replacing(in: "a12b", with: "<$1>") == "a<12>b")
        #expect(try Pattern(#"\s+"#).replacing(in: "a  b\t c", with: " ") == "a b c")
        #expect(try Pattern(#"\d+"#).replacing(in: "3 apples") { String(Int($0.substring)! * 2) } == "6 apples")
        let error = try #require(throws: PatternError.self) { try Pattern("(ab") }
        #expect(error.description == "(ab\n   ^\nmissing closing parenthesis at offset 3")
        let runaway = try #require(throws: PatternError.self) {
            try Pattern("^(a+)+$").hasMatch(in: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!")
        }
        #expect(runaway.kind == .matchLimit)
    }

    @Test("SwiftCop")
    func swiftCop() throws {
        let fullName = InputField(text: "Ada")
        let email = InputField(text: "ada@example")
        let password = InputField(text: "ß3cr")
        let cop = SwiftCop()
        cop.addSuspect(
            Suspect(view: fullName, sentence: "More Than Two Words Needed") {
                $0.components(separatedBy: " ").filter { $0 != "" }.count >= 2
            })
        cop.addSuspect(Suspect(view: email, sentence: "Invalid email", trial: .email))
        cop.addSuspect(Suspect(view: password, sentence: "Minimum 4 Characters", trial: .length(.minimum, 4)))
        #expect(cop.isGuilty(email)?.verdict() == "Invalid email")
        #expect(cop.allGuilties().map(\.sentence) == ["More Than Two Words Needed", "Invalid email"])
        fullName.text = "Ada Lovelace"
        email.text = "ada@example.com"
        #expect((cop.anyGuilty() ? "Fix the form" : "Everything fine!") == "Everything fine!")
        let username = Trial.length(.in, 3...20) && !Trial.inclusion([" ", "@"])
        #expect(username.trial()("ada_l"))
        #expect(throws: PatternError.self) {
            try Trial.format("(a+)+$").evaluate(String(repeating: "a", count: 40) + "!")
        }
        #expect(throws: PatternError.self) { try Trial.format("#([0-9a-f]{6}").validated() }
    }

    @Test("SwiftFilter")
    func swiftFilter() throws {
        let chain =
            FilterChain()
            <~~ TrimFilter()
            <~~ ReplaceFilter { $0.replaceType = .replaceString(searchStr: "foo", replacementStr: "bar") }
        let out: String? = try chain.filter("  \t \n  Some foo String   \t\t \n ", nil)
        #expect(out == "Some bar String")
        let name =
            FilterChain()
            <~~ StripInvisiblesFilter()
            <~~ UnicodeNormalizationFilter(.nfkc)
            <~~ CollapseWhitespaceFilter()
            <~~ TrimFilter()
            <~~ CharCaseFilter(.ucwords)
        #expect(try name.apply(to: "\u{FEFF}  ｚoe\u{301}\u{200B}  \t ørsted ") == "Zoé Ørsted")
        #expect(try (FilterChain() <~~ DigitsOnlyFilter()).apply(to: "+49 (0)３０-１２３ 45") == "4903012345")
        let dates = RegexReplaceFilter {
            $0.pattern = #"(\d{4})-(\d{2})-(\d{2})"#
            $0.replacement = "$3.$2.$1"
        }
        #expect(try dates.apply(to: "from 2024-05-06") == "from 06.05.2024")
    }

    struct SignUp: ValidatableForm {
        @Validate(.presence(), .count(lessThan: 40)) var name: String = ""
        @Validate(.email()) var email: String = ""
        @Validate(.ifPresent(.format(#"^\+?[0-9 ]+$"#, message: "Digits only"))) var phone: String? = nil
        @Validate(.count(in: 8...64)) var password: String = ""
        @Validate(.trial(Trial.length(.maximum, 12) && !Trial.inclusion(["@"]), message: "Bad nickname"))
        var nickname: String = "zoë"
    }

    @Test("Validate")
    func validate() throws {
        let form = SignUp()
        form.name = "Zoë"
        form.email = "zoe@example"
        form.password = "größer"
        #expect(form.$name.isValid)
        #expect(form.$email.errors.localizedDescriptions == ["Is not a valid email"])
        form.email = "zoe@example.com"
        let report = form.validationErrors
        #expect(!report.isValid)
        #expect(report["password"] == ["Should be between 8 and 64"])
        #expect(
            String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
                == #"{"password":["Should be between 8 and 64"]}"#)
    }

    @Test("batches")
    func batches() throws {
        let addresses = ["ada@example.com", " Zoe@Example.com ", "nope"]
        let email = try Pattern(Pattern.emailSource)
        #expect(Batch().hasWholeMatch(email, in: addresses) == [true, false, false])
        let report = try Batch().report(addresses, rules: [TrialRule(.email, message: "Invalid email")])
        #expect(report.failures.map(\.index) == [1, 2])
        let chain = FilterChain() <~~ TrimFilter() <~~ CharCaseFilter(.lowercase)
        let outcomes = try Batch().clean(addresses, filter: chain, rules: [TrialRule(.email, message: "Invalid email")])
        #expect(outcomes.map(\.value) == ["ada@example.com", "zoe@example.com", nil])
    }
}
