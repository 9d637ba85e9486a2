import FastCop
import FastCopRecords

/// `fastcop check INPUT (--email | --format PATTERN | --rules RULES) [--column NAME]`.
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        summary: "Report the invalid rows of a file and count them, without writing a cleaned file.",
        usage: [
            "check INPUT --email [--column NAME]",
            "check INPUT --format PATTERN [--column NAME]",
            "check INPUT --rules RULES [--column NAME]",
        ],
        discussion: """
            Prints one line per invalid row (row number, line number, field, message and the
            value), then the count. --email and --format judge the raw value of one column (CSV,
            TSV), key (JSON Lines) or the whole line (plain lines); --format is a whole-value
            match, like SwiftCop's Trial.format. --rules applies the rules' filters and trials,
            as 'clean' does; --column then checks that one field only.
            """,
        options: [
            .flag("email", help: "Check that the value is an email address (SwiftCop's pattern)."),
            .option("format", value: "PATTERN", help: "Check that the whole value matches PATTERN (PCRE2 syntax)."),
            .option("rules", short: "r", value: "RULES", help: "Check with a rules file."),
            .option("column", short: "c", value: "NAME", help: "The column or key to check."),
            .option("input-format", short: "f", value: "FORMAT", help: "Input format: lines, csv, tsv or jsonl."),
            CommonOptions.strict,
            CommonOptions.summary,
            CommonOptions.quiet,
        ],
        positionals: 1...1)

    static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
        let inputPath = arguments.positionals[0]
        let format = try InputFormat.resolve(
            option: arguments.value("input-format"), path: inputPath, command: "check")
        let summaryStyle = try CommonOptions.summaryStyle(arguments, command: "check")
        let rules = try makeRules(arguments, format: format)
        let input = try InputSource.open(inputPath)
        let report = try OutputSink.open("-")
        var summary = try RowPipeline(
            input: input, format: format, rules: rules, mode: .report, strict: arguments.flag("strict"),
            clean: .discard, rejects: report,
            progress: ProgressBar(quiet: arguments.flag("quiet"), totalBytes: input.totalBytes)
        ).run()
        summary.cleanOutput = nil
        switch summaryStyle {
        case .text:
            Console.out("\(Formatting.grouped(summary.rejected)) of \(Formatting.grouped(summary.rows)) rows invalid\n")
        case .json: Console.out(summary.json())
        case .none: break
        }
        return summary.status
    }

    private static func makeRules(_ arguments: ParsedArguments, format: InputFormat) throws -> CompiledRules {
        let column = arguments.value("column")
        let chosen = [arguments.flag("email"), arguments.value("format") != nil, arguments.value("rules") != nil]
        guard chosen.filter({ $0 }).count == 1 else {
            throw ToolError.usage("give exactly one of --email, --format PATTERN, --rules RULES", command: "check")
        }
        if let path = arguments.value("rules") {
            let rules = try RulesLoader.load(path)
            guard let column else { return rules }
            guard let field = rules.fields.first(where: { $0.name == column }) else {
                let names = rules.fields.map { "'\($0.name)'" }.joined(separator: ", ")
                throw ToolError.usage(
                    "--column \(column): the rules have no such field (fields: \(names))", command: "check")
            }
            return CompiledRules(fields: [field])
        }
        let name: String
        if format == .lines {
            if let column, column != LinesCodec.fieldName {
                throw ToolError.usage("plain lines have no columns (use --input-format csv/jsonl)", command: "check")
            }
            name = LinesCodec.fieldName
        } else {
            guard let column else {
                throw ToolError.usage(
                    "\(format.rawValue) input: say which column to check with --column NAME", command: "check")
            }
            name = column
        }
        let spec: TrialSpec = arguments.flag("email") ? .email : .format(arguments.value("format") ?? "")
        let trial: TrialEvaluator
        do {
            trial = try RuleFactory.trial(spec)
        } catch let error as PatternError {
            throw ToolError.input("--format: the pattern does not compile:\n\(error.description)")
        }
        let message = arguments.flag("email") ? "invalid email" : "does not match the format"
        return CompiledRules(fields: [
            CompiledField(
                name: name, filters: [], trials: [(trial, message)], optional: false, requiredMessage: "empty")
        ])
    }
}
