import FastCop

/// The batch shapes the `batch` section times, each with the plain loop a user would write in
/// its place (from outside the package, through the public API only).
///
/// A loop works on a part of the input (an `ArraySlice`, so that the ceiling can run the very
/// same loop on one part per core) and returns its rows: one per input, or, for reports, one
/// per failing input with its absolute index.
struct BatchShape: Sendable {
    /// The batch method, as the table names it.
    let name: String
    /// The loop's code, short.
    let loopCode: String
    /// The batch call's code, short.
    let batchCode: String
    /// Times the shape's four methods on `inputs` (see ``BatchSection``).
    let time: @Sendable (_ timer: BatchSection.ShapeTimer) throws -> (timings: [Timing], cpu: LeastCPUTimes)

    /// A report row: a failing input's index and its issues, built by the loops as
    /// `Batch.report` builds them.
    struct Failure: Sendable, Equatable {
        let index: Int
        let issues: [BatchIssue]
    }

    /// Every shape, in table order.
    static func all() throws -> [BatchShape] {
        let email = try Pattern(Pattern.emailSource)
        let isEmail = try Trial.email.makeEvaluator()
        let chain = BatchMemory.chain()
        let rules = [
            TrialRule(.email, message: "Invalid email"),
            TrialRule(.length(.maximum, 32), message: "Too long"),
        ]
        let judges = try rules.map { try $0.trial.makeEvaluator() }
        let at = try Pattern("@")

        /// The loop's rules: every rule the string fails, as `Batch.report` words it.
        @Sendable func issues(_ string: String) -> [BatchIssue] {
            var issues: [BatchIssue] = []
            for (rule, judge) in zip(rules, judges) {
                do {
                    if try !judge(string) { issues.append(BatchIssue(message: rule.message, rule: rule.name)) }
                } catch {
                    issues.append(BatchIssue(error: error, rule: rule.name))
                }
            }
            return issues
        }

        return [
            BatchShape(
                name: "hasWholeMatch", loopCode: "(try? p.hasWholeMatch(in: s)) ?? false",
                batchCode: "hasWholeMatch(p, in:)"
            ) { timer in
                try timer.time(
                    loop: { part in part.map { (try? email.hasWholeMatch(in: $0)) ?? false } },
                    batch: { batch, inputs in batch.hasWholeMatch(email, in: inputs) }, rows: { $0 }, same: ==)
            },
            BatchShape(
                name: "hasMatch", loopCode: "(try? p.hasMatch(in: s)) ?? false", batchCode: "hasMatch(p, in:)"
            ) { timer in
                try timer.time(
                    loop: { part in part.map { (try? email.hasMatch(in: $0)) ?? false } },
                    batch: { batch, inputs in batch.hasMatch(email, in: inputs) }, rows: { $0 }, same: ==)
            },
            BatchShape(
                name: "evaluate", loopCode: "(try? judge(s)) ?? false, judge = Trial.email.makeEvaluator()",
                batchCode: "evaluate(Trial.email, on:)"
            ) { timer in
                try timer.time(
                    loop: { part in part.map { (try? isEmail($0)) ?? false } },
                    batch: { batch, inputs in try batch.evaluate(Trial.email, on: inputs) }, rows: { $0 }, same: ==)
            },
            BatchShape(
                name: "report", loopCode: "each rule's evaluator, failures collected",
                batchCode: "report(_:rules:) (email, length ≤ 32)"
            ) { timer in
                try timer.time(
                    loop: { part in
                        var failures: [Failure] = []
                        for (index, string) in zip(part.indices, part) {
                            let found = issues(string)
                            if !found.isEmpty { failures.append(Failure(index: index, issues: found)) }
                        }
                        return failures
                    },
                    batch: { batch, inputs in try batch.report(inputs, rules: rules) },
                    rows: { $0.failures.map { Failure(index: $0.index, issues: $0.issues) } }, same: ==)
            },
            BatchShape(name: "apply", loopCode: "try chain.apply(to: s)", batchCode: "apply(chain, to:)") { timer in
                try timer.time(
                    loop: { part in try part.map { try chain.apply(to: $0) } },
                    batch: { batch, inputs in try batch.apply(chain, to: inputs) }, rows: { $0 }, same: sameOptional)
            },
            BatchShape(
                name: "clean", loopCode: "chain, then each rule's evaluator",
                batchCode: "clean(_:filter:rules:)"
            ) { timer in
                try timer.time(
                    loop: { part in
                        part.map { string -> CleanOutcome in
                            let filtered: String
                            do {
                                guard let value = try chain.apply(to: string) else {
                                    return .rejected([BatchIssue(message: "no value after filtering", rule: "filters")])
                                }
                                filtered = value
                            } catch {
                                return .rejected([BatchIssue(error: error, rule: "filters")])
                            }
                            let found = issues(filtered)
                            return found.isEmpty ? .clean(filtered) : .rejected(found)
                        }
                    },
                    batch: { batch, inputs in try batch.clean(inputs, filter: chain, rules: rules) }, rows: { $0 },
                    same: sameOutcome)
            },
            BatchShape(
                name: "replacing", loopCode: "try p.replacing(in: s, with: \" at \")",
                batchCode: "replacing(p, in:, with: \" at \")"
            ) { timer in
                try timer.time(
                    loop: { part in try part.map { try at.replacing(in: $0, with: " at ") } },
                    batch: { batch, inputs in try batch.replacing(at, in: inputs, with: " at ") }, rows: { $0 },
                    same: SameBytes.check)
            },
        ]
    }

    private static func sameOptional(_ left: String?, _ right: String?) -> Bool {
        switch (left, right) {
        case (nil, nil): return true
        case (let left?, let right?): return SameBytes.check(left, right)
        default: return false
        }
    }

    private static func sameOutcome(_ left: CleanOutcome, _ right: CleanOutcome) -> Bool {
        switch (left, right) {
        case (.clean(let left), .clean(let right)): return SameBytes.check(left, right)
        case (.rejected(let left), .rejected(let right)): return left == right
        default: return false
        }
    }
}
