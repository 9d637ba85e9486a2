import FastCopRecords

/// The options of `fastcop clean`, decoded and checked once.
struct CleanOptions {
    static let output = OptionSpec.option(
        "output", short: "o", value: "CLEAN", help: "Where clean rows go (default: stdout).")
    static let rejects = OptionSpec.option(
        "rejects", value: "REJECTS",
        help: "Where rejected rows go, with reasons (default: CLEAN's name + .rejects, e.g. clean.rejects.csv).")
    static let discardRejects = OptionSpec.flag(
        "discard-rejects", help: "Drop rejected rows (needed when CLEAN is stdout and --rejects is not given).")
    static let outputMode = OptionSpec.option(
        "output-mode", value: "MODE",
        help: "'split' (default: CLEAN and REJECTS) or 'lines': one line per row to CLEAN, in order.")

    static let jobs = OptionSpec.option(
        "jobs", short: "j", value: "N", help: "Process rows on N threads (default: one per core).")

    /// The declarations, in the order help lists them.
    static let declarations: [OptionSpec] =
        [
            CommonOptions.rules, CommonOptions.schema, output, rejects, discardRejects,
            CommonOptions.allowMissingFields,
            CommonOptions.format,
            outputMode, CommonOptions.strict, CommonOptions.summary, CommonOptions.report, CommonOptions.quiet, jobs,
        ] + InputOptions.declarations

    /// INPUT (`-` for stdin).
    let inputPath: String
    let rulesPath: String
    /// Whether `rulesPath` is a Frictionless Table Schema (`--schema`).
    let isSchema: Bool
    let format: InputFormat
    /// How the input is spelled (`--encoding`, `--delimiter`, `--quote`, `--no-header`).
    let reading: InputOptions
    /// CLEAN (`-` for stdout, the default).
    let cleanPath: String
    /// Where rejected rows go (see ``RejectsDestination`` for the design).
    let rejects: RejectsDestination
    /// `--allow-missing-fields`.
    let allowMissingFields: Bool
    let mode: OutputMode
    let strict: Bool
    let quiet: Bool
    let summary: CommonOptions.SummaryStyle
    /// `--report FILE` (.json or .html).
    let reportPath: String?
    /// The largest `--jobs` taken.
    static let maximumJobs = 256

    /// `--jobs`: the number of threads that process rows (nil: one per core).
    let jobs: Int?

    /// - Throws: ``ToolError`` (usage) for a missing `--rules`, an unknown format or mode, or
    ///   outputs that cannot go together.
    init(_ arguments: ParsedArguments) throws {
        switch (arguments.value(CommonOptions.rules), arguments.value(CommonOptions.schema)) {
        case (let rules?, nil):
            rulesPath = rules
            isSchema = false
        case (nil, let schema?):
            rulesPath = schema
            isSchema = true
        case (_?, _?):
            throw arguments.usageError("give --rules RULES or --schema SCHEMA, not both")
        case (nil, nil):
            throw arguments.usageError("clean needs a rules file or a schema: --rules RULES or --schema SCHEMA")
        }
        summary = try CommonOptions.summaryStyle(arguments)
        reportPath = try CommonOptions.reportPath(arguments)
        inputPath = arguments.positionals[0]
        format = try CommonOptions.inputFormat(arguments, path: inputPath)
        reading = try InputOptions(arguments, format: format)
        cleanPath = arguments.value(Self.output) ?? "-"
        let rejectsPath = arguments.value(Self.rejects)
        switch arguments.value(Self.outputMode) ?? "split" {
        case "split": mode = .split
        case "lines":
            mode = .lines
            if rejectsPath != nil {
                throw arguments.usageError("--output-mode lines writes every row to CLEAN; drop --rejects")
            }
        case let other:
            throw arguments.usageError("--output-mode takes split or lines, not '\(other)'")
        }
        if let rejectsPath,
            rejectsPath == cleanPath
                || (RejectsDestination.isFilePath(rejectsPath) && RejectsDestination.sameFile(rejectsPath, cleanPath))
        {
            throw arguments.usageError("CLEAN and REJECTS must be different outputs")
        }
        rejects = try Self.rejectsDestination(arguments, given: rejectsPath, cleanPath: cleanPath, mode: mode)
        if case .besideClean(let path) = rejects, RejectsDestination.sameFile(path, inputPath) {
            throw arguments.usageError("the default REJECTS '\(path)' is INPUT: give --rejects REJECTS")
        }
        // An output file is renamed over its path when the run ends: over INPUT, it would
        // replace the input, whose rows would then be gone whatever the outputs hold.
        for (name, path) in [("CLEAN", cleanPath), ("REJECTS", rejectsPath)] {
            guard let path, inputPath != "-", RejectsDestination.isFilePath(path),
                RejectsDestination.sameFile(path, inputPath)
            else { continue }
            throw arguments.usageError("\(name) '\(path)' is INPUT, which the run would replace: write to another file")
        }
        allowMissingFields = arguments.flag(CommonOptions.allowMissingFields)
        if inputPath == "-" && rulesPath == "-" {
            throw arguments.usageError("INPUT and \(isSchema ? "SCHEMA" : "RULES") cannot both be stdin")
        }
        if let text = arguments.value(Self.jobs) {
            // Every thread starts up front; past a few hundred they only cost start-up time
            // and memory (a mistyped -j 100000 took over a minute before any row was read).
            guard let count = Int(text), (1...Self.maximumJobs).contains(count) else {
                throw arguments.usageError(
                    "--jobs takes a number of threads from 1 to \(Self.maximumJobs), not '\(text)'")
            }
            jobs = count
        } else {
            jobs = nil
        }
        strict = arguments.flag(CommonOptions.strict)
        quiet = arguments.flag(CommonOptions.quiet)
    }

    /// Where rejected rows go: `--rejects`, `--discard-rejects`, CLEAN in lines mode, else beside
    /// CLEAN; a usage error when CLEAN is stdout (or a device or pipe) and neither is given.
    private static func rejectsDestination(
        _ arguments: ParsedArguments, given: String?, cleanPath: String, mode: OutputMode
    ) throws -> RejectsDestination {
        let discard = arguments.flag(discardRejects)
        if discard && given != nil { throw arguments.usageError("give --rejects or --discard-rejects, not both") }
        if mode == .lines {
            if discard {
                throw arguments.usageError("--output-mode lines writes every row to CLEAN; drop --discard-rejects")
            }
            return .inClean
        }
        if let given { return .given(given) }
        if discard { return .discarded }
        guard RejectsDestination.isFilePath(cleanPath) else {
            let clean = cleanPath == "-" ? "stdout" : "'\(cleanPath)', not a file"
            throw arguments.usageError(
                "CLEAN is \(clean), so rejected rows have no file beside it: give --rejects REJECTS,"
                    + " or -o CLEAN.csv (rejects then go to CLEAN.rejects.csv), or --discard-rejects to drop them")
        }
        return .besideClean(RejectsDestination.besideClean(of: cleanPath))
    }
}
