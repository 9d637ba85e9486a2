/// Plain lines: each line is one row with one field, `line`.
///
/// Rejects are written as `ROW<TAB>FIELD<TAB>MESSAGE<TAB>original line`, so that the original
/// line (which may itself hold tabs) is everything after the third tab.
package struct LinesCodec: RowCodec {
    /// The one field name plain lines have.
    package static let fieldName = "line"
    package let lineEnding: LineEnding

    /// - Throws: ``RecordsError`` when the rules name another field than `line`.
    init(rules: CompiledRules, crlf: Bool) throws {
        for field in rules.fields where field.name != Self.fieldName {
            throw RecordsError(
                "plain lines have one field, 'line', but the rules name '\(field.name)'"
                    + " (for CSV or JSON Lines, use a .csv/.jsonl file or --format)")
        }
        lineEnding = LineEnding(crlf: crlf)
    }

    package func makeScratch() {}

    @discardableResult
    package func read(_ record: UnsafeBufferPointer<UInt8>, into inputs: inout [FieldInput], scratch: inout ())
        throws(RecordProblem) -> RecordNotes
    {
        let text = String(decoding: record, as: UTF8.self)
        for index in inputs.indices { inputs[index] = .text(text, span: 0..<record.count) }
        return []
    }

    package func encode(_ value: String, to output: inout [UInt8]) {
        output.append(contentsOf: value.utf8)
    }

    /// A line cannot hold a line break: a value with a `\n` would be written as two rows, and
    /// one ending with `\r` before a `\n` ending would read back with its `\r` taken as part of
    /// a CRLF ending.
    package func unwritableReason(utf8 value: UnsafeBufferPointer<UInt8>) -> String? {
        let endsBadly = value.last == ASCII.carriageReturn && !lineEnding.crlf
        guard endsBadly || value.contains(ASCII.newline) else { return nil }
        return "the cleaned value holds a line break, which a line cannot hold"
    }

    package var restrictsValues: Bool { true }

    package func writeReject(
        _ record: UnsafeBufferPointer<UInt8>, row: Int, line: Int, fields: [String], messages: [String],
        to output: inout [UInt8]
    ) {
        output.append(contentsOf: String(row).utf8)
        output.append(ASCII.tab)
        output.append(contentsOf: RejectText.oneLine(fields.joined(separator: RejectText.separator)).utf8)
        output.append(ASCII.tab)
        output.append(contentsOf: RejectText.oneLine(messages.joined(separator: RejectText.separator)).utf8)
        output.append(ASCII.tab)
        output.append(contentsOf: record)
        lineEnding.append(to: &output)
    }

    package func writeMalformed(
        _ record: UnsafeBufferPointer<UInt8>, row: Int, line: Int, message: String, to output: inout [UInt8]
    ) {
        writeReject(record, row: row, line: line, fields: [], messages: [message], to: &output)
    }
}
