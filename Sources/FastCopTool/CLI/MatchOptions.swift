import FastCop

/// The options of `fastcop match`, decoded once.
struct MatchOptions {
    static let pattern = CommonOptions.pattern(help: "The pattern, when it is not the first argument (like grep -e).")
    static let count = OptionSpec.flag("count", short: "c", help: "Print only the number of selected lines (per file).")
    static let invert = OptionSpec.flag("invert", short: "v", help: "Select the lines that do not match.")
    static let wholeLine = OptionSpec.flag("whole-line", short: "x", help: "The pattern must match the whole line.")
    static let ignoreCase = OptionSpec.flag(
        "ignore-case", short: "i", help: "Letters match both cases (Unicode case folding).")
    static let fixedStrings = OptionSpec.flag(
        "fixed-strings", short: "F", help: "PATTERN is literal text, not a regular expression.")
    static let lineNumber = OptionSpec.flag("line-number", short: "n", help: "Prefix each line with its line number.")
    static let quiet = OptionSpec.flag(
        "quiet", short: "q", help: "Print nothing; the exit status says whether a line matched.")

    /// The declarations, in the order help lists them.
    static let declarations: [OptionSpec] = [
        pattern, count, invert, wholeLine, ignoreCase, fixedStrings, lineNumber, quiet,
    ]

    /// The pattern's source.
    let pattern: String
    /// The files to search; `-` is stdin (the default).
    let files: [String]
    let compileOptions: Pattern.Options
    let count: Bool
    let invert: Bool
    let wholeLine: Bool
    let lineNumbers: Bool
    let quiet: Bool

    /// - Throws: ``ToolError`` (usage) when there is no pattern.
    init(_ arguments: ParsedArguments) throws {
        var files = arguments.positionals
        if let pattern = arguments.value(Self.pattern) {
            self.pattern = pattern
        } else if !files.isEmpty {
            pattern = files.removeFirst()
        } else {
            throw arguments.usageError("missing argument: expected \(arguments.spec.usage.first ?? "PATTERN")")
        }
        self.files = files.isEmpty ? ["-"] : files
        var compileOptions: Pattern.Options = []
        if arguments.flag(Self.ignoreCase) { compileOptions.insert(.caseInsensitive) }
        if arguments.flag(Self.fixedStrings) { compileOptions.insert(.literal) }
        self.compileOptions = compileOptions
        count = arguments.flag(Self.count)
        invert = arguments.flag(Self.invert)
        wholeLine = arguments.flag(Self.wholeLine)
        lineNumbers = arguments.flag(Self.lineNumber)
        quiet = arguments.flag(Self.quiet)
    }
}
