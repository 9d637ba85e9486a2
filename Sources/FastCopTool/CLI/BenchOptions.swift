import FastCop

/// The options of `fastcop bench`, decoded and checked once.
struct BenchOptions {
    /// `-p` was this option's short name before every command called a pattern `-e`.
    static let pattern = CommonOptions.pattern(help: "The pattern (default: the email pattern).", hidden: ["-p"])
    static let wholeLine = OptionSpec.flag("whole-line", short: "x", help: "Whole-line matches instead of searches.")
    static let lines = OptionSpec.option(
        "lines", short: "n", value: "N", help: "How many lines to use (default 1000000).")
    static let budget = OptionSpec.option("budget", value: "SECONDS", help: "Time limit per engine (default 20).")

    /// The declarations, in the order help lists them.
    static let declarations: [OptionSpec] = [pattern, wholeLine, lines, budget]

    /// FILE, or nil for generated contact rows.
    let file: String?
    let pattern: String
    let wholeLine: Bool
    /// How many lines to read.
    let limit: Int
    /// Seconds per engine.
    let budget: Double

    /// - Throws: ``ToolError`` (usage) for a count or budget that is not a positive number.
    init(_ arguments: ParsedArguments) throws {
        file = arguments.positionals.first
        pattern = arguments.value(Self.pattern) ?? Pattern.emailSource
        wholeLine = arguments.flag(Self.wholeLine)
        guard let limit = Int(arguments.value(Self.lines) ?? "1000000"), limit > 0 else {
            throw arguments.usageError("--lines takes a positive number")
        }
        self.limit = limit
        guard let budget = Double(arguments.value(Self.budget) ?? "20"), budget > 0 else {
            throw arguments.usageError("--budget takes a positive number of seconds")
        }
        self.budget = budget
    }
}
