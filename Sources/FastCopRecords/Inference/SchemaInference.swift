/// Infers a draft Frictionless Table Schema from a sample of an input (`fastcop infer`): each
/// column's narrowest type that reads its values, `required` when no value is missing, an
/// `enum` for a string column of few distinct values, `unique` for an integer or string column
/// whose values are all distinct, and the date and time formats seen.
///
/// The sample (the first ``InferenceOptions/sampleRows`` rows, or all) is read in blocks as
/// `clean` reads them; each block's rows are profiled in runs on all cores
/// (``ParallelMap``) and the runs merged in input order. The rules, and where they differ from
/// frictionless-py's `describe`, are in ``InferenceCandidates``, ``InferredSchema`` and
/// `docs/table-schema-differences.md` ("fastcop infer").
package enum SchemaInference {
    /// Rows per worker task, at the least.
    static let rowsPerTask = 4096

    /// Reads the sample of `input` (CSV and TSV in `dialect`, or JSON Lines) and infers its
    /// schema.
    ///
    /// - Throws: ``RecordsError`` for unreadable input, plain lines (no columns), an empty
    ///   input, or a CSV header that is malformed, not UTF-8, or names a column twice.
    package static func infer(
        _ input: InputSource, format: InputFormat, dialect: CSVDialect? = nil, options: InferenceOptions = .init()
    ) throws -> InferredSchema {
        guard format != .lines else {
            throw RecordsError(
                "\(input.name): plain lines have no columns to infer types of: say --format csv, tsv or jsonl")
        }
        let dialect = dialect ?? format.defaultDialect
        let reader = RecordReader(source: input, splitter: format.makeSplitter(dialect: dialect))
        guard var block = try reader.next() else {
            throw RecordsError("\(input.name): the input is empty: no \(format == .jsonl ? "rows" : "header")")
        }
        var names: [String] = []
        var skipping = 0
        if format != .jsonl {
            if dialect.hasHeader {
                names = try header(block, dialect: dialect, inputName: input.name)
                skipping = 1
            } else {
                names = width(block, dialect: dialect).map { (1...$0).map { "field\($0)" } } ?? []
            }
        }
        var total = SampleProfile(names: names, options: options)
        var remaining = options.sampleRows ?? Int.max
        var wholeInput = true
        while true {
            let records = block.records.dropFirst(skipping).prefix(remaining)
            skipping = 0
            remaining -= records.count
            for part in profile(records, of: block, format: format, dialect: dialect, names: names, options: options) {
                total.merge(part)
            }
            if remaining == 0 {
                wholeInput = records.endIndex == block.records.endIndex && reader.holdsWholeInput
                break
            }
            guard let next = try reader.next() else { break }
            block = next
        }
        return InferredSchema(total, options: options, wholeInput: wholeInput)
    }

    /// The profiles of `records`, one per run of rows, in order.
    private static func profile(
        _ records: ArraySlice<RecordSpan>, of block: RecordBlock, format: InputFormat, dialect: CSVDialect,
        names: [String], options: InferenceOptions
    ) -> [SampleProfile] {
        let tasks = max(1, min(ParallelMap.workerCount * 4, records.count / rowsPerTask))
        let start = records.startIndex
        let count = records.count
        return ParallelMap.map(count: tasks) { task in
            let run = block.records[(start + count * task / tasks)..<(start + count * (task + 1) / tasks)]
            return block.bytes.withUnsafeBufferPointer { bytes in
                format == .jsonl
                    ? SampleRows.jsonLines(run, in: bytes, options: options)
                    : SampleRows.csv(run, in: bytes, dialect: dialect, names: names, options: options)
            }
        }
    }

    /// The header's names.
    private static func header(_ block: RecordBlock, dialect: CSVDialect, inputName: String) throws -> [String] {
        let place = "\(inputName): line 1 (the header)"
        let span = block.records[0]
        if let problem = span.problem { throw RecordsError("\(place): \(problem.description)") }
        return try block.bytes.withUnsafeBufferPointer { bytes in
            let record = UnsafeBufferPointer(rebasing: bytes[span.start..<span.end])
            if let bad = UTF8Validation.firstInvalidOffset(record) {
                throw RecordsError("\(place): invalid UTF-8 at byte \(bad + 1) \(UTF8Validation.encodingHint)")
            }
            var fields: [CSVField] = []
            do throws(RecordProblem) {
                try CSVFields.parse(record, dialect: dialect, into: &fields)
            } catch {
                throw RecordsError("\(place): \(error.description)")
            }
            let names = fields.map { CSVFields.value(of: $0, in: record, dialect: dialect) }
            for (index, name) in names.enumerated() where names[..<index].contains(name) {
                throw RecordsError(
                    "\(place): column '\(RejectText.escaped(name))' is named twice: a schema's fields need"
                        + " distinct names (rename one)")
            }
            return names
        }
    }

    /// Without a header, the number of fields of the first well-formed row (as `clean` sets the
    /// columns), or nil when the first block has none.
    private static func width(_ block: RecordBlock, dialect: CSVDialect) -> Int? {
        block.bytes.withUnsafeBufferPointer { bytes in
            var fields: [CSVField] = []
            for span in block.records where span.problem == nil {
                let record = UnsafeBufferPointer(rebasing: bytes[span.start..<span.end])
                if (try? CSVFields.parse(record, dialect: dialect, into: &fields)) != nil { return fields.count }
            }
            return nil
        }
    }
}
