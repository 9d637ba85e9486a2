import FastCopRecords

/// `fastcop clean INPUT --rules RULES [-o CLEAN] [--rejects REJECTS]`.
enum CleanCommand {
    static let spec = CommandSpec(
        name: "clean",
        summary: "Apply a rules file to every row: clean rows to CLEAN, rejected rows with reasons to REJECTS.",
        usage: ["clean INPUT --rules RULES [-o CLEAN] [--rejects REJECTS] [--format FORMAT]"],
        discussion: """
            INPUT is plain lines, CSV (RFC 4180, with a header row), TSV or JSON Lines, by its
            extension (.csv, .tsv, .jsonl/.ndjson; anything else is plain lines) or --format.
            For each field named in RULES, its filters run in order, then its trials; a row is
            clean when every field passes, else it is rejected with the messages of all failing
            fields. Every input row ends up in exactly one of CLEAN and REJECTS.

            CLEAN has the input's format (CSV keeps its header). REJECTS holds each rejected row
            unchanged plus its row number, line number, failing fields and messages: CSV adds the
            columns _row,_line,_field,_message; JSON Lines adds "_row", "_line" and "_errors";
            plain lines are written as ROW<tab>FIELD<tab>MESSAGE<tab>LINE.

            --output-mode lines (for Spark's RDD.pipe and other line-by-line callers) writes one
            line per input row, in order, to CLEAN: "ok<tab>CLEANED ROW" or
            "rejected<tab>FIELDS<tab>MESSAGES<tab>ORIGINAL ROW" (no CSV header is written). A
            blank or unreadable line is answered too, with an empty FIELDS and the reason; with
            JSON Lines or plain lines every input line gets exactly one output line.

            '-' is stdin (INPUT) or stdout (CLEAN, REJECTS); CLEAN defaults to stdout. Files are
            written under a temporary name and renamed at the end: a failed run leaves no
            half-written file. The summary goes to stdout, or to stderr when CLEAN is stdout.
            """,
        options: [
            .option("rules", short: "r", value: "RULES", help: "The rules file (JSON; see the README)."),
            .option("output", short: "o", value: "CLEAN", help: "Where clean rows go (default: stdout)."),
            .option("rejects", value: "REJECTS", help: "Where rejected rows go, with reasons (default: not written)."),
            .option("format", short: "f", value: "FORMAT", help: "Input format: lines, csv, tsv or jsonl."),
            .option(
                "output-mode", value: "MODE",
                help: "'split' (default: CLEAN and REJECTS) or 'lines': one line per row to CLEAN, in order."),
            CommonOptions.strict,
            CommonOptions.summary,
            CommonOptions.quiet,
        ],
        positionals: 1...1)

    static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
        guard let rulesPath = arguments.value("rules") else {
            throw ToolError.usage("clean needs a rules file: --rules RULES", command: "clean")
        }
        let summaryStyle = try CommonOptions.summaryStyle(arguments, command: "clean")
        let inputPath = arguments.positionals[0]
        let format = try InputFormat.resolve(option: arguments.value("format"), path: inputPath, command: "clean")
        let cleanPath = arguments.value("output") ?? "-"
        let rejectsPath = arguments.value("rejects")
        let mode: OutputMode
        switch arguments.value("output-mode") ?? "split" {
        case "split": mode = .split
        case "lines":
            mode = .lines
            if rejectsPath != nil {
                throw ToolError.usage("--output-mode lines writes every row to CLEAN; drop --rejects", command: "clean")
            }
        case let other:
            throw ToolError.usage("--output-mode takes split or lines, not '\(other)'", command: "clean")
        }
        if let rejectsPath, rejectsPath == cleanPath {
            throw ToolError.usage("CLEAN and REJECTS must be different outputs", command: "clean")
        }
        if inputPath == "-" && rulesPath == "-" {
            throw ToolError.usage("INPUT and RULES cannot both be stdin", command: "clean")
        }

        let rules = try RulesLoader.load(rulesPath)
        let input = try InputSource.open(inputPath)
        let clean = try OutputSink.open(cleanPath)
        let rejects = try rejectsPath.map { try OutputSink.open($0) } ?? .discard
        let pipeline = RowPipeline(
            input: input, format: format, rules: rules, mode: mode, strict: arguments.flag("strict"),
            clean: clean, rejects: rejects,
            progress: ProgressBar(quiet: arguments.flag("quiet"), totalBytes: input.totalBytes))
        var summary: RunSummary
        do {
            summary = try pipeline.run()
            try clean.commit()
            try rejects.commit()
        } catch {
            clean.abandon()
            rejects.abandon()
            throw error
        }
        summary.cleanOutput = cleanPath == "-" ? "stdout" : cleanPath
        summary.rejectsOutput = rejectsPath.map { $0 == "-" ? "stdout" : $0 }
        let toStandardOutput = !clean.isStandardOutput && !rejects.isStandardOutput
        switch summaryStyle {
        case .text: toStandardOutput ? Console.out(summary.text()) : Console.error(summary.text())
        case .json: toStandardOutput ? Console.out(summary.json()) : Console.error(summary.json())
        case .none: break
        }
        return summary.status
    }
}
