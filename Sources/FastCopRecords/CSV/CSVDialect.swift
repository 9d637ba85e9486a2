/// How a delimited file is spelled: its field separator, its quote character (if it quotes at
/// all), whether backslash escapes stand for tabs and line breaks (TSV), and whether its first
/// record is a header. CLEAN is written in the input's dialect, and so is REJECTS unless the
/// dialect cannot write every value (see ``rejectsDialect``).
///
/// - CSV (RFC 4180): `,` and `"`; a quoted field may hold the delimiter, a line break and a
///   doubled quote. `--delimiter ';'` and `--quote "'"` change the two characters. A quote
///   inside an unquoted field (`12" pipe`) is data, unless `--strict-quotes`.
/// - TSV (IANA `text/tab-separated-values`): tabs, no quoting at all (`12" pipe` is data),
///   and Miller's escapes `\t`, `\n`, `\r`, `\\` for a tab, a line break or a backslash inside
///   a field; any other backslash is data.
/// - CSV without quoting (`--quote none`): every delimiter separates fields and quotes are
///   data; a cleaned value that holds the delimiter or a line break cannot be written, so its
///   row is rejected with that reason. Its rejects are written as RFC 4180 CSV with the same
///   delimiter.
package struct CSVDialect: Sendable, Equatable {
    /// The field separator.
    package var delimiter: UInt8
    /// The quote character, or nil when fields are never quoted.
    package var quote: UInt8?
    /// Whether `\t`, `\n`, `\r` and `\\` inside a field stand for tab, LF, CR and backslash
    /// (TSV; only without quoting).
    package var backslashEscapes: Bool
    /// Whether the first record names the columns; without one, columns are named by position:
    /// `1`, `2`, `3`…
    package var hasHeader: Bool
    /// Whether a quote inside an unquoted field, or spaces after a closing quote, make the row
    /// malformed (RFC 4180 to the letter, `--strict-quotes`); by default the quote is data
    /// (`12" pipe`), as most readers take it, and the spaces are padding.
    package var strictQuotes: Bool

    package init(
        delimiter: UInt8, quote: UInt8?, backslashEscapes: Bool = false, hasHeader: Bool = true,
        strictQuotes: Bool = false
    ) {
        self.delimiter = delimiter
        self.quote = quote
        self.backslashEscapes = backslashEscapes && quote == nil
        self.hasHeader = hasHeader
        self.strictQuotes = strictQuotes
    }

    /// RFC 4180: `,`, `"`, a header row.
    package static let csv = CSVDialect(delimiter: ASCII.comma, quote: ASCII.quote)
    /// TSV as IANA and Miller read it: tabs, no quoting, backslash escapes, a header row.
    package static let tsv = CSVDialect(delimiter: ASCII.tab, quote: nil, backslashEscapes: true)

    /// Whether any value can be written: a value holding the delimiter or a line break needs
    /// quotes or escapes, and a plain dialect (`--quote none`) has neither.
    var canWriteAnyValue: Bool { quote != nil || backslashEscapes }

    /// The dialect REJECTS is written in: this one when it can write every value, else (CSV
    /// with `--quote none`) RFC 4180 with the same delimiter and `"` as its quote (`'` when the
    /// delimiter is `"`). A rejects row adds metadata whose text may hold the delimiter, and
    /// keeps a malformed row whole in its first column; without quoting, either would shift
    /// the columns under the header (or lose text), so the rejects file quotes what needs it and
    /// any RFC 4180 reader gets every original value back. The header's columns stay the same.
    var rejectsDialect: CSVDialect {
        guard !canWriteAnyValue else { return self }
        let quote = delimiter == ASCII.quote ? UInt8(ascii: "'") : ASCII.quote
        return CSVDialect(delimiter: delimiter, quote: quote, hasHeader: hasHeader, strictQuotes: strictQuotes)
    }

    /// The name of column `index` (0-based) when there is no header: `"1"`, `"2"`…
    static func positionalName(_ index: Int) -> String { String(index + 1) }

    /// The splitter that finds this dialect's records: with quoting a record may span lines
    /// (unless `answeringEveryLine`, see ``InputFormat/makeSplitter(answeringEveryLine:dialect:)``);
    /// without, a record is a line. With `crEndsLines` false (an input read with CR and LF
    /// swapped), a CR is never part of a line end.
    func makeSplitter(answeringEveryLine: Bool, crEndsLines: Bool = true) -> any RecordSplitter {
        guard let quote else {
            return LineRecordSplitter(skipsBlankLines: !answeringEveryLine, crEndsLines: crEndsLines)
        }
        return CSVRecordSplitter(
            delimiter: delimiter, quote: quote, keepsBlankLines: answeringEveryLine,
            endsRecordsAtLineEnds: answeringEveryLine, crEndsLines: crEndsLines)
    }

    /// A character by name where it has one (`semicolon`, `tab`), else itself: a name stays
    /// readable in a message that must not hold the character.
    static func describe(_ byte: UInt8) -> String {
        switch byte {
        case ASCII.tab: return "tab"
        case ASCII.space: return "space"
        case ASCII.comma: return "comma"
        case UInt8(ascii: ";"): return "semicolon"
        case UInt8(ascii: "|"): return "pipe"
        default: return String(UnicodeScalar(byte))
        }
    }
}
