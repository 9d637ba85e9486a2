import FastCop
import Testing

@Suite("BatchReport: counts per rule")
struct BatchReportCountsTests {
    @Test("each rule counted once per input, most first, with the first failing index")
    func counts() {
        let inputs = ["ok", "bad email", "", "bad email and phone", "x"]
        let report = Batch().report(inputs) { value in
            var issues: [BatchIssue] = []
            if value.isEmpty { issues.append(BatchIssue(message: "required", rule: "name")) }
            if value.contains("email") { issues.append(BatchIssue(message: "Invalid email", rule: "email")) }
            if value.contains("phone") {
                issues.append(BatchIssue(message: "Invalid phone"))
                issues.append(BatchIssue(message: "Invalid phone"))  // the same rule twice: one input
            }
            if value == "x" { issues.append(BatchIssue(message: "too short", rule: "name")) }
            return issues
        }
        #expect(report.invalidCount == 4)
        #expect(
            report.countsByRule == [
                .init(rule: "email", count: 2, firstIndex: 1), .init(rule: "name", count: 2, firstIndex: 2),
                .init(rule: "Invalid phone", count: 1, firstIndex: 3),
            ])
    }
}
