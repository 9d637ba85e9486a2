import FastCopRecords

/// Options several commands share.
enum CommonOptions {
    static let quiet = OptionSpec.flag("quiet", short: "q", help: "No progress bar and no text summary.")
    static let strict = OptionSpec.flag(
        "strict", help: "Stop with status 2 at the first malformed row or invalid UTF-8 (default: reject it and go on)."
    )
    static let summary = OptionSpec.option(
        "summary", value: "FORMAT", help: "Summary as 'text' (default), 'json' (one line, for machines) or 'none'.")

    /// How the summary is printed.
    enum SummaryStyle: String {
        case text
        case json
        case none
    }

    /// The `--summary` value.
    static func summaryStyle(_ arguments: ParsedArguments, command: String) throws -> SummaryStyle {
        guard let value = arguments.value("summary") else {
            return arguments.flag("quiet") ? .none : .text
        }
        guard let style = SummaryStyle(rawValue: value) else {
            throw ToolError.usage("--summary takes text, json or none, not '\(value)'", command: command)
        }
        return style
    }
}
