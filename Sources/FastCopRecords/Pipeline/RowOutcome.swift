/// One failing field of a row.
package struct FieldFailure: Sendable {
    /// The field's index in the rules.
    let field: Int
    /// Why it failed.
    let message: String
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
    /// Failing rows per rule field.
    var failuresByField: [Int]
    /// The first few rejects, for the summary.
    var examples: [RejectExample] = []
    /// With `--strict`: the first malformed row, which stops the run.
    var strictStop: String?

    init(fieldCount: Int) {
        failuresByField = Array(repeating: 0, count: fieldCount)
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
