/// What a report keeps beyond the counts (`--report`): how many examples per rule, and how many
/// values per rule the frequent-values summary keeps.
package struct ReportDetail: Sendable, Equatable {
    /// The first failing rows kept per rule.
    package var examples: Int
    /// The values kept per rule to find the most frequent (``FrequentValues``).
    package var frequentCapacity: Int

    package init(examples: Int = 10, frequentCapacity: Int = 32) {
        self.examples = examples
        self.frequentCapacity = frequentCapacity
    }
}

/// One failure kept as an example: where, the value as read and the message.
package struct FailureExample: Sendable, Equatable {
    package let row: Int
    package let line: Int
    /// The field's value as read from the input (nil: the row has no value for it, or the
    /// failure is a whole row's), at most ``FailureExample/shownCharacters`` of it.
    package let value: String?
    /// The row's message for this failure.
    package let message: String
    /// The row as read, at most ``FailureExample/shownCharacters`` of it.
    package let record: String

    /// How much of a value or a row an example keeps (with `…` when cut).
    package static let shownCharacters = 200

    /// `text`, at most ``shownCharacters`` characters, with `…` when cut.
    static func shown(_ text: String) -> String {
        // Bytes first: a text of at most that many bytes has at most that many characters.
        text.utf8.count <= shownCharacters || text.count <= shownCharacters
            ? text : String(text.prefix(shownCharacters - 1)) + "…"
    }
}

/// Failures counted by rule (``RuleCatalog``): how many rows failed each rule and, when a
/// report is asked for, each rule's first failing rows and most frequent failing values. A
/// worker fills one per task; the run's is the tasks' merged in input order.
package struct RuleTally: Sendable {
    /// Rows that failed each rule.
    package private(set) var counts: [Int]
    /// Each rule's first failures, in row order (empty when no detail is asked for).
    package private(set) var examples: [[FailureExample]]
    /// Each rule's frequent failing values (empty when no detail is asked for).
    package private(set) var frequent: [FrequentValues]
    let detail: ReportDetail?
    /// The rules whose examples the run has all of (shared by the run's tallies).
    let demand: ExampleDemand?

    init(ruleCount: Int, detail: ReportDetail?, demand: ExampleDemand? = nil) {
        counts = Array(repeating: 0, count: ruleCount)
        self.detail = detail
        self.demand = detail == nil ? nil : demand ?? ExampleDemand(ruleCount: ruleCount)
        if let detail {
            examples = Array(repeating: [], count: ruleCount)
            frequent = Array(repeating: FrequentValues(capacity: detail.frequentCapacity), count: ruleCount)
        } else {
            examples = []
            frequent = []
        }
    }

    /// Whether examples and frequent values are kept.
    var keepsDetail: Bool { detail != nil }

    /// Counts the failures of one rejected row (a rule at most once).
    @inline(__always)
    mutating func count(_ failures: [FieldFailure]) {
        for failure in failures { counts[failure.rule] += 1 }
    }

    /// Counts a malformed row.
    @inline(__always)
    mutating func countMalformed(_ catalog: RuleCatalog) { counts[catalog.malformedRule] += 1 }

    /// Whether rule `rule` wants another example.
    @inline(__always)
    func wantsExample(_ rule: Int) -> Bool {
        guard let detail else { return false }
        return examples[rule].count < detail.examples && demand?.isMet(rule) != true
    }

    /// Keeps `example` of rule `rule`.
    mutating func keep(_ example: FailureExample, rule: Int) {
        examples[rule].append(example)
    }

    /// Counts `value` among rule `rule`'s failing values.
    @inline(__always)
    mutating func addValue(_ value: UnsafeBufferPointer<UInt8>, rule: Int) {
        frequent[rule].add(value)
    }

    /// Puts each rule's examples in row order and keeps the first (after a task's duplicates
    /// were found, which adds examples of earlier rows).
    mutating func sortExamples() {
        guard let detail else { return }
        for rule in examples.indices where examples[rule].count > 1 {
            examples[rule].sort { $0.row < $1.row }
            if examples[rule].count > detail.examples {
                examples[rule].removeLast(examples[rule].count - detail.examples)
            }
        }
    }

    /// Adds `later`'s counts, examples and values (a tally of the rows after this one's).
    mutating func merge(_ later: RuleTally) {
        for rule in counts.indices { counts[rule] += later.counts[rule] }
        guard let detail, later.keepsDetail else { return }
        for rule in examples.indices where examples[rule].count < detail.examples && !later.examples[rule].isEmpty {
            examples[rule] += later.examples[rule].prefix(detail.examples - examples[rule].count)
            if examples[rule].count == detail.examples { demand?.meet(rule) }
        }
        for rule in frequent.indices where !later.frequent[rule].isEmpty { frequent[rule].merge(later.frequent[rule]) }
    }
}
