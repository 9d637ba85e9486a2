/// One record (a line, or a CSV record that may span lines) inside a block of input bytes.
///
/// `start..<end` excludes the line ending (`\n` or `\r\n`).
///
/// A plain value without references (the one problem a splitter finds is a flag), so that the
/// block's list of spans is copied and read without reference counting. 16 bytes: the offsets
/// as 32-bit numbers (a block is at most a few times `maxRecordBytes`), the line number and the
/// two flags in one 64-bit word. The reader thread writes a span per record and the workers
/// read it: at 32 bytes (three `Int`s and two flags) the spans of the 1M-row benchmark were
/// 32 MB of memory traffic and fresh pages on the thread that all cores wait for (issue 14).
package struct RecordSpan: Sendable {
    private let first: UInt32
    private let past: UInt32
    /// The line number in the low 61 bits; bit 61: continues a cut quoted field; bit 62: ended
    /// with CRLF; bit 63: unterminated quote.
    private let lineAndFlags: UInt64

    private static let continuationBit: UInt64 = 1 << 61
    private static let crlfBit: UInt64 = 1 << 62
    private static let unterminatedQuoteBit: UInt64 = 1 << 63

    init(start: Int, end: Int, line: Int, problem: RecordProblem?, endedWithCRLF: Bool) {
        let problemBit: UInt64
        switch problem {
        case nil: problemBit = 0
        case .unterminatedQuote?: problemBit = Self.unterminatedQuoteBit
        case .continuesQuotedField?: problemBit = Self.continuationBit
        default: preconditionFailure("RecordSpan: a splitter's problem is a cut quoted field")
        }
        precondition(line >= 0 && UInt64(line) < Self.continuationBit, "RecordSpan: line \(line) out of range")
        first = UInt32(start)
        past = UInt32(end)
        lineAndFlags = UInt64(line) | (endedWithCRLF ? Self.crlfBit : 0) | problemBit
    }

    /// The first byte of the record in its block.
    package var start: Int { Int(first) }
    /// One past the last byte, line ending excluded.
    package var end: Int { Int(past) }
    /// The input line the record starts on (1 = the first line of the input).
    var line: Int { Int(lineAndFlags & (Self.continuationBit - 1)) }
    /// Whether the record ended with `\r\n` (used to keep the input's line endings).
    var endedWithCRLF: Bool { lineAndFlags & Self.crlfBit != 0 }

    /// Set when the splitter already knows the record is malformed.
    var problem: RecordProblem? {
        if lineAndFlags & Self.unterminatedQuoteBit != 0 { return .unterminatedQuote }
        if lineAndFlags & Self.continuationBit != 0 { return .continuesQuotedField }
        return nil
    }
}

/// Why a record cannot be read as a row.
package struct RecordProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in words (without the line number).
    package let description: String

    /// A CSV quoted field that is never closed; the record is cut at the end of its first line
    /// and reading goes on from the next one.
    static let unterminatedQuote = RecordProblem(
        description: "malformed CSV: quoted field not closed (record cut at the end of its line)")

    /// A line that closes a quoted field left open at the end of an earlier line, when each
    /// line is a row (`--output-mode lines`): it continues that record, which was cut.
    static let continuesQuotedField = RecordProblem(
        description: "malformed CSV: the line continues a quoted field left open on an earlier line")
}
