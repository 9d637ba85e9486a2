/// Runs rules over an input, block by block: each block's rows are processed in parallel,
/// and the results are written in input order before the next block is read. Memory stays
/// bounded by a few blocks whatever the input's size.
package struct RowPipeline {
    let input: InputSource
    let format: InputFormat
    /// The delimiter, quoting and header of CSV and TSV input (and output).
    let dialect: CSVDialect
    let rules: CompiledRules
    let mode: OutputMode
    let strict: Bool
    /// Clean rows go here (`.split` mode).
    let clean: OutputSink
    /// Rejected rows (`.split`) or report lines (`.report`) go here.
    let rejects: OutputSink
    let progress: ProgressBar?

    /// A pipeline from `input` in `format` (CSV and TSV in `dialect`, by default the format's
    /// own) through `rules`; `clean` and `rejects` receive what `mode` says, `strict` stops at
    /// the first malformed row, `progress` is drawn if given.
    package init(
        input: InputSource, format: InputFormat, dialect: CSVDialect? = nil, rules: CompiledRules, mode: OutputMode,
        strict: Bool, clean: OutputSink, rejects: OutputSink, progress: ProgressBar?
    ) {
        self.input = input
        self.format = format
        self.dialect = dialect ?? format.defaultDialect
        self.rules = rules
        self.mode = mode
        self.strict = strict
        self.clean = clean
        self.rejects = rejects
        self.progress = progress
    }

    /// Processes the whole input.
    ///
    /// - Throws: ``RecordsError`` for unreadable input, a header that does not fit the rules,
    ///   an unwritable output, or (with `--strict`) the first malformed row.
    package func run() throws -> RunSummary {
        let start = ContinuousClock.now
        // In `.lines` mode every input line is answered, a blank one too (as malformed).
        let reader = RecordReader(
            source: input, splitter: format.makeSplitter(keepingBlankLines: mode == .lines, dialect: dialect))
        var summary = RunSummary(input: input.name, format: format, fieldNames: rules.fields.map(\.name))
        defer { progress?.finish() }
        guard let first = try reader.next() else {
            summary.seconds = (ContinuousClock.now - start).inSeconds
            return summary
        }
        if reader.hadByteOrderMark, case .split = mode {
            let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
            try clean.write(mark)
            try rejects.write(mark)
        }
        let crlf = first.records[0].endedWithCRLF
        let evaluator = RowEvaluator(rules: rules)
        switch format {
        case .csv, .tsv:
            // The header (or, without one, the first row, which sets the number of columns).
            let headerSpan = first.records[0]
            let header = Array(first.bytes[headerSpan.start..<headerSpan.end])
            if headerSpan.problem != nil {
                let place = dialect.hasHeader ? "the header" : "the first row, which sets the columns"
                throw RecordsError("\(input.name): line 1 (\(place)): \(RecordProblem.unterminatedQuote)")
            }
            let codec = try header.withUnsafeBufferPointer {
                try CSVCodec(header: $0, dialect: dialect, rules: rules, crlf: crlf, inputName: input.name)
            }
            if case .split = mode, dialect.hasHeader {
                try clean.write(header + codec.lineEnding)
                try rejects.write(header.withUnsafeBufferPointer { codec.rejectHeader($0) })
            }
            let processor = RowProcessor(codec: codec, evaluator: evaluator, mode: mode, strict: strict)
            let skipping = dialect.hasHeader ? 1 : 0
            try process(first, skipping: skipping, reader: reader, processor: processor, summary: &summary)
        case .jsonl:
            let codec = JSONLinesCodec(rules: rules, crlf: crlf)
            let processor = RowProcessor(codec: codec, evaluator: evaluator, mode: mode, strict: strict)
            try process(first, skipping: 0, reader: reader, processor: processor, summary: &summary)
        case .lines:
            let codec = try LinesCodec(rules: rules, crlf: crlf)
            let processor = RowProcessor(codec: codec, evaluator: evaluator, mode: mode, strict: strict)
            try process(first, skipping: 0, reader: reader, processor: processor, summary: &summary)
        }
        summary.bytesRead = reader.bytesRead
        summary.seconds = (ContinuousClock.now - start).inSeconds
        return summary
    }

    private func process<Codec: RowCodec>(
        _ first: RecordBlock, skipping: Int, reader: RecordReader, processor: RowProcessor<Codec>,
        summary: inout RunSummary
    ) throws {
        var block: RecordBlock? = first
        var skip = skipping
        var nextRow = 1
        while var current = block {
            if skip > 0 {
                current.records.removeFirst(skip)
                skip = 0
            }
            let results = Self.processBlock(current, firstRow: nextRow, processor: processor)
            nextRow += current.records.count
            for result in results {
                if let stop = result.strictStop {
                    throw RecordsError("\(input.name): \(stop) (stopped by --strict)")
                }
                if !result.clean.isEmpty { try clean.write(result.clean) }
                if !result.rejects.isEmpty { try rejects.write(result.rejects) }
                summary.add(result)
            }
            progress?.update(rows: summary.rows, bytesRead: input.bytesReadFromFile)
            block = try reader.next()
        }
    }

    /// Splits a block's records into tasks, processes them on all cores, and returns their
    /// results in order.
    static func processBlock<Codec: RowCodec>(
        _ block: RecordBlock, firstRow: Int, processor: RowProcessor<Codec>
    ) -> [TaskResult] {
        let count = block.records.count
        guard count > 0 else { return [] }
        let tasks = max(1, min(ParallelMap.workerCount * 4, count / 256))
        let records = block.records
        return block.bytes.withUnsafeBufferPointer { buffer in
            let shared = SharedBytes(buffer: buffer)
            return ParallelMap.map(count: tasks) { task in
                let range = (count * task / tasks)..<(count * (task + 1) / tasks)
                return processor.process(shared.buffer, records: records, range: range, firstRow: firstRow)
            }
        }
    }
}
