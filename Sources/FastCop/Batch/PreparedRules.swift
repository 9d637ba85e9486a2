/// Rules with their trials prepared once (patterns compiled), ready for many inputs.
///
/// Kept as parallel arrays and walked by index, so that checking an input copies no rule (a
/// ``TrialRule`` copy retains its trial and two strings) and touches a rule's message and
/// name only when the input fails it.
struct PreparedRules: Sendable {
    private let judges: [BatchJudge]
    private let messages: [String]
    private let names: [String]

    /// - Throws: the first rule's setup error (a broken pattern).
    init(_ rules: [TrialRule]) throws {
        judges = try rules.map { try BatchJudge($0.trial) }
        messages = rules.map(\.message)
        names = rules.map(\.name)
    }

    /// Every rule `input` fails, with the rule's message, or the error that stopped the rule
    /// (a pattern limit fails the input closed). Empty when the input passes them all.
    @inline(__always)
    func issues(for input: String, scratch: MatchScratch) -> [BatchIssue] {
        var issues: [BatchIssue] = []
        for index in judges.indices {
            do {
                if try !judges[index].judge(input, scratch: scratch) {
                    issues.append(BatchIssue(message: messages[index], rule: names[index]))
                }
            } catch {
                issues.append(BatchIssue(error: error, rule: names[index]))
            }
        }
        return issues
    }
}
