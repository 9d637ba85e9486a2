/// CSV rows (RFC 4180), with the columns named by the header.
package struct CSVCodec: RowCodec {
    /// The field separator (`,`; tab for TSV).
    let delimiter: UInt8
    /// The number of columns in the header: every row must have as many.
    let columnCount: Int
    /// For each rule field, its column index (nil when an optional field has no column).
    let columns: [Int?]
    package let lineEnding: [UInt8]

    /// The metadata columns added to the rejects' header.
    static let rejectColumns = ["_row", "_line", "_field", "_message"]

    /// Reads the header record and matches the rule fields to its columns.
    ///
    /// - Throws: ``RecordsError`` for a malformed header, a column named twice that a rule uses,
    ///   or a rule field (not optional) that is not a column.
    init(header: UnsafeBufferPointer<UInt8>, delimiter: UInt8, rules: CompiledRules, crlf: Bool, inputName: String)
        throws
    {
        var fields: [CSVField] = []
        do {
            try CSVFields.parse(header, delimiter: delimiter, into: &fields)
        } catch {
            throw RecordsError("\(inputName): line 1 (the header): \(error.description)")
        }
        if let bad = UTF8Validation.firstInvalidOffset(header) {
            throw RecordsError("\(inputName): line 1 (the header): invalid UTF-8 at byte \(bad + 1)")
        }
        let names = fields.map { CSVFields.value(of: $0, in: header) }
        var columns: [Int?] = []
        for field in rules.fields {
            let matches = names.indices.filter { names[$0] == field.name }
            if matches.count > 1 {
                throw RecordsError("\(inputName): the header names column '\(field.name)' \(matches.count) times")
            }
            if matches.isEmpty && !field.optional {
                let list = names.map { "'\($0)'" }.joined(separator: ", ")
                throw RecordsError(
                    "\(inputName): the rules name field '\(field.name)', which is not a column"
                        + " (columns: \(list)); mark it \"optional\": true to allow that")
            }
            columns.append(matches.first)
        }
        self.delimiter = delimiter
        self.columnCount = fields.count
        self.columns = columns
        self.lineEnding = crlf ? [ASCII.carriageReturn, ASCII.newline] : [ASCII.newline]
    }

    package func makeScratch() -> [CSVField] { [] }

    package func read(_ record: UnsafeBufferPointer<UInt8>, into inputs: inout [FieldInput], scratch: inout [CSVField])
        throws(RecordProblem)
    {
        try CSVFields.parse(record, delimiter: delimiter, into: &scratch)
        guard scratch.count == columnCount else {
            throw RecordProblem(description: "malformed CSV: \(scratch.count) fields, the header has \(columnCount)")
        }
        for (index, column) in columns.enumerated() {
            guard let column else {
                inputs[index] = .absent
                continue
            }
            let field = scratch[column]
            let span = field.start..<field.end
            if field.hasDoubledQuotes {
                inputs[index] = .text(CSVFields.value(of: field, in: record), span: span)
            } else {
                inputs[index] = .bytes(
                    value: field.isQuoted ? (span.lowerBound + 1)..<(span.upperBound - 1) : span, span: span)
            }
        }
    }

    package func encode(_ value: String, to output: inout [UInt8]) {
        CSVFields.write(value, delimiter: delimiter, to: &output)
    }

    package func encode(utf8 value: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        CSVFields.write(utf8: value, delimiter: delimiter, to: &output)
    }

    package func writeReject(
        _ record: UnsafeBufferPointer<UInt8>, row: Int, line: Int, fields: [String], messages: [String],
        to output: inout [UInt8]
    ) {
        output.append(contentsOf: record)
        appendMetadata(
            row: row, line: line, field: fields.joined(separator: RejectText.separator),
            message: messages.joined(separator: RejectText.separator), to: &output)
    }

    package func writeReject(
        _ record: UnsafeBufferPointer<UInt8>, row: Int, line: Int, failures: [FieldFailure], names: [String],
        scratch: inout [UInt8], to output: inout [UInt8]
    ) {
        // What writeReject(_:row:line:fields:messages:to:) writes, without a list or a joined
        // string per row: each joined column is put together in `scratch`, then written quoted
        // as needed.
        output.append(contentsOf: record)
        output.append(delimiter)
        output.append(contentsOf: String(row).utf8)
        output.append(delimiter)
        output.append(contentsOf: String(line).utf8)
        output.append(delimiter)
        appendJoined(failures.lazy.map { names[$0.field] }, scratch: &scratch, to: &output)
        output.append(delimiter)
        appendJoined(failures.lazy.map(\.message), scratch: &scratch, to: &output)
        output.append(contentsOf: lineEnding)
    }

    /// Appends `parts` joined with ``RejectText/separator``, as one CSV field.
    private func appendJoined(_ parts: some Sequence<String>, scratch: inout [UInt8], to output: inout [UInt8]) {
        scratch.removeAll(keepingCapacity: true)
        for (number, part) in parts.enumerated() {
            if number > 0 { scratch.append(contentsOf: RejectText.separator.utf8) }
            scratch.append(contentsOf: part.utf8)
        }
        scratch.withUnsafeBufferPointer { CSVFields.write(utf8: $0, delimiter: delimiter, to: &output) }
    }

    package func writeMalformed(
        _ record: UnsafeBufferPointer<UInt8>, row: Int, line: Int, message: String, to output: inout [UInt8]
    ) {
        // The whole record goes in the first column, so the rejects file stays readable CSV.
        CSVFields.write(bytes: record, delimiter: delimiter, to: &output)
        for _ in 1..<max(1, columnCount) { output.append(delimiter) }
        appendMetadata(row: row, line: line, field: "", message: message, to: &output)
    }

    private func appendMetadata(row: Int, line: Int, field: String, message: String, to output: inout [UInt8]) {
        output.append(delimiter)
        output.append(contentsOf: String(row).utf8)
        output.append(delimiter)
        output.append(contentsOf: String(line).utf8)
        output.append(delimiter)
        CSVFields.write(field, delimiter: delimiter, to: &output)
        output.append(delimiter)
        CSVFields.write(message, delimiter: delimiter, to: &output)
        output.append(contentsOf: lineEnding)
    }

    /// The rejects' header: the input's header plus the metadata columns.
    func rejectHeader(_ header: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output = Array(header)
        for column in Self.rejectColumns {
            output.append(delimiter)
            output.append(contentsOf: column.utf8)
        }
        output.append(contentsOf: lineEnding)
        return output
    }
}
