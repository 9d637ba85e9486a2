import FastCop
import FastCopRecords

/// `fastcop check INPUT (--email | --pattern PATTERN | --rules RULES | --schema SCHEMA) [--column NAME]`.
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        summary: "Report the invalid rows of a file and count them, without writing a cleaned file.",
        usage: [
            "check INPUT --email [--column NAME]",
            "check INPUT --pattern PATTERN [--column NAME]",
            "check INPUT --rules RULES [--column NAME]",
            "check INPUT --schema SCHEMA [--column NAME]",
        ],
        discussion: """
            Prints one line per invalid row (row number, line number, field, message and the
            value), then the count. --email and --pattern judge the raw value of one column (CSV,
            TSV), key (JSON Lines) or the whole line (plain lines); --pattern is a whole-value
            match, like SwiftCop's Trial.format; --email is the rules' modern email trial (RFC
            5321 lengths: 254 octets, 64 before the @; ASCII local parts; internationalized
            domains as IDNA 2008 accepts them; top-level domains of two letters or more; no
            quoted local parts or address literals: see docs/rules.md). With either, an empty
            or missing value is reported as empty, whatever the pattern. --rules applies the
            rules' filters and trials, as 'clean' does (an empty value fails a field unless it is
            optional); --column then checks that one field only. --schema checks a Frictionless
            Table Schema's types and constraints, unique fields and primary key, as 'clean
            --schema' does.
            """,
        options: CheckOptions.declarations,
        positionals: 1...1)

    static func run(_ options: CheckOptions) throws -> ExitStatus {
        let rules = try makeRules(options)
        let input = try InputSource.open(options.inputPath).decoding(options.reading.encoding)
        let lines = try OutputSink.open("-")
        let reportFile = try options.reportPath.map { try OutputSink.open($0) }
        var pipeline = RowPipeline(
            input: input, format: options.format, dialect: options.reading.dialect, rules: rules, mode: .report,
            strict: options.strict,
            clean: .discard, rejects: lines,
            progress: ProgressBar(quiet: options.quiet, totalBytes: input.totalBytes))
        pipeline.allowMissingFields = options.allowMissingFields
        if reportFile != nil { pipeline.reportDetail = ReportDetail() }
        var summary: RunSummary
        do {
            summary = try pipeline.run()
            if let reportFile, let path = options.reportPath {
                try ReportFile.write(
                    summary, to: reportFile, path: path, inputPath: options.inputPath, reading: options.reading,
                    totalBytes: input.totalBytes, rules: rulesSource(options), command: "check")
                try OutputSink.commit([reportFile])
            }
        } catch {
            reportFile?.abandon()
            throw error
        }
        summary.cleanOutput = nil
        switch options.summary {
        case .text:
            Console.out("\(Formatting.grouped(summary.rejected)) of \(Formatting.grouped(summary.rows)) rows invalid\n")
        case .json: Console.out(summary.json())
        case .none: break
        }
        return summary.status
    }

    /// What the report names as the rules.
    private static func rulesSource(_ options: CheckOptions) -> RunReport.RulesSource {
        switch options.judge {
        case .rules(let path): .init(kind: "rules", path: path)
        case .schema(let path): .init(kind: "schema", path: path)
        case .email: .init(kind: "email", path: nil)
        case .pattern(let source): .init(kind: "pattern", path: source)
        }
    }

    /// Plain lines follow `fastcop match`: a line ends at LF only, so `.` matches VT, FF, CR,
    /// NEL, LS and PS, and `$` is not before them (the library's default, NSRegularExpression's,
    /// knows them all as newlines). CSV and JSON Lines values follow the library.
    private static func patternOptions(_ options: CheckOptions) -> Pattern.Options {
        options.format == .lines ? CompiledRules.lineSemantics : []
    }

    /// The rules to check with: the rules file's (one field of it with `--column`), or one
    /// trial on one column.
    private static func makeRules(_ options: CheckOptions) throws -> CompiledRules {
        let spec: TrialSpec
        switch options.judge {
        case .rules(let path), .schema(let path):
            let isSchema = if case .schema = options.judge { true } else { false }
            let rules = try RulesLoader.load(
                path, patternOptions: patternOptions(options), vocabulary: isSchema ? .tableSchema : .rules)
            guard let column = options.column else { return rules }
            guard let field = rules.fields.first(where: { $0.name == column }) else {
                let names = rules.fields.map { "'\($0.name)'" }.joined(separator: ", ")
                let file = isSchema ? "schema" : "rules"
                throw ToolError.usage(
                    "--column \(column): the \(file) have no such field (fields: \(names))", command: "check")
            }
            var one = CompiledRules(fields: [field])
            one.vocabulary = rules.vocabulary
            return one
        case .email: spec = .email
        case .pattern(let source): spec = .format(source)
        }
        let message = spec == .email ? "invalid email" : "does not match the format"
        do {
            return try CompiledRules(
                field: options.column ?? LinesCodec.fieldName, trial: spec, message: message,
                patternOptions: patternOptions(options))
        } catch let error as PatternError {
            throw ToolError.input("--pattern: the pattern does not compile:\n\(error.description)")
        }
    }
}
