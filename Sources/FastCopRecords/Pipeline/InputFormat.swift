/// The formats the tool reads and writes.
package enum InputFormat: String, Sendable, CaseIterable {
    /// One row per line; the row's one field is called `line`.
    case lines
    /// RFC 4180 CSV with a header row.
    case csv
    /// CSV with tabs between fields (quoting as in CSV).
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

    /// The format a file's extension names, else plain lines (also for standard input).
    package static func guessed(fromPath path: String?) -> InputFormat {
        guard let path, let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return .lines }
        switch path[path.index(after: dot)...].lowercased() {
        case "csv": return .csv
        case "tsv", "tab": return .tsv
        case "jsonl", "ndjson": return .jsonl
        default: return .lines
        }
    }

    /// The splitter that finds this format's records.
    ///
    /// - Parameter keepingBlankLines: make blank lines records in CSV, TSV and JSON Lines too
    ///   (they are then malformed rows), so that every input line gets its answer in
    ///   `--output-mode lines`. Plain lines always keep them.
    func makeSplitter(keepingBlankLines: Bool = false) -> any RecordSplitter {
        switch self {
        case .csv, .tsv: return CSVRecordSplitter(delimiter: delimiter, keepsBlankLines: keepingBlankLines)
        case .jsonl: return LineRecordSplitter(skipsBlankLines: !keepingBlankLines)
        case .lines: return LineRecordSplitter(skipsBlankLines: false)
        }
    }

    /// The CSV field separator.
    var delimiter: UInt8 { self == .tsv ? ASCII.tab : ASCII.comma }
}
