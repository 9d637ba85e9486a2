import FastCopRecords

/// The options of `fastcop infer`, decoded and checked once.
struct InferOptions {
    static let output = OptionSpec.option(
        "output", short: "o", value: "SCHEMA", help: "Where the schema goes (default: stdout).")
    static let sampleRows = OptionSpec.option(
        "sample-rows", value: "N", help: "Infer from the first N rows (default: 100000).")
    static let all = OptionSpec.flag("all", help: "Infer from every row of the input.")
    static let confidence = OptionSpec.option(
        "confidence", value: "P",
        help: "The share of a column's values its type must read, from 0.5 to 1 (default 1: every value).")
    static let enumLimit = OptionSpec.option(
        "enum-limit", value: "N",
        help: "Give a string column of at most N distinct values an enum (default 10; 0: never).")
    static let noUnique = OptionSpec.flag(
        "no-unique", help: "Never mark a field unique (default: an integer or string column with no repeat).")

    /// The declarations, in the order help lists them.
    static let declarations: [OptionSpec] =
        [
            output, CommonOptions.format, sampleRows, all, confidence, enumLimit, noUnique, CommonOptions.quiet,
        ] + InputOptions.declarations

    /// INPUT (`-` for stdin).
    let inputPath: String
    let format: InputFormat
    let reading: InputOptions
    /// SCHEMA (`-` for stdout, the default).
    let outputPath: String
    let inference: InferenceOptions
    let quiet: Bool

    /// - Throws: ``ToolError`` (usage) for plain lines, an unknown format, or a bad number.
    init(_ arguments: ParsedArguments) throws {
        inputPath = arguments.positionals[0]
        format = try CommonOptions.inputFormat(arguments, path: inputPath)
        if format == .lines {
            throw arguments.usageError(
                "infer reads CSV, TSV or JSON Lines: say --format csv, tsv or jsonl"
                    + " (the extension of '\(inputPath)' names none of them)")
        }
        reading = try InputOptions(arguments, format: format)
        outputPath = arguments.value(Self.output) ?? "-"
        quiet = arguments.flag(CommonOptions.quiet)
        var inference = InferenceOptions()
        let sampleText = arguments.value(Self.sampleRows)
        if arguments.flag(Self.all) {
            if sampleText != nil { throw arguments.usageError("give --sample-rows N or --all, not both") }
            inference.sampleRows = nil
        } else if let sampleText {
            guard let rows = Int(sampleText), rows > 0 else {
                throw arguments.usageError("--sample-rows takes a number of rows above 0, not '\(sampleText)'")
            }
            inference.sampleRows = rows
        }
        if let text = arguments.value(Self.confidence) {
            guard let share = Double(text), share >= 0.5, share <= 1 else {
                throw arguments.usageError("--confidence takes a share from 0.5 to 1 (e.g. 0.9), not '\(text)'")
            }
            inference.confidence = share
        }
        if let text = arguments.value(Self.enumLimit) {
            guard let limit = Int(text), (0...1000).contains(limit) else {
                throw arguments.usageError("--enum-limit takes a number from 0 to 1000, not '\(text)'")
            }
            inference.enumLimit = limit
        }
        inference.unique = !arguments.flag(Self.noUnique)
        self.inference = inference
    }
}
