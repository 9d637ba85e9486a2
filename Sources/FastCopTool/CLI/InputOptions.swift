import FastCopRecords

/// How a CSV or TSV input is spelled (`clean`, `check`): `--delimiter`, `--quote`,
/// `--no-header`. The output keeps the same dialect.
struct InputOptions {
    static let delimiter = OptionSpec.option(
        "delimiter", short: "d", value: "C",
        help: "CSV field separator: one character, e.g. ';' (or 'tab', '\\t'); default ','.")
    static let quote = OptionSpec.option(
        "quote", value: "C", help: "CSV quote character (default '\"'); 'none': no quoting, quotes are data.")
    static let noHeader = OptionSpec.flag(
        "no-header", help: "CSV/TSV without a header row: columns are named 1, 2, 3… (no header is written).")

    /// The declarations, in the order help lists them.
    static let declarations: [OptionSpec] = [delimiter, quote, noHeader]

    /// The dialect of CSV and TSV input (nil for other formats).
    let dialect: CSVDialect?

    /// - Throws: ``ToolError`` (usage) for a delimiter or quote that is not one ASCII
    ///   character, the two being the same, or a dialect option on a format without columns.
    init(_ arguments: ParsedArguments, format: InputFormat) throws {
        let delimiterText = arguments.value(Self.delimiter)
        let quoteText = arguments.value(Self.quote)
        let noHeader = arguments.flag(Self.noHeader)
        guard format == .csv || format == .tsv else {
            if delimiterText != nil || quoteText != nil || noHeader {
                throw arguments.usageError(
                    "--delimiter, --quote and --no-header are for CSV and TSV input, not \(format.rawValue)")
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
