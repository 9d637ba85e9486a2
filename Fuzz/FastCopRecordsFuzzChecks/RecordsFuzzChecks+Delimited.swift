import FastCopRecords

/// CSV and TSV in every dialect: the splitter, the field parser and writer, and the pipeline.
extension RecordsFuzzChecks {
    /// A row of the input as the library reads it: its values, or nil when it cannot be read
    /// (a record the splitter cut, invalid UTF-8, a malformed record or another number of
    /// fields than the header's).
    struct DelimitedRow {
        var record: RecordsProbe.Record
        var values: [String]?
    }

    func checkDelimited(_ input: RecordsFuzzInput) throws {
        guard let dialect = input.dialect else { return }
        let split = try records(input, answeringEveryLine: false)
        let everyLine = try records(input, answeringEveryLine: true)
        for record in split.records where record.problem == nil { checkFieldsWriteBack(record.bytes, dialect: dialect) }
        for record in everyLine.records where record.problem == nil {
            checkFieldsWriteBack(record.bytes, dialect: dialect)
        }
        let read = input.linesMode ? everyLine : split
        // The header; without one, the first well-formed row sets the columns. Fuzz inputs fit
        // in the pipeline's first block, so without a well-formed row every row is malformed.
        let wellFormed = read.records.first {
            $0.problem == nil && (try? RecordsProbe.fields(of: $0.bytes, dialect: dialect).get()) != nil
        }
        guard let header = dialect.hasHeader ? read.records.first : wellFormed ?? read.records.first else {
            let run = try clean(
                input.data, format: input.format, dialect: dialect, rules: CompiledRules(fields: []),
                linesMode: input.linesMode, workers: input.workers)
            checkCounts(run.summary, rows: 0, blankLines: input.linesMode ? nil : read.skippedBlankLines)
            return
        }
        if !dialect.hasHeader && wellFormed == nil {
            let run = try clean(
                input.data, format: input.format, dialect: dialect, rules: CompiledRules(fields: []),
                linesMode: input.linesMode, workers: input.workers)
            checkCounts(
                run.summary, rows: read.records.count, blankLines: input.linesMode ? nil : read.skippedBlankLines)
            expect(
                run.summary.malformedRows == read.records.count,
                "no row is well-formed, yet \(run.summary.malformedRows) of \(read.records.count) are malformed")
            return
        }
        // The header's names (by position without one); the rules name the first and last.
        let headerValues =
            header.problem == nil ? try? RecordsProbe.fields(of: header.bytes, dialect: dialect).get() : nil
        let headerUnreadable =
            headerValues == nil || (dialect.hasHeader && RecordsProbe.firstInvalidUTF8(header.bytes) != nil)
        let names =
            dialect.hasHeader ? (headerValues ?? []) : (headerValues ?? []).indices.map { String($0 + 1) }
        let chains = RecordsFuzzInput.filterChains
        var ruleFields: [(name: String, filters: String)] = []
        if let first = names.first { ruleFields.append((first, chains[input.filters.first])) }
        if let last = names.last { ruleFields.append((last, chains[input.filters.second])) }
        let rules =
            ruleFields.isEmpty
            ? CompiledRules(fields: []) : try RulesLoader.compile(Self.rules(ruleFields), name: "rules.json")
        let columns = rules.fields.map { field in names.indices.filter { names[$0] == field.name } }
        let run: (summary: RunSummary, clean: [UInt8], rejects: [UInt8])
        do {
            run = try clean(
                input.data, format: input.format, dialect: dialect, rules: rules, linesMode: input.linesMode,
                workers: input.workers)
        } catch let error as RecordsError {
            // Refused before any row: a header that cannot be read, or a column a rule names twice.
            expect(
                headerUnreadable || columns.contains { $0.count > 1 },
                "the pipeline refused a readable header: \(error)")
            return
        }
        expect(!headerUnreadable, "the pipeline took an unreadable header \(Self.shown(header))")
        guard !headerUnreadable, let headerValues else { return }
        let rowRecords = dialect.hasHeader ? Array(read.records.dropFirst()) : read.records
        checkCounts(run.summary, rows: rowRecords.count, blankLines: input.linesMode ? nil : read.skippedBlankLines)
        let rows = rowRecords.map { record -> DelimitedRow in
            guard record.problem == nil, RecordsProbe.firstInvalidUTF8(record.bytes) == nil,
                let values = try? RecordsProbe.fields(of: record.bytes, dialect: dialect).get(),
                values.count == headerValues.count
            else { return DelimitedRow(record: record, values: nil) }
            return DelimitedRow(record: record, values: values)
        }
        // What each clean row must read back as: its values, the rule columns filtered.
        func expected(_ row: DelimitedRow) -> [String]? {
            guard var values = row.values else { return nil }
            for (field, column) in zip(rules.fields, columns) {
                guard let column = column.first, let value = Self.filtered(values[column], by: field) else {
                    return nil
                }
                values[column] = value
            }
            return values
        }
        if input.linesMode {
            let texts = try answers(run.clean, rows: rows.count, clean: run.summary.cleanRows)
            for (row, text) in zip(rows, texts) {
                guard let text else { continue }
                let values = expected(row)
                let read = try? RecordsProbe.fields(of: text, dialect: dialect).get()
                expect(
                    values != nil && read == values,
                    "row \(Self.shown(row.record)) is answered ok with \(Self.shown(text)), which reads as "
                        + "\(read.map { "\($0)" } ?? "a malformed record"), not \(values.map { "\($0)" } ?? "unreadable")"
                )
            }
            return
        }
        // A header that ends the input with a CR of data (TSV `pexLr\r\r`: the last CR ends the
        // line, the other is data) is written with a LF after it and reads back without it. The
        // tool never meets it: an input with no LF and a CR alone is read with CR line ends
        // (`InputSource.decoding`), which these in-memory runs skip. Rows with such a CR are
        // rejected by the pipeline (Fuzz/records-corpus/cr-at-end).
        let headerEndsInCR =
            dialect.hasHeader && rows.isEmpty && input.data.last == UInt8(ascii: "\r")
            && header.bytes.last == UInt8(ascii: "\r")
        let rejected = rejectedRows(run.rejects, dialect: dialect, rows: rows.count, count: run.summary.rejected)
        let cleanRows = rows.indices.filter { !rejected.contains($0 + 1) }.map { rows[$0] }
        let written = try RecordsProbe.split(
            run.clean, format: input.format, dialect: dialect)
        let writtenRows = dialect.hasHeader ? Array(written.records.dropFirst()) : written.records
        expect(
            writtenRows.count == run.summary.cleanRows,
            "CLEAN reads back as \(writtenRows.count) rows, not \(run.summary.cleanRows)")
        for (row, back) in zip(cleanRows, writtenRows) {
            guard let values = expected(row) else {
                finding("row \(Self.shown(row.record)) cannot be read or cleaned, yet is not rejected")
                continue
            }
            let read = try? RecordsProbe.fields(of: back.bytes, dialect: dialect).get()
            expect(
                back.problem == nil && read == values,
                "row \(Self.shown(row.record)) cleaned to \(values), written as \(Self.shown(back)), reads back as "
                    + "\(read.map { "\($0)" } ?? "a malformed record")")
        }
        if dialect.hasHeader, let first = written.records.first {
            expect(
                first.bytes == header.bytes || headerEndsInCR,
                "CLEAN's header \(Self.shown(first)) is not the input's")
        }
    }

