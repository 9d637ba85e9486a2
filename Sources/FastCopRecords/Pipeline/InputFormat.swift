/// The formats the tool reads and writes.
package enum InputFormat: String, Sendable, CaseIterable {
    /// One row per line; the row's one field is called `line`.
    case lines
    /// RFC 4180 CSV with a header row.
    case csv
    /// Tab-separated values with a header row, without quoting (IANA), with Miller's backslash
    /// escapes for tabs and line breaks inside a field.
    case tsv
    /// JSON Lines: one JSON object per line.
    case jsonl

    /// The format called `name` (`lines`, `csv`, `tsv`, `jsonl`; `ndjson` and `json` mean
    /// `jsonl`), or nil for a name that is none of them.
    package init?(named name: String) {
        if name == "ndjson" || name == "json" {
            self = .jsonl
        } else {
            self.init(rawValue: name)
        }
    }

    /// The format a file's extension names (under a `.gz`: `data.csv.gz` is CSV), else plain
    /// lines (also for standard input).
    package static func guessed(fromPath path: String?) -> InputFormat {
        guard var path else { return .lines }
        if path.lowercased().hasSuffix(".gz") { path.removeLast(3) }
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return .lines }
        switch path[path.index(after: dot)...].lowercased() {
        case "csv": return .csv
        case "tsv", "tab": return .tsv
        case "jsonl", "ndjson": return .jsonl
        default: return .lines
        }
    }

    /// The splitter that finds this format's records.
    ///
    /// - Parameters:
    ///   - answeringEveryLine: one record per line, so that every input line gets its answer in
    ///     `--output-mode lines`: blank lines are records in CSV, TSV and JSON Lines too (they
    ///     are then malformed rows), and a CSV record ends at its line's end (a quoted field
    ///     still open there makes it malformed). Plain lines always keep blank lines.
    ///   - dialect: the CSV or TSV dialect (default: the format's own).
    func makeSplitter(
        answeringEveryLine: Bool = false, dialect: CSVDialect? = nil, crEndsLines: Bool = true
    ) -> any RecordSplitter {
        switch self {
        case .csv, .tsv:
            return (dialect ?? defaultDialect).makeSplitter(
                answeringEveryLine: answeringEveryLine, crEndsLines: crEndsLines)
        case .jsonl: return LineRecordSplitter(skipsBlankLines: !answeringEveryLine, crEndsLines: crEndsLines)
        case .lines: return LineRecordSplitter(skipsBlankLines: false, crEndsLines: crEndsLines)
        }
    }

    /// The dialect of a CSV or TSV file that no option changes.
    package var defaultDialect: CSVDialect { self == .tsv ? .tsv : .csv }
}
