import FastCopRecords

/// Options several commands share, declared once so that they are spelled the same everywhere.
enum CommonOptions {
    /// The input format, in every command that reads records (`clean`, `check`). `check` called
    /// it `--input-format` before, still accepted.
    static let format = OptionSpec.option(
        "format", short: "f", value: "FORMAT",
        help: "Input format: lines, csv, tsv or jsonl (default: from the extension, else lines).",
        hidden: ["--input-format"])
    /// A PCRE2 pattern, in every command that takes one as an option (`check`, `match`, `bench`).
    static func pattern(help: String, hidden: [String] = []) -> OptionSpec {
        .option("pattern", short: "e", value: "PATTERN", help: help, hidden: hidden)
    }
    static let rules = OptionSpec.option(
        "rules", short: "r", value: "RULES", help: "The rules file (JSON; see docs/rules.md).")
    static let schema = OptionSpec.option(
        "schema", value: "SCHEMA",
        help: "A Frictionless Table Schema (JSON): field types, constraints, unique fields, primary key.")
    static let allowMissingFields = OptionSpec.flag(
        "allow-missing-fields",
        help: "Accept a rules field that no row of the first block has (default: an error before anything is written).")
    static let quiet = OptionSpec.flag("quiet", short: "q", help: "No progress bar and no text summary.")
    static let strict = OptionSpec.flag(
        "strict", help: "Stop with status 2 at the first malformed row or invalid UTF-8 (default: reject it and go on)."
    )
    static let summary = OptionSpec.option(
        "summary", value: "FORMAT", help: "Summary as 'text' (default), 'json' (one line, for machines) or 'none'.")

    static let report = OptionSpec.option(
        "report", value: "FILE",
        help: "Write a validation report: per-rule counts, example rows, frequent failing values (.json or .html).")

    /// The `--report` file, checked to end in `.json` or `.html` (nil when not given).
    static func reportPath(_ arguments: ParsedArguments) throws -> String? {
        guard let path = arguments.value(report) else { return nil }
        let lowered = path.lowercased()
        guard lowered.hasSuffix(".json") || lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") else {
            throw arguments.usageError("--report takes a file ending in .json or .html, not '\(path)'")
        }
        return path
    }

    /// How the summary is printed.
    enum SummaryStyle: String {
        case text
        case json
        case none
    }

    /// The `--summary` value (`--quiet` alone means none).
    static func summaryStyle(_ arguments: ParsedArguments) throws -> SummaryStyle {
        guard let value = arguments.value(summary) else {
            return arguments.flag(quiet) ? .none : .text
        }
        guard let style = SummaryStyle(rawValue: value) else {
            throw arguments.usageError("--summary takes text, json or none, not '\(value)'")
        }
        return style
    }

    /// The `--format` value, else the format the input's extension names, else plain lines.
    ///
    /// - Parameter hint: added to the error for an unknown format.
    static func inputFormat(_ arguments: ParsedArguments, path: String, hint: String = "") throws -> InputFormat {
        guard let name = arguments.value(format) else { return InputFormat.guessed(fromPath: path) }
        guard let format = InputFormat(named: name) else {
            let known = InputFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw arguments.usageError("unknown format '\(name)' (known: \(known))\(hint)")
        }
        return format
    }
}
