/// One record (a line, or a CSV record that may span lines) inside a block of input bytes.
///
/// `start..<end` excludes the line ending (`\n` or `\r\n`).
///
/// A plain value without references (the one problem a splitter finds is a flag), so that the
/// block's list of spans is copied and read without reference counting.
package struct RecordSpan: Sendable {
    /// The first byte of the record in its block.
    package var start: Int
    /// One past the last byte, line ending excluded.
    package var end: Int
    /// The input line the record starts on (1 = the first line of the input).
    var line: Int
    /// Whether the splitter cut the record at an unterminated quote.
    private var unterminatedQuote: Bool
    /// Whether the record ended with `\r\n` (used to keep the input's line endings).
    var endedWithCRLF: Bool

    init(start: Int, end: Int, line: Int, problem: RecordProblem?, endedWithCRLF: Bool) {
        precondition(problem == nil || problem == .unterminatedQuote, "RecordSpan: a splitter's problem is a cut quote")
        self.start = start
        self.end = end
        self.line = line
        self.unterminatedQuote = problem != nil
        self.endedWithCRLF = endedWithCRLF
    }

    /// Set when the splitter already knows the record is malformed.
    var problem: RecordProblem? { unterminatedQuote ? .unterminatedQuote : nil }
}

/// Why a record cannot be read as a row.
package struct RecordProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in words (without the line number).
    package let description: String

    /// A CSV quoted field that is never closed; the record is cut at the end of its first line
    /// and reading goes on from the next one.
    static let unterminatedQuote = RecordProblem(
        description: "malformed CSV: quoted field not closed (record cut at the end of its line)")
}
