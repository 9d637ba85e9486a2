import FastCop

/// Splits CSV input into records (RFC 4180): a newline inside a quoted field belongs to the
/// field, so a record may span several lines, and a block boundary may fall anywhere.
///
/// A quoted field that is never closed would swallow the rest of the input; when a record is
/// still open at the end of the input or after `maxRecordBytes`, it is cut at the end of its
/// first line and marked malformed, and splitting resumes on the next line.
package struct CSVRecordSplitter: RecordSplitter {
    /// The field separator.
    let delimiter: UInt8
    /// The quote character (`"` unless `--quote` says otherwise).
    let quote: UInt8
    /// Whether a blank line is a record (for `--output-mode lines`); by default it is skipped.
    let keepsBlankLines: Bool
    package private(set) var skippedBlankLines = 0
    /// The line number of the next record's first line.
    private(set) var nextLine = 1

    init(delimiter: UInt8, quote: UInt8 = ASCII.quote, keepsBlankLines: Bool = false) {
        precondition(delimiter != quote, "CSVRecordSplitter: the delimiter and the quote are one character")
        self.delimiter = delimiter
        self.quote = quote
        self.keepsBlankLines = keepsBlankLines
    }

    package mutating func split(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, atEnd: Bool, maxRecordBytes: Int,
        into records: inout RecordSpanRoom
    ) throws -> Int {
        guard let base = bytes.baseAddress else { return from }
        let count = bytes.count
        let quote = self.quote
        var start = from
        var structure = CSVStructureScan(bytes, quote: quote)
        while start < count {
            if records.isFull { return start }
            // Scan one record. A quote opens a quoted field only at the start of a field (the
            // record's first byte, or after a delimiter); inside one, a doubled quote is an
            // escaped quote and a single one closes it. A stray quote in an unquoted field is
            // literal here (the row is then rejected as malformed), so it does not swallow the
            // lines that follow. The line ends and quotes come from the block's bit masks
            // (CSVStructureScan; most records hold no quote).
            var index = start
            var inQuotes = false
            var newlines = 0
            var recordEnd = -1
            scan: while true {
                let found = structure.nextLineEndOrQuote(from: index)
                guard found < count else { break scan }
                if base[found] == ASCII.newline {
                    recordEnd = found
                    break scan
                }
                guard found == start || base[found - 1] == delimiter else {
                    index = found + 1  // a stray quote
                    continue scan
                }
                inQuotes = true
                index = found + 1
                while true {
                    let (closing, lines) = structure.nextQuote(from: index)
                    newlines += lines
                    if closing == count { break scan }
                    if closing + 1 == count && !atEnd { break scan }  // is it doubled? read more
                    if closing + 1 < count && base[closing + 1] == quote {
                        index = closing + 2
                        continue
                    }
                    inQuotes = false
                    index = closing + 1
                    continue scan
                }
            }
            if recordEnd >= 0 {
                append(start, recordEnd, hasNewline: true, newlines: newlines, base: base, into: &records)
                start = recordEnd + 1
                continue
            }
            // The record runs to the end of the buffer.
            if !inQuotes {
                if atEnd {
                    append(start, count, hasNewline: false, newlines: newlines, base: base, into: &records)
                    return count
                }
                if count - start > maxRecordBytes {
                    throw RecordsError(
                        "line \(nextLine) is longer than \(maxRecordBytes / (1024 * 1024)) MiB: is the format right?")
                }
                return start
            }
            guard atEnd || count - start > maxRecordBytes else { return start }
            // An unterminated quote: cut the record at the end of its first line.
            let firstNewline = (start..<count).first { base[$0] == ASCII.newline } ?? count
            var end = firstNewline
            let crlf = end < count && end > start && base[end - 1] == ASCII.carriageReturn
            if crlf { end -= 1 }
            records.append(
                RecordSpan(
                    start: start, end: end, line: nextLine, problem: .unterminatedQuote, endedWithCRLF: crlf))
            nextLine += 1
            start = min(count, firstNewline + 1)
        }
        return start
    }

    private mutating func append(
        _ start: Int, _ newline: Int, hasNewline: Bool, newlines: Int, base: UnsafePointer<UInt8>,
        into records: inout RecordSpanRoom
    ) {
        var end = newline
        let crlf = hasNewline && end > start && base[end - 1] == ASCII.carriageReturn
        if crlf { end -= 1 }
        defer { nextLine += 1 + newlines }
        if end == start && !keepsBlankLines {  // a blank line is not a record
            skippedBlankLines += 1
            return
        }
        records.append(RecordSpan(start: start, end: end, line: nextLine, problem: nil, endedWithCRLF: crlf))
    }
}
