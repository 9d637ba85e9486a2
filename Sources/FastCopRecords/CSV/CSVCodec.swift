import FastCop

/// CSV rows (RFC 4180) and TSV rows, in the input's ``CSVDialect``, with the columns named by
/// the header (or by position).
package struct CSVCodec: RowCodec {
    /// The delimiter, quoting and escapes, read and written alike (CLEAN).
    let dialect: CSVDialect
    /// The dialect REJECTS is written in (``CSVDialect/rejectsDialect``).
    let rejectsDialect: CSVDialect
    /// The number of columns in the header: every row must have as many.
    let columnCount: Int
    /// For each rule field, its column index (nil when an optional field has no column).
    let columns: [Int?]
    package let lineEnding: LineEnding
    /// Whether each row must be written on one line (`--output-mode lines`): a cleaned value
    /// with a line break cannot be written then, even quoted.
    let writesOneLineRows: Bool
    /// Whether the rejects' delimiter or quote is a digit, which a row or line number may hold.
    let numbersNeedQuoting: Bool
    /// What sets the number of columns, for messages: the header, or without one the first
    /// well-formed row (`the first row`, or `row 3, the first well-formed one`).
    let widthReference: String

    /// The metadata columns added to the rejects' header.
    static let rejectColumns = ["_row", "_line", "_field", "_message"]

    /// Reads the header record and matches the rule fields to its columns; without a header
    /// (``CSVDialect/hasHeader``), `header` is the first row, which only sets the number of
    /// columns, named `1`, `2`, `3`… by position. With `oneLineRows`, no row is written over
    /// several lines (see ``writesOneLineRows``).
    ///
    /// - Throws: ``RecordsError`` for a malformed header, a column named twice that a rule uses,
    ///   or a rule field (not optional) that is not a column.
    init(
        header: UnsafeBufferPointer<UInt8>, dialect: CSVDialect, rules: CompiledRules, crlf: Bool, inputName: String,
        oneLineRows: Bool = false, widthRow: Int = 1
    ) throws {
        let place = dialect.hasHeader ? "line 1 (the header)" : "line 1 (the first row, which sets the columns)"
        var fields: [CSVField] = []
        do {
            try CSVFields.parse(header, dialect: dialect, into: &fields)
        } catch {
            throw RecordsError("\(inputName): \(place): \(error.description)")
        }
        let names: [String]
        if dialect.hasHeader {
            if let bad = UTF8Validation.firstInvalidOffset(header) {
                throw RecordsError(
                    "\(inputName): \(place): invalid UTF-8 at byte \(bad + 1) \(UTF8Validation.encodingHint)")
            }
            names = fields.map { CSVFields.value(of: $0, in: header, dialect: dialect) }
        } else if rules.fieldsMatch != nil {
            // A schema names the columns of data without a header, in order.
            names = fields.indices.map {
                $0 < rules.fields.count ? rules.fields[$0].name : CSVDialect.positionalName($0)
            }
        } else {
            names = fields.indices.map(CSVDialect.positionalName)
        }
        if let match = rules.fieldsMatch {
            try Self.checkColumns(names, rules: rules, match: match, inputName: inputName)
        }
        var columns: [Int?] = []
        for field in rules.fields {
            let matches = names.indices.filter { names[$0] == field.name }
            if matches.count > 1 {
                throw RecordsError("\(inputName): the header names column '\(field.name)' \(matches.count) times")
            }
            if matches.isEmpty && !field.optional {
                let list = names.map { "'\(RejectText.escaped($0))'" }.joined(separator: ", ")
                let unnamed = dialect.hasHeader ? "" : " (without a header, columns are named by position)"
                // A header that runs into the next row: lines ended by CR alone (classic Mac).
                let crOnly =
                    header.contains(ASCII.carriageReturn)
                    ? " The header holds a CR (\\r): if the lines end with CR alone, make them LF or CRLF first"
                        + " (e.g. tr '\\r' '\\n')." : ""
                let file = rules.vocabulary == .tableSchema ? "schema" : "rules"
                throw RecordsError(
                    "\(inputName): the \(file) name field '\(field.name)', which is not a column"
                        + " (columns: \(list))\(unnamed): is the name in the \(file) right? Pass"
                        + " --allow-missing-fields to judge every row without it.\(crOnly)")
            }
            columns.append(matches.first)
        }
        self.dialect = dialect
        self.rejectsDialect = dialect.rejectsDialect
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        self.numbersNeedQuoting =
            digits.contains(rejectsDialect.delimiter) || rejectsDialect.quote.map(digits.contains) == true
        self.columnCount = fields.count
        self.columns = columns
        self.lineEnding = LineEnding(crlf: crlf)
        self.writesOneLineRows = oneLineRows
        self.widthReference =
            dialect.hasHeader
            ? "the header" : widthRow == 1 ? "the first row" : "row \(widthRow), the first well-formed one,"
    }

    /// Checks the data's columns against a Table Schema's fields as `match` says, before any row
    /// is read: a difference is an error in frictionless-py's terms (missing, extra or incorrect
    /// label), never a silent skip.
    private static func checkColumns(
        _ names: [String], rules: CompiledRules, match: FieldsMatch, inputName: String
    ) throws {
        let fields = rules.fields.map(\.name)
        let listed = { (names: [String]) in names.map { "'\(RejectText.escaped($0))'" }.joined(separator: ", ") }
        let extra = names.filter { !fields.contains($0) }
        let keyFields = rules.primaryKey.map { rules.fields[$0].name }
        let missing = rules.fields.filter { field in
            guard !names.contains(field.name) else { return false }
            switch match {
            case .exact, .equal, .subset: return true
            case .superset, .partial: return !field.optional || keyFields.contains(field.name)
            }
        }.map(\.name)
        let hint = " (the schema's fieldsMatch is \"\(match.rawValue)\")"
        if !missing.isEmpty {
            throw RecordsError(
                "\(inputName): the schema's field\(missing.count == 1 ? "" : "s") \(listed(missing))"
                    + " \(missing.count == 1 ? "is" : "are") not a column (frictionless-py: missing-label)\(hint);"
                    + " columns: \(listed(names))")
        }
        if !extra.isEmpty && [.exact, .equal, .superset].contains(match) {
            throw RecordsError(
                "\(inputName): the data has \(extra.count == 1 ? "a column" : "columns") \(listed(extra)) that the"
                    + " schema does not describe (frictionless-py: extra-label)\(hint): add"
                    + " \(extra.count == 1 ? "it" : "them") to the schema's fields, or set \"fieldsMatch\": \"subset\"")
        }
        if match == .exact, let position = names.indices.first(where: { names[$0] != fields[$0] }) {
            throw RecordsError(
                "\(inputName): column \(position + 1) is '\(RejectText.escaped(names[position]))' where the schema's"
                    + " field \(position + 1) is '\(RejectText.escaped(fields[position]))' (frictionless-py:"
                    + " incorrect-label)\(hint): put the fields in the columns' order, or set \"fieldsMatch\": \"equal\""
            )
        }
    }

    package func makeScratch() -> [CSVField] { [] }

    package func paddings(in scratch: [CSVField], into spans: inout [Range<Int>]) {
        spans.removeAll(keepingCapacity: true)
        for field in scratch where field.padding > 0 { spans.append(field.end..<field.paddedEnd) }
    }

    @discardableResult
    package func read(_ record: UnsafeBufferPointer<UInt8>, into inputs: inout [FieldInput], scratch: inout [CSVField])
        throws(RecordProblem) -> RecordNotes
    {
        let notes = try CSVFields.parse(record, dialect: dialect, into: &scratch)
        guard scratch.count == columnCount else {
            let found = scratch.count == 1 ? "1 field" : "\(scratch.count) fields"
            throw RecordProblem(description: "malformed CSV: \(found), \(widthReference) has \(columnCount)")
        }
        fill(record, &inputs, scratch)
        return notes
    }

    package func readLoosely(
        _ record: UnsafeBufferPointer<UInt8>, into inputs: inout [FieldInput], scratch: inout [CSVField]
    ) -> Bool {
        guard (try? CSVFields.parse(record, dialect: dialect, into: &scratch)) != nil else { return false }
        fill(record, &inputs, scratch)
        return true
    }

    /// Sets each rule field's input from the fields of `record` (absent past its last field).
    @inline(__always)
    private func fill(_ record: UnsafeBufferPointer<UInt8>, _ inputs: inout [FieldInput], _ scratch: [CSVField]) {
        for (index, column) in columns.enumerated() {
            guard let column, column < scratch.count else {
                inputs[index] = .absent
                continue
            }
            let field = scratch[column]
            // A changed value replaces the field with the padding after its closing quote.
            let span = field.start..<field.paddedEnd
            if field.hasEscapes {
                inputs[index] = .text(CSVFields.value(of: field, in: record, dialect: dialect), span: span)
            } else {
                inputs[index] = .bytes(
                    value: field.isQuoted ? (field.start + 1)..<(field.end - 1) : span, span: span)
            }
        }
    }

    package func encode(_ value: String, to output: inout [UInt8]) {
        var value = value
        value.withUTF8 { encode(utf8: $0, to: &output) }
    }

    package func encode(utf8 value: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        // In a one-column file an empty value alone on its line would be a blank line, which is
        // not a row when read: it is written quoted, as `""`.
        if value.isEmpty, columnCount == 1, let quote = dialect.quote {
            output.append(quote)
            output.append(quote)
            return
        }
        CSVFields.write(utf8: value, dialect: dialect, to: &output)
    }

    package func writeReject(
        _ record: UnsafeBufferPointer<UInt8>, row: Int, line: Int, fields: [String], messages: [String],
        to output: inout [UInt8]
    ) {
        appendRecord(record, to: &output)
        appendMetadata(
            row: row, line: line, field: fields.joined(separator: RejectText.separator),
            message: messages.joined(separator: RejectText.separator), to: &output)
    }

    package func writeReject(
        _ record: UnsafeBufferPointer<UInt8>, row: Int, line: Int, failures: [FieldFailure], texts: FailureTexts,
        scratch: inout [UInt8], to output: inout [UInt8]
    ) {
        // What writeReject(_:row:line:fields:messages:to:) writes, without a list or a joined
        // string per row: each joined column is put together in `scratch`, then written quoted
        // as needed.
        let delimiter = rejectsDialect.delimiter
        appendRecord(record, to: &output)
        output.append(delimiter)
        appendNumber(row, to: &output)
        output.append(delimiter)
        appendNumber(line, to: &output)
        output.append(delimiter)
        appendJoined(failures, names: true, texts: texts, scratch: &scratch, to: &output)
        output.append(delimiter)
        appendJoined(failures, names: false, texts: texts, scratch: &scratch, to: &output)
        lineEnding.append(to: &output)
    }

    /// Appends the failures' field names (else their messages) joined with
    /// ``RejectText/separator``, as one CSV field.
    private func appendJoined(
        _ failures: [FieldFailure], names: Bool, texts: FailureTexts, scratch: inout [UInt8], to output: inout [UInt8]
    ) {
        scratch.removeAll(keepingCapacity: true)
        for (number, failure) in failures.enumerated() {
            if number > 0 { scratch.append(contentsOf: RejectText.separator.utf8) }
            if names {
                scratch.append(contentsOf: texts.name(failure.field))
            } else {
                texts.withMessage(of: failure) { scratch.append(contentsOf: $0) }
            }
        }
        scratch.withUnsafeBufferPointer { CSVFields.write(utf8: $0, dialect: rejectsDialect, to: &output) }
    }

    package func writeMalformed(
        _ record: UnsafeBufferPointer<UInt8>, row: Int, line: Int, message: String, to output: inout [UInt8]
    ) {
        // The whole record goes in the first column, quoted, so the rejects file stays readable
        // CSV with the header's columns.
        CSVFields.write(bytes: record, dialect: rejectsDialect, to: &output)
        for _ in 1..<max(1, columnCount) { output.append(rejectsDialect.delimiter) }
        appendMetadata(row: row, line: line, field: "", message: message, to: &output)
    }

    /// Appends a row or line number as a field: as it is, but quoted when the rejects' delimiter
    /// or quote is a digit (a dialect may name any character), so that it reads back whole.
    @inline(__always)
    private func appendNumber(_ number: Int, to output: inout [UInt8]) {
        if numbersNeedQuoting {
            CSVFields.write(String(number), dialect: rejectsDialect, to: &output)
        } else {
            output.append(contentsOf: String(number).utf8)
        }
    }

    private func appendMetadata(row: Int, line: Int, field: String, message: String, to output: inout [UInt8]) {
        let delimiter = rejectsDialect.delimiter
        output.append(delimiter)
        appendNumber(row, to: &output)
        output.append(delimiter)
        appendNumber(line, to: &output)
        output.append(delimiter)
        CSVFields.write(field, dialect: rejectsDialect, to: &output)
        output.append(delimiter)
        CSVFields.write(message, dialect: rejectsDialect, to: &output)
        lineEnding.append(to: &output)
    }

    /// Appends a record read in ``dialect`` as a rejects row's first columns: its bytes as they
    /// are when REJECTS has the input's dialect; else (a dialect without quoting, whose fields
    /// run between delimiters) each field written in ``rejectsDialect``, quoted as needed.
    private func appendRecord(_ record: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        guard rejectsDialect != dialect else {
            output.append(contentsOf: record)
            return
        }
        var start = 0
        while true {
            let end = ByteScan.next(dialect.delimiter, in: record, range: start..<record.count) ?? record.count
            CSVFields.write(
                utf8: UnsafeBufferPointer(rebasing: record[start..<end]), dialect: rejectsDialect, to: &output)
            guard end < record.count else { return }
            output.append(rejectsDialect.delimiter)
            start = end + 1
        }
    }

    /// The rejects' header: the input's header (in ``rejectsDialect``) plus the metadata
    /// columns.
    func rejectHeader(_ header: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        appendRecord(header, to: &output)
        for column in Self.rejectColumns {
            output.append(rejectsDialect.delimiter)
            output.append(contentsOf: column.utf8)
        }
        lineEnding.append(to: &output)
        return output
    }
}

