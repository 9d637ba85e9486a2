import FastCopRecords

/// `--report FILE`: the run's report, as JSON or as a page by FILE's extension.
enum ReportFile {
    /// The report's text for `path`: a page for `.html` and `.htm`, else JSON.
    static func text(_ report: RunReport, path: String) -> String {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") ? report.html : report.json.text()
    }

    /// Writes the report of the run `summary` of `inputPath` (read as `reading` says) by `rules`
    /// to `sink`, whose file is `path`.
    static func write(
        _ summary: RunSummary, to sink: OutputSink, path: String, inputPath: String, reading: InputOptions,
        totalBytes: Int?, rules: RunReport.RulesSource, command: String
    ) throws {
        let report = RunReport(
            summary: summary, input: input(summary, path: inputPath, reading: reading, totalBytes: totalBytes),
            rules: rules, command: command)
        try sink.write(text(report, path: path))
    }

    /// What the report says of the input.
    private static func input(
        _ summary: RunSummary, path: String, reading: InputOptions, totalBytes: Int?
    ) -> RunReport.Input {
        let dialect: CSVDialect? =
            switch summary.format {
            case .csv, .tsv: reading.dialect ?? summary.format.defaultDialect
            case .jsonl, .lines: nil
            }
        return RunReport.Input(
            path: path, format: summary.format, dialect: dialect, encoding: reading.encoding?.rawValue ?? "utf-8",
            fileBytes: path == "-" ? nil : totalBytes)
    }
}
