import FastCopRecords

/// The options of `fastcop clean`, decoded and checked once.
struct CleanOptions {
    static let output = OptionSpec.option(
        "output", short: "o", value: "CLEAN", help: "Where clean rows go (default: stdout).")
    static let rejects = OptionSpec.option(
        "rejects", value: "REJECTS", help: "Where rejected rows go, with reasons (default: not written).")
    static let outputMode = OptionSpec.option(
        "output-mode", value: "MODE",
        help: "'split' (default: CLEAN and REJECTS) or 'lines': one line per row to CLEAN, in order.")

    /// The declarations, in the order help lists them.
    static let declarations: [OptionSpec] =
        [
            CommonOptions.rules, output, rejects, CommonOptions.format, outputMode, CommonOptions.strict,
            CommonOptions.summary, CommonOptions.quiet,
        ] + InputOptions.declarations

    /// INPUT (`-` for stdin).
    let inputPath: String
    let rulesPath: String
    let format: InputFormat
    /// How the input is spelled (`--encoding`, `--delimiter`, `--quote`, `--no-header`).
    let reading: InputOptions
    /// CLEAN (`-` for stdout, the default).
    let cleanPath: String
    /// REJECTS, when it is written.
    let rejectsPath: String?
    let mode: OutputMode
    let strict: Bool
    let quiet: Bool
    let summary: CommonOptions.SummaryStyle

    /// - Throws: ``ToolError`` (usage) for a missing `--rules`, an unknown format or mode, or
    ///   outputs that cannot go together.
    init(_ arguments: ParsedArguments) throws {
        guard let rulesPath = arguments.value(CommonOptions.rules) else {
            throw arguments.usageError("clean needs a rules file: --rules RULES")
        }
        self.rulesPath = rulesPath
        summary = try CommonOptions.summaryStyle(arguments)
        inputPath = arguments.positionals[0]
        format = try CommonOptions.inputFormat(arguments, path: inputPath)
        reading = try InputOptions(arguments, format: format)
        cleanPath = arguments.value(Self.output) ?? "-"
        rejectsPath = arguments.value(Self.rejects)
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
        if let rejectsPath, rejectsPath == cleanPath {
            throw arguments.usageError("CLEAN and REJECTS must be different outputs")
        }
        if inputPath == "-" && rulesPath == "-" {
            throw arguments.usageError("INPUT and RULES cannot both be stdin")
        }
        strict = arguments.flag(CommonOptions.strict)
        quiet = arguments.flag(CommonOptions.quiet)
    }
}
