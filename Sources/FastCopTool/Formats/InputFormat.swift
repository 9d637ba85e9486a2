/// The formats the tool reads and writes.
enum InputFormat: String, Sendable, CaseIterable {
    /// One row per line; the row's one field is called `line`.
    case lines
    /// RFC 4180 CSV with a header row.
    case csv
    /// CSV with tabs between fields (quoting as in CSV).
    case tsv
    /// JSON Lines: one JSON object per line.
    case jsonl

    /// The format from `--format`, else from the file's extension, else plain lines.
    ///
    /// - Throws: ``ToolError`` (usage) for an unknown `--format` value.
    static func resolve(option: String?, path: String?, command: String) throws -> InputFormat {
        if let option {
            if option == "ndjson" || option == "json" { return .jsonl }
            guard let format = InputFormat(rawValue: option) else {
                let known = allCases.map(\.rawValue).joined(separator: ", ")
                throw ToolError.usage("unknown format '\(option)' (known: \(known))", command: command)
            }
            return format
        }
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
        case .jsonl: return LineSplitter(skipsBlankLines: !keepingBlankLines)
        case .lines: return LineSplitter(skipsBlankLines: false)
        }
    }

    /// The CSV field separator.
    var delimiter: UInt8 { self == .tsv ? ASCII.tab : ASCII.comma }
}
