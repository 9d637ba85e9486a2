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
    /// The line number in the low 62 bits; bit 62: ended with CRLF; bit 63: unterminated quote.
    private let lineAndFlags: UInt64

    private static let crlfBit: UInt64 = 1 << 62
    private static let unterminatedQuoteBit: UInt64 = 1 << 63

    init(start: Int, end: Int, line: Int, problem: RecordProblem?, endedWithCRLF: Bool) {
        precondition(problem == nil || problem == .unterminatedQuote, "RecordSpan: a splitter's problem is a cut quote")
        precondition(line >= 0 && UInt64(line) < Self.crlfBit, "RecordSpan: line \(line) out of range")
        first = UInt32(start)
        past = UInt32(end)
        lineAndFlags =
            UInt64(line) | (endedWithCRLF ? Self.crlfBit : 0) | (problem != nil ? Self.unterminatedQuoteBit : 0)
    }

    /// The first byte of the record in its block.
    package var start: Int { Int(first) }
    /// One past the last byte, line ending excluded.
    package var end: Int { Int(past) }
    /// The input line the record starts on (1 = the first line of the input).
    var line: Int { Int(lineAndFlags & (Self.crlfBit - 1)) }
    /// Whether the record ended with `\r\n` (used to keep the input's line endings).
    var endedWithCRLF: Bool { lineAndFlags & Self.crlfBit != 0 }

    /// Set when the splitter already knows the record is malformed.
    var problem: RecordProblem? { lineAndFlags & Self.unterminatedQuoteBit != 0 ? .unterminatedQuote : nil }
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
