import FastCopRecords

/// One records fuzz input, decoded from raw bytes.
///
/// Layout: byte 0 picks the target in its low 3 bits (``Target``), and in its high bits asks
/// for no header (bit 3, CSV and TSV), the `lines` output mode (bit 4) and two workers (bit 5);
/// byte 1 is the small block size less one (1-256 bytes); byte 2 picks the first rule field's
/// filters (low 4 bits) and the second's (high 4 bits) from ``RecordsFuzzInput/filterChains``;
/// byte 3 picks a custom dialect's delimiter (low 4 bits) and quote (high 4 bits), or JSON
/// Lines' third field name. The rest is the data: a file's bytes, or a rules file's text.
/// Missing bytes count as zero.
package struct RecordsFuzzInput {
    /// What an input is read as.
    package enum Target: UInt8, CaseIterable, Sendable {
        /// RFC 4180 CSV: `,` and `"`.
        case csv
        /// TSV: tabs, no quoting, backslash escapes.
        case tsv
        /// CSV without quoting (`--quote none`).
        case csvWithoutQuotes
        /// CSV with the delimiter and quote byte 3 picks.
        case customCSV
        /// JSON Lines.
        case jsonLines
        /// Plain lines.
        case lines
        /// A rules file.
        case rules
        /// CSV in the custom dialect, split in blocks of many sizes (the splitter alone).
        case csvBlocks
    }

    package var target: Target
    package var hasHeader: Bool
    package var linesMode: Bool
    package var workers: Int
    package var blockSize: Int
    package var filters: (first: Int, second: Int)
    package var dialectByte: UInt8
    package var data: [UInt8]

    /// Delimiters a custom dialect may have (any ASCII but CR and LF is allowed).
    static let delimiters: [UInt8] = Array(";|\t :\"'\\a0,#x-. ".utf8) + [0]
    /// Quotes a custom dialect may have; nil is none.
    static let quotes: [UInt8?] = Array("'\"|`\\a ;#x,".utf8).map { $0 } + [nil, nil, nil, 0, UInt8(ascii: "-")]

    /// Filter chains as rules-file JSON: tricky characters for every dialect (quotes, line
    /// breaks, delimiters, backslashes), and the filters that have byte paths.
    package static let filterChains: [String] = [
        "[]",
        #"["trim"]"#,
        #"["lowercase"]"#,
        #"["uppercase"]"#,
        #"[{"replace": {"search": "x", "replacement": "\""}}]"#,
        #"[{"replace": {"search": "x", "replacement": "\n"}}]"#,
        #"[{"replace": {"search": "x", "replacement": ","}}]"#,
        #"[{"replace": {"search": "x", "replacement": "\t"}}]"#,
        #"[{"replace": {"search": "x", "replacement": "\\"}}]"#,
        #"[{"replace": {"search": "x", "replacement": "\r\n"}}]"#,
        #"[{"replace": {"search": "x", "replacement": ""}}]"#,
        #"["collapseWhitespace", "trim"]"#,
        #"[{"replace": {"search": "a", "replacement": "\\n\r"}}]"#,
        #"[{"replace": {"search": "x", "replacement": ";'|\"\"é"}}]"#,
        #"[{"regexReplace": {"pattern": "^|$", "replacement": "\""}}]"#,
        #"["stripInvisible", "nfkc", "ucwords"]"#,
    ]

    /// JSON Lines' third rule field, by byte 3 (the first two are `a` and `b.c`).
    static let jsonNames = ["k", "a.b", "é", #"x\.y"#, "b", "b.c.d", "a", "_row"]

    package init(_ bytes: [UInt8]) {
        let head = Array(bytes.prefix(4)) + [0, 0, 0, 0]
        target = Target(rawValue: head[0] & 0b111)!
        hasHeader = head[0] & 0b1000 == 0
        linesMode = head[0] & 0b1_0000 != 0
        workers = head[0] & 0b10_0000 != 0 ? 2 : 1
        blockSize = Int(head[1]) + 1
        filters = (Int(head[2] & 0x0F), Int(head[2] >> 4))
        dialectByte = head[3]
        data = Array(bytes.dropFirst(4))
    }

    /// The CSV or TSV dialect of a delimited target (nil for the others).
    package var dialect: CSVDialect? {
        var dialect: CSVDialect
        switch target {
        case .csv: dialect = .csv
        case .tsv: dialect = .tsv
        case .csvWithoutQuotes: dialect = CSVDialect(delimiter: UInt8(ascii: ","), quote: nil)
        case .customCSV, .csvBlocks:
            let delimiter = Self.delimiters[Int(dialectByte & 0x0F) % Self.delimiters.count]
            var quote = Self.quotes[Int(dialectByte >> 4) % Self.quotes.count]
            if quote == delimiter { quote = nil }
            dialect = CSVDialect(delimiter: delimiter, quote: quote)
        case .jsonLines, .lines, .rules: return nil
        }
        dialect.hasHeader = hasHeader
        return dialect
    }

    /// The format the pipeline reads.
    package var format: InputFormat {
        switch target {
        case .csv, .csvWithoutQuotes, .customCSV, .csvBlocks: return .csv
        case .tsv: return .tsv
        case .jsonLines, .rules: return .jsonl
        case .lines: return .lines
        }
    }

    /// The rule field names of JSON Lines inputs.
    package var jsonNames: [String] { ["a", "b.c", Self.jsonNames[Int(dialectByte) % Self.jsonNames.count]] }

    /// Encodes an input in the layout above (used to write seed files).
    package static func encode(
        _ target: Target, data: [UInt8], hasHeader: Bool = true, linesMode: Bool = false, workers: Int = 1,
        blockSize: Int = 7, filters: (first: Int, second: Int) = (0, 0), dialectByte: UInt8 = 0
    ) -> [UInt8] {
        var flags = target.rawValue
        if !hasHeader { flags |= 0b1000 }
        if linesMode { flags |= 0b1_0000 }
        if workers > 1 { flags |= 0b10_0000 }
        let size = UInt8(max(1, min(256, blockSize)) - 1)
        return [flags, size, UInt8(filters.first & 0x0F) | UInt8(filters.second & 0x0F) << 4, dialectByte] + data
    }
}
