import FastCopRecords

/// `fastcop clean INPUT --rules RULES [-o CLEAN] [--rejects REJECTS]`.
enum CleanCommand {
    static let spec = CommandSpec(
        name: "clean",
        summary: "Apply a rules file to every row: clean rows to CLEAN, rejected rows with reasons to REJECTS.",
        usage: [
            "clean INPUT --rules RULES [-o CLEAN] [--rejects REJECTS | --discard-rejects] [--format FORMAT]",
            "clean INPUT --schema SCHEMA [-o CLEAN] [--rejects REJECTS | --discard-rejects] [--format FORMAT]",
        ],
        discussion: """
            INPUT is plain lines, CSV (RFC 4180, with a header row), TSV or JSON Lines, by its
            extension (.csv, .tsv, .jsonl/.ndjson; anything else is plain lines) or --format.
            For each field named in RULES, its filters run in order, then its trials; a row is
            clean when every field passes, else it is rejected with the messages of all failing
            fields. Every input row ends up in exactly one of CLEAN and REJECTS: no row is
            dropped unless --discard-rejects asks for it, and the summary says where each went.
            REJECTS defaults to CLEAN's name with .rejects before the extension (clean.csv ->
            clean.rejects.csv, always written); when CLEAN is stdout, give --rejects or
            --discard-rejects. A rules field (not optional) that no row of the first block has
            (a JSON Lines key, a CSV column) is an error before anything is written, unless
            --allow-missing-fields (then such rows are rejected as missing the field).

            JSON Lines: a field name with dots names a nested member (addr.city; a\\.b names the
            key "a.b"); numbers and bools are judged by trials as their JSON text and left
            untouched by filters; null is a missing value; an object or array rejects the row.

            CSV may have another delimiter (-d ';'), quote character (--quote "'", or none) or
            no header row (--no-header: columns are named 1, 2, 3…); TSV has no quoting, and
            \\t, \\n, \\r and \\\\ inside a field stand for a tab, a line break and a backslash
            (as in Miller). CLEAN and REJECTS are written in the input's dialect, in UTF-8:
            --encoding latin1, windows-1252 or utf-16 transcodes the input on the way in (a
            UTF-16 byte order mark is recognized by itself). A gzip input (data.csv.gz, or gzip
            data on stdin) is decompressed as it is read.

            CLEAN has the input's format (CSV keeps its header). REJECTS holds each rejected row
            unchanged plus its row number, line number, failing fields and messages: CSV adds the
            columns _row,_line,_field,_message; JSON Lines adds "_row", "_line" and "_errors";
            plain lines are written as ROW<tab>FIELD<tab>MESSAGE<tab>LINE. The one exception to the
            input's dialect: a --quote none CSV's REJECTS is RFC 4180 (same delimiter, '"' quotes
            where needed), so a malformed row, kept whole in the first column, and a message
            holding the delimiter keep every row at the header's columns plus four.

            --output-mode lines (for Spark's RDD.pipe and other line-by-line callers) writes one
            line per input line, in order, to CLEAN: "ok<tab>CLEANED ROW" or
            "rejected<tab>FIELDS<tab>MESSAGES<tab>ORIGINAL ROW" (no CSV header is written). A
            blank or unreadable line is answered too, with an empty FIELDS and the reason. Each
            line is a row: a CSV quoted field must close on its line, and a row whose cleaned
            value holds a line break is rejected, as it cannot be answered on one line. No
            answer holds a control character raw (tabs aside): a clean row holding one (a NUL, an
            ESC, a CR) is rejected, and a rejected answer shows them escaped (\\u0000, \\r).

            '-' is stdin (INPUT) or stdout (CLEAN, REJECTS); CLEAN defaults to stdout. Files are
            written under a temporary name and renamed at the end: a failed run leaves no
            half-written file, and CLEAN or REJECTS may not be INPUT (it would replace the
            input). The temporary files a run killed outright (kill -9) left beside CLEAN or
            REJECTS (.NAME.fastcop-PID.tmp) are removed by the next run that writes them. The
            summary goes to stdout, or to stderr when CLEAN or REJECTS is stdout.
            """,
        options: CleanOptions.declarations,
        positionals: 1...1)

    static func run(_ options: CleanOptions) throws -> ExitStatus {
        // Plain lines end at LF, as `match` reads them; CSV and JSON Lines values follow the library.
        let rules = try RulesLoader.load(
            options.rulesPath, patternOptions: options.format == .lines ? CompiledRules.lineSemantics : [],
            vocabulary: options.isSchema ? .tableSchema : .rules)
        let input = try InputSource.open(options.inputPath).decoding(options.reading.encoding)
        let clean = try OutputSink.open(options.cleanPath)
        let rejects = try options.rejects.path.map { try OutputSink.open($0) } ?? .discard
        let report = try options.reportPath.map { try OutputSink.open($0) }
        var pipeline = RowPipeline(
            input: input, format: options.format, dialect: options.reading.dialect, rules: rules, mode: options.mode,
            strict: options.strict,
            clean: clean, rejects: rejects,
            progress: ProgressBar(quiet: options.quiet, totalBytes: input.totalBytes), workers: options.jobs)
        pipeline.allowMissingFields = options.allowMissingFields
        if report != nil { pipeline.reportDetail = ReportDetail() }
        var summary: RunSummary
        do {
            summary = try pipeline.run()
            if let report, let path = options.reportPath {
                try ReportFile.write(
                    summary, to: report, path: path, inputPath: options.inputPath, reading: options.reading,
                    totalBytes: input.totalBytes,
                    rules: .init(kind: options.isSchema ? "schema" : "rules", path: options.rulesPath), command: "clean"
                )
            }
            try OutputSink.commit([clean, rejects] + (report.map { [$0] } ?? []))
        } catch {
            clean.abandon()
            rejects.abandon()
            report?.abandon()
            throw error
        }
        summary.cleanOutput = options.cleanPath == "-" ? "stdout" : options.cleanPath
        switch options.rejects {
        case .given(let path), .besideClean(let path): summary.rejectsOutput = path == "-" ? "stdout" : path
        case .discarded: summary.rejectsDiscarded = true
        case .inClean: summary.rejectsOutput = summary.cleanOutput
        }
        let toStandardOutput = !clean.isStandardOutput && !rejects.isStandardOutput
        switch options.summary {
        case .text: toStandardOutput ? Console.out(summary.text()) : Console.error(summary.text())
        case .json: toStandardOutput ? Console.out(summary.json()) : Console.error(summary.json())
        case .none: break
        }
        return summary.status
    }
}
