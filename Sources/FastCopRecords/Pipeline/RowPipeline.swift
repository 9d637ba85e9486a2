import FastCop

/// Runs rules over an input, block by block: a reader thread reads and splits blocks, worker
/// threads process their rows in tasks, and the results are written in input order as they
/// come (``RowScheduler``). Memory stays bounded by a few blocks whatever the input's size.
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
    /// How many threads process rows (all cores when nil).
    let workers: Int?
    /// Whether a rules field that the data lacks (no CSV column; no JSON Lines row of the first
    /// block has it) is accepted: then every row is judged without it. Else it is an error
    /// before anything is written.
    package var allowMissingFields = false
    /// What the report keeps beyond the counts per rule (`--report`; nil: the counts alone).
    package var reportDetail: ReportDetail?
    /// The most memory the keys kept to find duplicates may take (half the machine's).
    package var uniqueKeysMemoryLimit = UniqueKeys.defaultMemoryLimit

    /// A pipeline from `input` in `format` (CSV and TSV in `dialect`, by default the format's
    /// own) through `rules`; `clean` and `rejects` receive what `mode` says, `strict` stops at
    /// the first malformed row, `progress` is drawn if given, `workers` threads process rows
    /// (all cores when nil).
    package init(
        input: InputSource, format: InputFormat, dialect: CSVDialect? = nil, rules: CompiledRules, mode: OutputMode,
        strict: Bool, clean: OutputSink, rejects: OutputSink, progress: ProgressBar?, workers: Int? = nil
    ) {
        self.workers = workers
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

    /// The index of the first record of `block` that is a well-formed row of the dialect (no
    /// problem from the splitter, and its fields parse), or nil.
    private func firstWellFormed(_ block: RecordBlock) -> Int? {
        var fields: [CSVField] = []
        return block.records.indices.first { index in
            let span = block.records[index]
            guard span.problem == nil else { return false }
            let record = Array(block.bytes[span.start..<span.end])
            return record.withUnsafeBufferPointer { (try? CSVFields.parse($0, dialect: dialect, into: &fields)) != nil }
        }
    }

    /// Processes the whole input.
    ///
    /// - Throws: ``RecordsError`` for unreadable input, a header that does not fit the rules,
    ///   an unwritable output, or (with `--strict`) the first malformed row.
    package func run() throws -> RunSummary {
        let start = ContinuousClock.now
        // In `.lines` mode every input line is answered, a blank one too (as malformed).
        // JSON Lines' first block is the sample in which every rules field must appear: it
        // keeps its full size (but in `.lines` mode, see below).
        let reader = RecordReader(
            source: input,
            splitter: format.makeSplitter(
                answeringEveryLine: mode == .lines, dialect: dialect, crEndsLines: !input.endsLinesWithCR),
            startingSmall: format != .jsonl, fillingFirstBlock: format == .jsonl && mode != .lines)
        let evaluator = RowEvaluator(rules: rules)
        var summary = RunSummary(
            input: input.name, format: format, catalog: evaluator.plans.catalog, detail: reportDetail)
        defer { progress?.finish() }
        guard let first = try reader.next() else {
            // No record: an empty input, or blank lines only (counted, so the summary says why
            // nothing was written).
            summary.crLineEnds = input.endsLinesWithCR
            summary.bytesRead = reader.bytesRead
            summary.blankLines = reader.skippedBlankLines
            summary.seconds = (ContinuousClock.now - start).inSeconds
            return summary
        }
        summary.crLineEnds = input.endsLinesWithCR
        let outputs = (clean: OutputStart(clean), rejects: OutputStart(rejects))
        if reader.hadByteOrderMark, case .split = mode {
            try outputs.clean.writeInputMark()
            try outputs.rejects.writeInputMark()
        }
        let crlf = first.records[0].endedWithCRLF
        switch format {
        case .csv, .tsv:
            // The header; without one, the first well-formed row sets the number of columns (a
            // malformed row before it is rejected as any other is). An input without a header
            // and without a well-formed row has no columns: each row is rejected as malformed,
            // and the rules, which name columns by position, judge none. When the first block
            // holds no well-formed row but more follows, the first row's problem stops the run.
            let wellFormed = dialect.hasHeader ? 0 : firstWellFormed(first)
            let noColumns = wellFormed == nil && reader.holdsWholeInput
            let widthRow = wellFormed ?? 0
            let headerSpan = first.records[widthRow]
            let header = noColumns ? [] : Array(first.bytes[headerSpan.start..<headerSpan.end])
            if headerSpan.problem != nil && !noColumns {
                let place = dialect.hasHeader ? "the header" : "the first row, which sets the columns"
                throw RecordsError("\(input.name): line 1 (\(place)): \(RecordProblem.unterminatedQuote)")
            }
            // A header with a CR that runs to the end of the first block (but for its line end),
            // past the look-ahead, holds the rows: lines ended by CR alone that the look at the
            // input's start did not see (a first line longer than its look-ahead). Reading on
            // would judge no row and write an empty CLEAN. (Within the look-ahead, a CR in such
            // a header is data: the look found LF line ends, as in a quoted "B\r\nB".)
            if first.records.count == 1, first.bytes.count - headerSpan.end <= 1, !reader.lastBlockCameEarly,
                header.count > CarriageReturnLines.lookahead, header.contains(ASCII.carriageReturn)
            {
                throw RecordsError(
                    "\(input.name): line 1 holds every line of the first \(Formatting.grouped(reader.bytesRead))"
                        + " bytes and a CR (\\r): if the lines end with CR alone, make them LF first"
                        + " (e.g. tr '\\r' '\\n'); FastCop finds CR line ends only within the first"
                        + " \(CarriageReturnLines.lookahead / 1024) KiB")
            }
            // With --allow-missing-fields, a rule field that is not a column reads as absent.
            let columnRules = allowMissingFields || noColumns ? rules.allOptional : rules
            let codec = try header.withUnsafeBufferPointer {
                try CSVCodec(
                    header: $0, dialect: dialect, rules: columnRules, crlf: crlf, inputName: input.name,
                    oneLineRows: mode == .lines, widthRow: widthRow + 1)
            }
            if case .split = mode, dialect.hasHeader {
                try outputs.clean.write([outputBytes(header + codec.lineEnding.bytes)])
                try outputs.rejects.write([outputBytes(header.withUnsafeBufferPointer { codec.rejectHeader($0) })])
            }
            let processor = try makeProcessor(codec, evaluator, first: first, summary: summary)
            let skipping = dialect.hasHeader ? 1 : 0
            try process(
                first, skipping: skipping, reader: reader, processor: processor, outputs: outputs,
                summary: &summary)
        case .jsonl:
            let codec = JSONLinesCodec(rules: rules, crlf: crlf)
            // In pipe mode (`.lines`) the first block is not waited for: a stage that feeds one
            // row and waits for its answer gets it. When the first block came before it was full,
            // it is too small a sample to judge the rules fields by; every row's answer then
            // names a field it lacks.
            if !allowMissingFields && !reader.lastBlockCameEarly { try checkFieldsPresent(first, codec: codec) }
            let processor = try makeProcessor(codec, evaluator, first: first, summary: summary)
            try process(
                first, skipping: 0, reader: reader, processor: processor, outputs: outputs,
                summary: &summary)
        case .lines:
            let codec = try LinesCodec(rules: rules, crlf: crlf)
            let processor = try makeProcessor(codec, evaluator, first: first, summary: summary)
            try process(
                first, skipping: 0, reader: reader, processor: processor, outputs: outputs,
                summary: &summary)
        }
        summary.bytesRead = reader.bytesRead
        summary.blankLines = reader.skippedBlankLines
        summary.headerOnly = (format == .csv || format == .tsv) && dialect.hasHeader && summary.rows == 0
        summary.seconds = (ContinuousClock.now - start).inSeconds
        return summary
    }

    private func makeProcessor<Codec: RowCodec>(
        _ codec: Codec, _ evaluator: RowEvaluator, first: RecordBlock, summary: RunSummary
    ) throws -> RowProcessor<Codec> {
        var processor = RowProcessor(codec: codec, evaluator: evaluator, mode: mode, strict: strict)
        processor.reportDetail = reportDetail
        processor.exampleDemand = summary.tally.demand
        processor.swapsLineBreaks = input.endsLinesWithCR
        // Room for the keys up front, as many as the input's size makes rows at the first
        // block's average (at most 4 million: a guess too high costs zeroed memory): growing a
        // table of a million keys places every key again, each time it doubles.
        var expectedKeys = 512
        if let total = input.totalBytes, !first.records.isEmpty {
            let perRow = max(1, first.bytes.count / first.records.count)
            expectedKeys = min(4 << 20, max(512, total / perRow))
        }
        processor.uniqueness = try Uniqueness(
            rules, memoryLimit: uniqueKeysMemoryLimit, expectedKeys: expectedKeys)
        return processor
    }

    /// `bytes` as written: with CR and LF trading places again when the input was read so.
    private func outputBytes(_ bytes: [UInt8]) -> [UInt8] {
        guard input.endsLinesWithCR else { return bytes }
        var bytes = bytes
        CarriageReturnLines.swapLineBreaks(&bytes)
        return bytes
    }

    /// Throws when a required rule field is in no readable row of `block` (a typo such as
    /// `e_mail` would otherwise reject every row).
    private func checkFieldsPresent(_ block: RecordBlock, codec: JSONLinesCodec) throws {
        var seen = [Bool](repeating: false, count: rules.fields.count)
        var present = codec.makeScratch()
        var inputs = [FieldInput](repeating: .absent, count: rules.fields.count)
        var readable = false
        block.bytes.withUnsafeBufferPointer { bytes in
            for span in block.records where span.problem == nil {
                let record = UnsafeBufferPointer(rebasing: bytes[span.start..<span.end])
                guard UTF8Validation.firstInvalidOffset(record) == nil,
                    (try? codec.read(record, into: &inputs, scratch: &present)) != nil
                else { continue }
                readable = true
                for index in seen.indices where present[index] { seen[index] = true }
                if !seen.contains(false) { break }  // usually after the first row
            }
        }
        guard readable else { return }  // nothing could be read: the rows are rejected as malformed
        let missing = rules.fields.indices.filter { !seen[$0] && !rules.fields[$0].optional }
        guard !missing.isEmpty else { return }
        let names = missing.map { "'\(rules.fields[$0].name)'" }.joined(separator: ", ")
        throw RecordsError(
            "\(input.name): no row of the first \(Formatting.grouped(block.records.count)) has the rules field"
                + (missing.count > 1 ? "s " : " ") + names
                + " (a nested member is named with dots, addr.city); mark it \"optional\": true,"
                + " or pass --allow-missing-fields to judge every row without it")
    }

    private func process<Codec: RowCodec>(
        _ first: RecordBlock, skipping: Int, reader: RecordReader, processor: RowProcessor<Codec>,
        outputs: (clean: OutputStart, rejects: OutputStart), summary: inout RunSummary
    ) throws {
        var first = first
        first.records.removeFirst(skipping)
        let scheduler = RowScheduler(
            reader: reader, processor: processor, workers: workers ?? ParallelMap.workerCount)
        summary.workers = workers ?? ParallelMap.workerCount
        try scheduler.run(first: first) { results in
            // The rows before a --strict stop are written, as when they were written one by
            // one: those of earlier tasks, and those of the stopping task before the stop.
            let going = { (result: TaskResult) in result.strictStop == nil && result.stop == nil }
            let written = results.prefix(while: going) + results.drop(while: going).prefix(1)
            try outputs.clean.write(written.map(\.clean))
            try outputs.rejects.write(written.map(\.rejects))
            for result in written {
                if let stop = result.strictStop {
                    throw RecordsError("\(input.name): \(stop) (stopped by --strict)")
                }
                if let stop = result.stop { throw RecordsError("\(input.name): \(stop)") }
                summary.add(result)
            }
            progress?.update(rows: summary.rows, bytesRead: input.bytesReadFromFile)
        }
    }
}

/// An output (CLEAN or REJECTS) and whether it has had its first bytes. Every reader takes a
/// UTF-8 byte order mark at a file's start for the encoding's and drops it. When an output's
/// first bytes are a row's or a header's U+FEFF (data: an input's own mark is only at its start),
/// a mark is written before them, so that they read back whole.
final class OutputStart {
    private let sink: OutputSink
    private var started = false

    init(_ sink: OutputSink) {
        self.sink = sink
    }

    /// Writes the input's byte order mark, first.
    func writeInputMark() throws {
        started = true
        try sink.write(TextEncoding.utf8ByteOrderMark)
    }

    /// Writes `parts`, after a byte order mark when they are the output's first bytes and start
    /// with one.
    func write(_ parts: [[UInt8]]) throws {
        if !started, let first = parts.first(where: { !$0.isEmpty }) {
            started = true
            if first.starts(with: TextEncoding.utf8ByteOrderMark) { try sink.write(TextEncoding.utf8ByteOrderMark) }
        }
        try sink.write(contentsOf: parts)
    }
}