extension CSVCodec {
    /// A dialect without quoting or escapes cannot write a value holding its delimiter or a line
    /// break; a one-column file without quoting cannot write an empty value (the line would be
    /// blank, which is not a row when the file is read); rows written on one line cannot hold a
    /// line break, quoted or not.
    package func unwritableReason(utf8 value: UnsafeBufferPointer<UInt8>) -> String? {
        if value.isEmpty && writesEmptyAsBlankLine {
            return "the cleaned value is empty: a one-column file without quoting would write a blank line"
                + " (not a row)"
        }
        if quotesLineBreaksOverLines && value.contains(where: { $0 == ASCII.newline || $0 == ASCII.carriageReturn }) {
            return "the cleaned value holds a line break: --output-mode lines writes each row on one line"
        }
        guard let byte = CSVFields.unwritableByte(in: value, dialect: dialect) else { return nil }
        let what = byte == dialect.delimiter ? "the delimiter (\(CSVDialect.describe(byte)))" : "a line break"
        return "the cleaned value holds \(what), which a file without quoting cannot hold"
    }

    /// Whether ``unwritableReason(utf8:)`` can ever say no.
    package var restrictsValues: Bool {
        !dialect.canWriteAnyValue || writesEmptyAsBlankLine || quotesLineBreaksOverLines
    }

    /// Whether an empty value would be written as a blank line: one column and no quotes (with
    /// quotes, it is written `""`).
    private var writesEmptyAsBlankLine: Bool { columnCount == 1 && dialect.quote == nil }

    /// Whether a value holding a line break would be written quoted over two lines, where each
    /// row must be one line (`--output-mode lines`; TSV escapes the break, and a dialect without
    /// quoting refuses it anyway).
    private var quotesLineBreaksOverLines: Bool { writesOneLineRows && dialect.quote != nil }
}
