import FastCopRecords

/// The options of `fastcop check`, decoded and checked once.
struct CheckOptions {
    static let email = OptionSpec.flag(
        "email", help: "Check that the value is an email address (the rules' 'email' rule: see docs/rules.md).")
    static let pattern = CommonOptions.pattern(help: "Check that the whole value matches PATTERN (PCRE2 syntax).")
    static let column = OptionSpec.option("column", short: "c", value: "NAME", help: "The column or key to check.")
    /// The declarations, in the order help lists them.
    static let declarations: [OptionSpec] =
        [
            email, pattern, CommonOptions.rules, CommonOptions.schema, column, CommonOptions.format,
            CommonOptions.strict,
            CommonOptions.summary, CommonOptions.report,
            CommonOptions.quiet, CommonOptions.allowMissingFields,
        ] + InputOptions.declarations

    /// What the values are checked with.
    enum Judge {
        case email
        /// A whole-value match of a PCRE2 pattern.
        case pattern(String)
        /// A rules file's filters and trials.
        case rules(path: String)
        /// A Frictionless Table Schema.
        case schema(path: String)
    }

    /// INPUT (`-` for stdin).
    let inputPath: String
    let format: InputFormat
    /// How the input is spelled (`--encoding`, `--delimiter`, `--quote`, `--no-header`).
    let reading: InputOptions
    let judge: Judge
    /// The column or key to check; for `.email` and `.pattern` on plain lines, always `line`.
    let column: String?
    let strict: Bool
    /// `--allow-missing-fields`.
    let allowMissingFields: Bool
    let quiet: Bool
    let summary: CommonOptions.SummaryStyle
    /// `--report FILE` (.json or .html).
    let reportPath: String?

    /// - Throws: ``ToolError`` (usage) for an unknown format, not exactly one judge, or a
    ///   column that the format does not have.
    init(_ arguments: ParsedArguments) throws {
        inputPath = arguments.positionals[0]
        format = try CommonOptions.inputFormat(
            arguments, path: inputPath, hint: "; a pattern to check against is -e/--pattern PATTERN")
        reading = try InputOptions(arguments, format: format)
        summary = try CommonOptions.summaryStyle(arguments)
        reportPath = try CommonOptions.reportPath(arguments)
        let column = arguments.value(Self.column)
        let judges: [Judge?] = [
            arguments.flag(Self.email) ? .email : nil,
            arguments.value(Self.pattern).map { .pattern($0) },
            arguments.value(CommonOptions.rules).map { .rules(path: $0) },
            arguments.value(CommonOptions.schema).map { .schema(path: $0) },
        ]
        let given = judges.compactMap { $0 }
        guard given.count == 1, let judge = given.first else {
            throw arguments.usageError("give exactly one of --email, --pattern PATTERN, --rules RULES, --schema SCHEMA")
        }
        self.judge = judge
        switch judge {
        case .rules, .schema:
            self.column = column
        case .email, .pattern:
            self.column = try Self.column(column, format: format, arguments)
        }
        strict = arguments.flag(CommonOptions.strict)
        allowMissingFields = arguments.flag(CommonOptions.allowMissingFields)
        quiet = arguments.flag(CommonOptions.quiet)
    }

    /// The column `--email` and `--pattern` check.
    private static func column(_ column: String?, format: InputFormat, _ arguments: ParsedArguments) throws -> String {
        if format == .lines {
            if let column, column != LinesCodec.fieldName {
                throw arguments.usageError("plain lines have no columns (use --format csv/jsonl)")
            }
            return LinesCodec.fieldName
        }
        guard let column else {
            throw arguments.usageError("\(format.rawValue) input: say which column to check with --column NAME")
        }
        return column
    }
}
