import FastCopRecords

/// How an input is spelled (`clean`, `check`): its text encoding (`--encoding`, transcoded to
/// UTF-8) and, for CSV and TSV, `--delimiter`, `--quote` and `--no-header`. The output keeps the
/// same dialect (but for `--quote none`'s rejects: see `CSVDialect.rejectsDialect`), in UTF-8.
struct InputOptions {
    static let delimiter = OptionSpec.option(
        "delimiter", short: "d", value: "C",
        help: "CSV field separator: one character, e.g. ';' (or 'tab', '\\t'); default ','.")
    static let quote = OptionSpec.option(
        "quote", value: "C", help: "CSV quote character (default '\"'); 'none': no quoting, quotes are data.")
    static let encoding = OptionSpec.option(
        "encoding", value: "ENCODING",
        help: "Input encoding: utf-8 (default), latin1, windows-1252, utf-16 (by its BOM), utf-16le, utf-16be.")
    static let noHeader = OptionSpec.flag(
        "no-header", help: "CSV/TSV without a header row: columns are named 1, 2, 3… (no header is written).")

    static let strictQuotes = OptionSpec.flag(
        "strict-quotes",
        help: "CSV: reject a row with a quote inside an unquoted field or spaces after a closing quote, as RFC 4180"
            + " says (default: the quote is data, as in 12\" pipe, and the spaces are dropped).")

    /// The declarations, in the order help lists them.
    static let declarations: [OptionSpec] = [delimiter, quote, noHeader, strictQuotes, encoding]

    /// The dialect of CSV and TSV input (nil for other formats).
    let dialect: CSVDialect?
    /// The text encoding (nil: UTF-8, or UTF-16 when it starts with a byte order mark).
    let encoding: TextEncoding?

    /// - Throws: ``ToolError`` (usage) for an unknown encoding, a delimiter or quote that is not
    ///   one ASCII character, the two being the same, or a dialect option on a format without columns.
    init(_ arguments: ParsedArguments, format: InputFormat) throws {
        if let name = arguments.value(Self.encoding) {
            guard let encoding = TextEncoding(named: name) else {
                let known = TextEncoding.allCases.map(\.rawValue).joined(separator: ", ")
                throw arguments.usageError("unknown encoding '\(name)' (known: \(known))")
            }
            self.encoding = encoding
        } else {
            encoding = nil
        }
        let delimiterText = arguments.value(Self.delimiter)
        let quoteText = arguments.value(Self.quote)
        let noHeader = arguments.flag(Self.noHeader)
        let strictQuotes = arguments.flag(Self.strictQuotes)
        guard format == .csv || format == .tsv else {
            if delimiterText != nil || quoteText != nil || noHeader || strictQuotes {
                throw arguments.usageError(
                    "--delimiter, --quote, --no-header and --strict-quotes are for CSV and TSV input, not \(format.rawValue)"
                        + (format == .lines ? " (for a delimited file, say --format csv)" : ""))
            }
            dialect = nil
            return
        }
        var dialect = format.defaultDialect
        dialect.hasHeader = !noHeader
        if let delimiterText {
            dialect.delimiter = try Self.character(delimiterText, option: "--delimiter", arguments: arguments)
        }
        if format == .tsv {
            if quoteText != nil || dialect.delimiter != UInt8(ascii: "\t") {
                throw arguments.usageError(
                    "TSV is tab-separated without quoting; for another delimiter or quoting, use --format csv"
                        + " --delimiter C [--quote C]")
            }
        } else if let quoteText {
            if quoteText == "none" || quoteText.isEmpty {
                dialect.quote = nil
            } else {
                dialect.quote = try Self.character(quoteText, option: "--quote", arguments: arguments)
            }
        }
        if let quote = dialect.quote, quote == dialect.delimiter {
            throw arguments.usageError("--delimiter and --quote cannot be the same character")
        }
        if strictQuotes && dialect.quote == nil {
            throw arguments.usageError(
                "--strict-quotes is for CSV with quoting; without quoting (\(format == .tsv ? "TSV" : "--quote none"))"
                    + " every quote is data")
        }
        dialect.strictQuotes = strictQuotes
        self.dialect = dialect
    }

    /// The one ASCII character an option names: itself, or `tab`/`\t`, `space`, `comma`,
    /// `semicolon`, `pipe`.
    private static func character(_ text: String, option: String, arguments: ParsedArguments) throws -> UInt8 {
        let named: [String: Character] = [
            "tab": "\t", "\\t": "\t", "space": " ", "comma": ",", "semicolon": ";", "pipe": "|",
        ]
        let character = named[text.lowercased()] ?? (text.count == 1 ? text.first : nil)
        guard let character, let byte = character.asciiValue, byte != 0x0A, byte != 0x0D else {
            throw arguments.usageError(
                "\(option) takes one ASCII character (or tab, space, comma, semicolon, pipe), not '\(text)'")
        }
        return byte
    }
}