    /// The row numbers REJECTS names (its `_row` column, the fourth from the end), after
    /// checking that it reads back as `count` rows in increasing order.
    func rejectedRows(_ rejects: [UInt8], dialect: CSVDialect, rows: Int, count: Int) -> Set<Int> {
        let rejectsDialect = RecordsProbe.rejectsDialect(of: dialect)
        guard
            let split = try? RecordsProbe.split(
                rejects, format: .csv, dialect: rejectsDialect)
        else {
            finding("REJECTS cannot be read back")
            return []
        }
        let records = dialect.hasHeader ? Array(split.records.dropFirst()) : split.records
        expect(records.count == count, "REJECTS reads back as \(records.count) rows, not \(count)")
        var numbers: [Int] = []
        for record in records {
            guard record.problem == nil,
                let values = try? RecordsProbe.fields(of: record.bytes, dialect: rejectsDialect).get(),
                values.count >= 5, let number = Int(values[values.count - 4])
            else {
                finding("a REJECTS row does not read back with its row number: \(Self.shown(record))")
                continue
            }
            numbers.append(number)
        }
        expect(
            numbers == numbers.sorted() && Set(numbers).count == numbers.count
                && numbers.allSatisfy { (1...rows).contains($0) },
            "REJECTS' row numbers \(numbers) are not increasing row numbers of \(rows) rows")
        return Set(numbers)
    }

    /// A record's fields, written back one by one and joined with the delimiter, read back as
    /// one record with the same values (unless the dialect cannot write one of them).
    func checkFieldsWriteBack(_ record: [UInt8], dialect: CSVDialect) {
        guard let values = try? RecordsProbe.fields(of: record, dialect: dialect).get(),
            values.allSatisfy({ RecordsProbe.canWrite($0, dialect: dialect) })
        else { return }
        var written: [UInt8] = []
        for (index, value) in values.enumerated() {
            if index > 0 { written.append(dialect.delimiter) }
            written += RecordsProbe.written(value, dialect: dialect)
        }
        // An empty record would be a blank line, not a record.
        guard !written.isEmpty else { return }
        // After a line, so that a value that starts like a byte order mark is not taken for one.
        let text = [UInt8(ascii: "\n")] + written + [UInt8(ascii: "\n")]
        guard let back = try? RecordsProbe.split(text, format: .csv, dialect: dialect)
        else { return finding("written fields \(Self.shown(written)) cannot be split") }
        let read =
            back.records.count == 1 ? try? RecordsProbe.fields(of: back.records[0].bytes, dialect: dialect).get() : nil
        expect(
            back.records.count == 1 && back.records[0].bytes == written && back.records[0].problem == nil
                && read == values,
            "fields \(values) of \(Self.shown(record)), written as \(Self.shown(written)), read back as "
                + Self.shown(back.records) + " with values \(read.map { "\($0)" } ?? "none")")
    }
}
