import FastCop
import Foundation
import Testing

/// The library examples of the README and docs/library.md, as written there, each followed by
/// the checks of what it says it gives. `DocumentationExamplesTests` checks that each block's
/// code is here, in order, under the `<!-- test: … -->` name it gives.
@Suite("README and guide examples")
struct ReadmeExamplesTests {
    @Test("README: the Package.swift snippet names this package and its library product")
    func packageSnippet() throws {
        let snippet = """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "MyServer",
                dependencies: [
                    .package(name: "FastCop", path: "../FastCop")
                ],
                targets: [
                    .executableTarget(
                        name: "MyServer",
                        dependencies: [.product(name: "FastCop", package: "FastCop")]
                    )
                ]
            )
            """
        let manifest = try String(
            contentsOf: DocumentationExamples.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        func first(_ pattern: String, in text: String) throws -> String? {
            guard let match = try Pattern(pattern).firstMatch(in: text), let group = match[1] else { return nil }
            return String(group)
        }
        let packageName = try #require(try first(#"Package\(\s*name:\s*"([^"]+)""#, in: manifest))
        let product = try #require(try first(#"\.product\(name:\s*"([^"]+)""#, in: snippet))
        let productPackage = try #require(try first(#"package:\s*"([^"]+)"\)"#, in: snippet))
        // `package:` names the dependency by the `name:` it is given (without one, SwiftPM would
        // name a path dependency after its folder, whatever the clone is called).
        let dependency = try #require(try first(#"\.package\(name:\s*"([^"]+)",\s*path:"#, in: snippet))
        #expect(productPackage == packageName)
        #expect(dependency == packageName)
        #expect(manifest.contains(#".library(name: "\#(product)""#))
        #expect(try first(#"swift-tools-version:\s*([0-9.]+)"#, in: manifest) == "6.0")
        #expect(snippet.hasPrefix("// swift-tools-version:6.0\n"))
    }

    @Test("README: the library in one example")
    func frontDoor() throws {
        // A pattern: compiled once with JIT, run under limits, Unicode-aware like NSRegularExpression.
        let date = try Pattern(#"(?<year>\d{4})-(?<month>\d\d)"#)
        #expect(try date.firstMatch(in: "paid 2026-11, café")?["year"] == "2026")

        // SwiftCop's trials: they combine, are Sendable, and say why they reject.
        let username = Trial.length(.in, 3...20) && !Trial.inclusion([" ", "@"])
        #expect(username.trial()("ada_l"))
        #expect(Trial.modernEmail.trial()("curator@louvre.museum"))
        #expect(!Trial.email.trial()("curator@louvre.museum"))

        // SwiftFilter's chains: build once, apply from any thread.
        let tidy = FilterChain() <~~ TrimFilter() <~~ CollapseWhitespaceFilter() <~~ CharCaseFilter(.ucwords)
        #expect(try tidy.apply(to: "  ada   LOVELACE ") == "Ada Lovelace")

        // Validate's @Validate, with a report of every field.
        struct SignUp: ValidatableForm {
            @Validate(.presence(), .count(lessThan: 40)) var name: String = ""
            @Validate(.modernEmail()) var email: String = ""
        }
        let form = SignUp()
        form.email = "ada@example"
        #expect(form.validationErrors["email"] == ["Is not a valid email"])
    }

    @Test("docs/library.md: patterns, errors and limits")
    func patterns() throws {
        let email = try Pattern(Pattern.emailSource)
        #expect(try email.hasWholeMatch(in: "ada@example.com"))
        #expect(try email.hasMatch(in: "mail ada@example.com"))

        let date = try Pattern(#"(?<year>\d{4})-(?<month>\d\d)"#)
        let match = try date.firstMatch(in: "paid 2026-11, café")!
        #expect(match["year"] == "2026")

        #expect(try Pattern("([0-9]+)").replacing(in: "a12b", with: "<$1>") == "a<12>b")
        #expect(try Pattern(#"\s+"#).replacing(in: "a  b\t c", with: " ") == "a b c")
        #expect(try Pattern(#"\d+"#).replacing(in: "3 apples") { String(Int($0.substring)! * 2) } == "6 apples")

        let cached = try PatternCache.shared.pattern(#"^\d+$"#, wholeMatch: true)
        #expect(try cached.hasWholeMatch(in: "2026"))

        // Errors and limits.
        let error = try #require(throws: PatternError.self) { try Pattern("(ab") }
        #expect(error.description == "(ab\n   ^\nmissing closing parenthesis at offset 3")
        let runaway = try #require(throws: PatternError.self) {
            try Pattern("^(a+)+$").hasMatch(in: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!")
        }
        #expect(runaway.kind == .matchLimit)
    }

    @Test("docs/library.md: SwiftCop")
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
        #expect(!Trial.format("(a+)+$").trial()(String(repeating: "a", count: 40) + "!"))
        #expect(throws: PatternError.self) { try Trial.format("#([0-9a-f]{6}").validated() }
    }

    @Test("docs/library.md: SwiftFilter")
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

    @Test("docs/library.md: Validate")
    func validate() throws {
        struct SignUp: ValidatableForm {
            @Validate(.presence(), .count(lessThan: 40)) var name: String = ""
            @Validate(.email()) var email: String = ""
            @Validate(.ifPresent(.format(#"^\+?[0-9 ]+$"#, message: "Digits only"))) var phone: String? = nil
            @Validate(.count(in: 8...64)) var password: String = ""
            @Validate(.trial(Trial.length(.maximum, 12) && !Trial.inclusion(["@"]), message: "Bad nickname"))
            var nickname: String = "zoë"
        }

        let form = SignUp()
        form.name = "Zoë"
        form.email = "zoe@example"
        form.password = "größer"
        #expect(form.$name.isValid)
        #expect(form.$email.errors.localizedDescriptions == ["Is not a valid email"])

        let seen = ObservedErrors()
        form.$email.onErrorsChange { errors in print("email:", errors.isEmpty ? "ok" : "invalid") }
        form.$email.onErrorsChange { errors in seen.append(errors.isEmpty) }
        form.email = "zoe@example.com"
        #expect(seen.values == [true])

        let report = form.validationErrors
        #expect(!report.isValid)
        #expect(report["password"] == ["Should be between 8 and 64"])
        #expect(
            String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
                == #"{"password":["Should be between 8 and 64"]}"#)
    }

    @Test("docs/library.md: batches")
    func batches() throws {
        let addresses = ["ada@example.com", " Zoe@Example.com ", "nope"]
        let emailsPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("fastcop-readme-emails-\(UUID().uuidString).txt").path
        try Data("ada@example.com\nnope\nzoe@example.com\n".utf8).write(to: URL(fileURLWithPath: emailsPath))
        defer { try? FileManager.default.removeItem(atPath: emailsPath) }

        let email = try Pattern(Pattern.emailSource)
        let valid: [Bool] = Batch().hasWholeMatch(email, in: addresses)
        #expect(valid == [true, false, false])

        let report = try Batch().report(addresses, rules: [TrialRule(.email, message: "Invalid email")])
        for failure in report.failures.prefix(3) {
            print("row \(failure.index + 1): \(failure.issues.map(\.description).joined(separator: "; "))")
        }
        #expect(report.failures.map(\.index) == [1, 2])

        let chain = FilterChain() <~~ TrimFilter() <~~ CharCaseFilter(.lowercase)
        let outcomes = try Batch().clean(addresses, filter: chain, rules: [TrialRule(.email, message: "Invalid email")])
        #expect(outcomes.map(\.value) == ["ada@example.com", "zoe@example.com", nil])

        var verdicts: [String] = []
        let reader = try UTF8LineReader(path: emailsPath)
        while let block = try reader.nextBlock() {
            let lines = block.withUnsafeBytes { Batch().matchLines(email, in: $0, wholeLine: true) }
            verdicts += lines.verdicts.map { "\($0)" }
        }
        #expect(verdicts.count == 3)
        #expect(verdicts.first == verdicts.last && verdicts.first != verdicts[1])
    }
}

/// What an `onErrorsChange` handler saw.
private final class ObservedErrors: @unchecked Sendable {
    // @unchecked: every access to `seen` holds `lock`.
    private let lock = NSLock()
    private var seen: [Bool] = []
    func append(_ isEmpty: Bool) { lock.withLock { seen.append(isEmpty) } }
    var values: [Bool] { lock.withLock { seen } }
}
