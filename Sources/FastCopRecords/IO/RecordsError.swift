/// Input or output that cannot be used: a missing file, an unwritable output, broken rules, a
/// record too long to be one. The message says what went wrong and where.
package struct RecordsError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong, and where (`data.csv: line 1 (the header): ...`).
    package let message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
