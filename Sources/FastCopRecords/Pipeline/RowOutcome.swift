/// One failing field of a row.
///
/// A failure with one of the rules' own messages holds the message's number, not the message:
/// a `String` copied into each failure (and read again to write it) is a reference count on the
/// rules' shared storage, which the workers bounce between their cores (`perf`: retain and
/// release four times as costly on all cores as on one). The text is read from
/// ``FailureTexts`` when it is written.
package struct FieldFailure: Sendable {
    /// Why a field failed.
    enum Message: Sendable {
        /// The rules' message number `n` (``FailureTexts``).
        case rules(Int)
        /// A message made for this row (a limit, an unusable or unwritable value).
        case text(String)
    }

    /// The field's index in the rules.
    let field: Int
    /// The rule that failed, by its number in the run's ``RuleCatalog`` (for the report).
    let rule: Int
    let message: Message

    /// A failure of rule `number`, with the rules' message of the same number.
    init(field: Int, rule number: Int) {
        self.field = field
        self.rule = number
        self.message = .rules(number)
    }

    /// A failure of rule `rule` with a message made for this row.
    init(field: Int, rule: Int, message: String) {
        self.field = field
        self.rule = rule
        self.message = .text(message)
    }
}

/// A rejected row kept for the summary's examples.
package struct RejectExample: Sendable {
    let row: Int
    let line: Int
    /// `email: Invalid email; phone: too short`, or the malformed-row reason.
    let reasons: String
    /// The original record (as text, shortened).
    let original: String

    /// How many rejected rows the summary keeps as examples.
    package static let limit = 5
}

/// What one worker produced for a run of consecutive rows.
package struct TaskResult: Sendable {
    /// Clean rows, encoded, in input order.
    var clean: [UInt8] = []
    /// Rejected rows (or, for `check`, report lines), in input order.
    var rejects: [UInt8] = []
    var rows = 0
    var cleanRows = 0
    var rejectedRows = 0
    /// Rows that could not be read at all (malformed, invalid UTF-8); counted in `rejectedRows`.
    var malformedRows = 0
    /// Of those, the rows that are not valid UTF-8 (the summary then suggests `--encoding`).
    var invalidUTF8Rows = 0
    /// Rows read with a quote inside an unquoted CSV field, taken as data.
    var strayQuoteRows = 0
    /// Failing rows per rule field.
    var failuresByField: [Int]
    /// Failing rows per rule, and the report's examples and values.
    var tally: RuleTally
    /// The first few rejects, for the summary.
    var examples: [RejectExample] = []
    /// With `--strict`: the first malformed row, which stops the run.
    var strictStop: String?
    /// An error that stops the run (the keys kept to find duplicates outgrew their memory).
    var stop: String?

    init(fieldCount: Int, ruleCount: Int, detail: ReportDetail?, demand: ExampleDemand?) {
        failuresByField = Array(repeating: 0, count: fieldCount)
        tally = RuleTally(ruleCount: ruleCount, detail: detail, demand: demand)
    }
}

/// A task's two output buffers, kept after they were written for another task to fill: their
/// memory is reused as it is, where freeing them on the writer's thread made glibc give the
/// pages of the worker's arena back to the system (`madvise`) and the worker fault in and zero
/// new ones for its next task (about the size of the output, 85 MB on the 1M-row benchmark).
struct OutputBuffers: Sendable {
    var clean: [UInt8] = []
    var rejects: [UInt8] = []
}
