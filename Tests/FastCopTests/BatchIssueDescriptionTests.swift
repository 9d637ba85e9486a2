import Testing

@testable import FastCop

/// How a batch issue prints: the rule's name and the message, never the same text twice.
@Suite("BatchIssue.description")
struct BatchIssueDescriptionTests {
    @Test(
        "the rule is printed before the message unless it is the message",
        arguments: [
            (BatchIssue(message: "Invalid email", rule: "Invalid email"), "Invalid email"),
            (BatchIssue(message: "Invalid email", rule: "email"), "email: Invalid email"),
            (BatchIssue(message: "Adresse invalide"), "Adresse invalide"),
            (BatchIssue(message: "trop court", rule: "prénom"), "prénom: trop court"),
        ])
    func description(issue: BatchIssue, text: String) {
        #expect(issue.description == text)
    }

    @Test("a TrialRule without a name reports its message once")
    func trialRuleDefaultName() throws {
        let report = try Batch().report(
            ["zoë@", "ada@example.com"], rules: [TrialRule(.email, message: "Invalid email")])
        #expect(report.failures.map { $0.issues.map(\.description) } == [["Invalid email"]])
    }
}
