import Synchronization
import Testing

@testable import FastCop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The handler is process-wide: the tests that replace it run one at a time, and each looks
/// only at diagnostics about its own patterns (other suites' broken patterns may pass by).
@Suite("ValidationDiagnostics: pattern errors go to the developer, messages to the user", .serialized)
struct ValidationDiagnosticsTests {
    /// The diagnostics given while `body` runs, with the handler replaced and then restored.
    static func diagnostics(
        about marker: String, during body: () throws -> Void
    ) rethrows -> [ValidationDiagnostics.Diagnostic] {
        let seen = Collected()
        let previous = ValidationDiagnostics.handler
        ValidationDiagnostics.handler = { diagnostic in
            if "\(diagnostic.error)".contains(marker) { seen.append(diagnostic) }
        }
        defer { ValidationDiagnostics.handler = previous }
        try body()
        return seen.all
    }

    @Test("a broken format pattern is reported once, at setup, with PCRE2's caret; users see the message")
    func brokenFormat() throws {
        let found = Self.diagnostics(about: "(broken-format") {
            @Validate(.format("(broken-format", message: "Invalid code")) var code: String = "x"
            #expect($code.errors.localizedDescriptions == ["Invalid code"])
            code = "(broken-format"
            #expect($code.errors.localizedDescriptions == ["Invalid code"])
            // The same pattern made again (a form made per request): not reported again.
            @Validate(.format("(broken-format", message: "Invalid code")) var again: String = "y"
            #expect(!$again.isValid)
        }
        #expect(found.count == 1)
        let diagnostic = try #require(found.first)
        #expect(diagnostic.origin == "Validation.format(_:options:message:)")
        #expect(diagnostic.userMessage == "Invalid code")
        let error = try #require(diagnostic.error as? PatternError)
        #expect(error.kind == .compile)
        #expect(error.offset == 14)
        #expect(
            diagnostic.description
                == """
                FastCop: Validation.format(_:options:message:) cannot check any value; every value fails \
                with "Invalid code" until this is fixed:
                (broken-format
                              ^
                missing closing parenthesis at offset 14
                """)
    }

    @Test("an optional format reports too, and a broken trial through Validation.trial")
    func optionalAndTrial() throws {
        let found = try Self.diagnostics(about: "[broken-é") {
            @Validate(.format("[broken-é")) var text: String? = nil
            #expect($text.errors.localizedDescriptions == ["Is incorrectly formatted"])
            @Validate(.trial(Trial.format("x[broken-é"), message: "Bad value")) var other: String = "x"
            #expect($other.errors.localizedDescriptions == ["Bad value"])
            let error = try #require($other.errors.first as? ValidationError)
            #expect((error.underlyingError as? PatternError)?.kind == .compile)
        }
        #expect(found.map(\.origin) == ["Validation.format(_:options:message:)", "Validation.trial(_:message:)"])
        #expect(found.map(\.userMessage) == ["Is incorrectly formatted", "Bad value"])
    }

    @Test("a good pattern and a match limit report nothing to the developer")
    func nothingToReport() throws {
        let runaway = String(repeating: "a", count: 30) + "!"
        let found = Self.diagnostics(about: "(a+)+") {
            @Validate(.format("^(a+)+$", message: "Only a's")) var text: String = runaway
            #expect($text.errors.localizedDescriptions == ["Only a's"])
        }
        #expect(found.isEmpty)
    }

    @Test("a pattern compiled at setup throws its error there, and the validation takes it")
    func compiledAtSetup() throws {
        let thrown = #expect(throws: PatternError.self) { try Pattern("(ab") }
        #expect(thrown?.description == "(ab\n   ^\nmissing closing parenthesis at offset 3")

        let phone = try Pattern(#"\A\+?[0-9 ()-]{7,20}\z"#)
        @Validate(.format(phone, message: "Invalid phone number")) var number: String = "call me"
        #expect($number.errors.localizedDescriptions == ["Invalid phone number"])
        number = "+1 (555) 010-0100"
        #expect($number.isValid)
        @Validate(.format(phone)) var optional: String? = nil
        #expect($optional.errors.localizedDescriptions == ["Is incorrectly formatted"])
        optional = "+44 20 7946 0000"
        #expect($optional.isValid)
    }

    @Test(
        "no message users see carries the pattern or a caret",
        arguments: [
            ("(ab", "ab"),  // broken
            ("x[é", "x"),  // broken, non-ASCII
            (#"^(\w+\s?)*$"#, String(repeating: "ab ", count: 20) + "!"),  // limit
            (#"\A\+?[0-9 ()-]{7,20}\z"#, "call me"),  // rejected
        ])
    func noPatternInMessages(pattern: String, value: String) throws {
        let validations: [Validation<String>] = [
            .format(pattern), .format(pattern, message: "Invalid phone number"),
            .format(pattern).named("Phone"), .trial(Trial.format(pattern), message: "Invalid phone number"),
        ]
        for validation in validations {
            @Validate(validation) var text: String = value
            let messages = $text.errors.localizedDescriptions
            #expect(messages.count == 1)
            for message in messages {
                #expect(!message.contains(pattern))
                #expect(!message.contains("^") && !message.contains("\n"))
                #expect(!message.contains("offset") && !message.contains("limit"))
            }
        }
    }

    @Test("the default handler writes the diagnostic and a newline to its file descriptor")
    func writesToFileDescriptor() throws {
        // `standardError` is `writing(to: STDERR_FILENO)`; a pipe stands in for standard error.
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let diagnostic = try #require(
            Self.diagnostics(about: "(pipe-test") {
                let _: Validation<String> = .format("(pipe-test", message: "Bad")
            }.first)
        ValidationDiagnostics.writing(to: ends[1])(diagnostic)
        close(ends[1])
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(ends[0], &bytes, bytes.count)
        let written = String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
        #expect(
            written
                == """
                FastCop: Validation.format(_:options:message:) cannot check any value; every value fails \
                with "Bad" until this is fixed:
                (pipe-test
                          ^
                missing closing parenthesis at offset 10

                """)
    }

    @Test("a batch report's rejection says the message alone, not the pattern in front of it")
    func batchReport() throws {
        let phone = try Pattern(#"\+?[0-9 ()-]{7,20}"#)
        let report = Batch().report(["+1 555 0100", "call me"], wholeMatching: phone, message: "Invalid phone number")
        #expect(report.failures.map(\.index) == [1])
        let issue = try #require(report.failures.first?.issues.first)
        #expect(issue.description == "Invalid phone number")
        #expect(issue.rule == nil)
        #expect(report.countsByRule.map(\.rule) == ["Invalid phone number"])
    }
}

/// Diagnostics collected from the handler, which may run on any thread.
private final class Collected: Sendable {
    private let items = Mutex<[ValidationDiagnostics.Diagnostic]>([])
    func append(_ diagnostic: ValidationDiagnostics.Diagnostic) { items.withLock { $0.append(diagnostic) } }
    var all: [ValidationDiagnostics.Diagnostic] { items.withLock { $0 } }
}
