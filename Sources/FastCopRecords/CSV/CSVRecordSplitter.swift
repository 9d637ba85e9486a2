import FastCop

/// Splits CSV input into records (RFC 4180): a newline inside a quoted field belongs to the
/// field, so a record may span several lines, and a block boundary may fall anywhere.
///
/// A quoted field that is never closed would swallow the rest of the input; when a record is
/// still open at the end of the input or after `maxRecordBytes`, it is cut at the end of its
/// first line and marked malformed, and splitting resumes on the next line. With
/// `endsRecordsAtLineEnds` (`--output-mode lines`, which answers each line), every record is
/// cut so: a quoted field must close on its line. The next line that holds a quote is then
/// taken to close the field (quotes inside unquoted fields are data, so it would otherwise read
/// as a row) and is malformed too; lines before it without a quote are read as rows, so that
/// one broken line never swallows the lines after it.
package struct CSVRecordSplitter: RecordSplitter {
    /// The field separator.
    let delimiter: UInt8
    /// The quote character (`"` unless `--quote` says otherwise).
    let quote: UInt8
    /// Whether a blank line is a record (for `--output-mode lines`); by default it is skipped.
    let keepsBlankLines: Bool
    /// Whether a record ends at its line's end even inside a quoted field (it is then malformed).
    let endsRecordsAtLineEnds: Bool
    /// Whether a CR is part of the line end before a LF, or at the input's end. Not for an input
    /// read with CR and LF swapped (``CarriageReturnLines``): its "CR" is a LF of data.
    let crEndsLines: Bool
    package private(set) var skippedBlankLines = 0
    /// The line number of the next record's first line.
    private(set) var nextLine = 1
    /// With `endsRecordsAtLineEnds`: a record was cut inside a quoted field, and no line with a
    /// quote has come since.
    private var quotedFieldCut = false

    init(
        delimiter: UInt8, quote: UInt8 = ASCII.quote, keepsBlankLines: Bool = false,
        endsRecordsAtLineEnds: Bool = false,
        crEndsLines: Bool = true
    ) {
        precondition(delimiter != quote, "CSVRecordSplitter: the delimiter and the quote are one character")
        self.delimiter = delimiter
        self.quote = quote
        self.keepsBlankLines = keepsBlankLines
        self.endsRecordsAtLineEnds = endsRecordsAtLineEnds
        self.crEndsLines = crEndsLines
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
            if quotedFieldCut {
                guard
                    let next = try splitAfterCut(
                        base, count: count, from: start, atEnd: atEnd,
                        maxRecordBytes: maxRecordBytes, into: &records)
                else { return start }
                start = next
                continue
            }
            // Whole chunks first, many records at a time; then the record they stopped at (one
            // with a stray quote, or one that runs into the last partial chunk) on its own.
            start = splitChunks(base, count: count, from: start, into: &records)
            if start == count || records.isFull { continue }
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
            /// A quoted field open at its line's end, which ends the record here.
            var openAtLineEnd = false
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
                    if lines > 0 && endsRecordsAtLineEnds {
                        openAtLineEnd = true
                        break scan
                    }
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
            guard atEnd || count - start > maxRecordBytes || openAtLineEnd else { return start }
            // An unterminated quote: cut the record at the end of its first line.
            let firstNewline = (start..<count).first { base[$0] == ASCII.newline } ?? count
            var end = firstNewline
            let crlf = crEndsLines && end < count && end > start && base[end - 1] == ASCII.carriageReturn
            if crlf { end -= 1 }
            records.append(
                RecordSpan(
                    start: start, end: end, line: nextLine, problem: .unterminatedQuote, endedWithCRLF: crlf))
            nextLine += 1
            start = min(count, firstNewline + 1)
            quotedFieldCut = endsRecordsAtLineEnds
        }
        return start
    }

    /// Splits the line at `from` after a record was cut inside a quoted field
    /// (``quotedFieldCut``): a line without a quote is a record as usual; one with a quote
    /// continues the cut field and is malformed, and it ends the carry unless it leaves a
    /// quoted field open too. Returns the offset after the line, or nil to read more first.
    private mutating func splitAfterCut(
        _ base: UnsafePointer<UInt8>, count: Int, from start: Int, atEnd: Bool, maxRecordBytes: Int,
        into records: inout RecordSpanRoom
    ) throws -> Int? {
        var newline = start
        while newline < count && base[newline] != ASCII.newline { newline += 1 }
        if newline == count && !atEnd {
            if count - start > maxRecordBytes {
                throw RecordsError(
                    "line \(nextLine) is longer than \(maxRecordBytes / (1024 * 1024)) MiB: is the format right?")
            }
            return nil
        }
        let hasNewline = newline < count
        var end = newline
        let crlf = crEndsLines && hasNewline && end > start && base[end - 1] == ASCII.carriageReturn
        if crlf { end -= 1 }
        // Read the line as the rest of the quoted field: a doubled quote is a quote, a single
        // one closes the field; after it, a quote opens a field only at a field's start.
        var inQuotes = true
        var sawQuote = false
        var index = start
        while index < end {
            if base[index] == quote {
                sawQuote = true
                if inQuotes {
                    if index + 1 < end && base[index + 1] == quote {
                        index += 2
                        continue
                    }
                    inQuotes = false
                } else if base[index - 1] == delimiter {
                    inQuotes = true
                }
            }
            index += 1
        }
        if sawQuote {
            records.append(
                RecordSpan(start: start, end: end, line: nextLine, problem: .continuesQuotedField, endedWithCRLF: crlf))
            nextLine += 1
            quotedFieldCut = inQuotes
        } else {
            append(start, newline, hasNewline: hasNewline, newlines: 0, base: base, into: &records)
        }
        return min(count, newline + 1)
    }

    /// Splits the records of the 64-byte chunks from `from` (a record's start) on, from bit
    /// masks alone: the quotes' running parity tells which bytes are inside a quoted field (a
    /// doubled quote closes and opens one again, so it is still inside), and every `\n` outside
    /// one ends a record. That is the rule of the scan per record as long as every quote that
    /// opens a quoted field stands at a field's start (after a delimiter, a line end or a closing
    /// quote, or at `from`); at the first that does not (a stray quote, which is literal there),
    /// it stops at its record's start, as it does at the buffer's last partial chunk and when
    /// `records` is full. Returns the offset of the first record not split.
    @inline(__always)
    private mutating func splitChunks(
        _ base: UnsafePointer<UInt8>, count: Int, from: Int, into records: inout RecordSpanRoom
    ) -> Int {
        var recordStart = from
        var chunk = from
        /// `\n` bytes inside quoted fields of the record at `recordStart`, before `chunk`.
        var quotedNewlines = 0
        /// All ones when `chunk` is inside a quoted field.
        var inside: UInt64 = 0
        /// Bit 0 set when a quote at `chunk` would stand at a field's start.
        var fieldStart: UInt64 = 1
        while chunk + 64 <= count {
            let at = base + chunk
            let lineEnds = ChunkBits.of(ASCII.newline, at: at)
            let quotes = ChunkBits.of(quote, at: at)
            let boundaries = lineEnds | quotes | ChunkBits.of(delimiter, at: at)
            let quoted = ChunkBits.prefixXor(quotes) ^ inside
            let stray = quotes & quoted & ~(boundaries << 1 | fieldStart)
            var ends = lineEnds & ~quoted
            var inQuotes = lineEnds & quoted  // line breaks inside quoted fields (counted for the line numbers)
            // Where the per-record scan takes over: a stray quote, or (when records end at line
            // ends) a line break inside a quoted field.
            let stop = endsRecordsAtLineEnds ? stray | inQuotes : stray
            if stop != 0 { ends &= (stop & (0 &- stop)) &- 1 }  // the ends before the first stop
            while ends != 0 {
                if records.isFull { return recordStart }
                let end = chunk + ends.trailingZeroBitCount
                if inQuotes != 0 {
                    let mine = inQuotes & (ends &- 1)
                    quotedNewlines += mine.nonzeroBitCount
                    inQuotes &= ~mine
                }
                append(recordStart, end, hasNewline: true, newlines: quotedNewlines, base: base, into: &records)
                quotedNewlines = 0
                recordStart = end + 1
                ends &= ends &- 1
            }
            if stop != 0 { return recordStart }
            if inQuotes != 0 { quotedNewlines += inQuotes.nonzeroBitCount }
            inside = UInt64(bitPattern: Int64(bitPattern: quoted) >> 63)
            fieldStart = boundaries >> 63
            chunk += 64
        }
        return recordStart
    }

    private mutating func append(
        _ start: Int, _ newline: Int, hasNewline: Bool, newlines: Int, base: UnsafePointer<UInt8>,
        into records: inout RecordSpanRoom
    ) {
        var end = newline
        let endsWithCR = crEndsLines && end > start && base[end - 1] == ASCII.carriageReturn
        let crlf = hasNewline && endsWithCR
        // A CR before the `\n` is part of the line ending; so is a CR that ends the input (out
        // of quotes here), as a reader of CR line ends reads it.
        if endsWithCR { end -= 1 }
        defer { nextLine += 1 + newlines }
        if end == start && !keepsBlankLines {  // a blank line is not a record
            skippedBlankLines += 1
            return
        }
        records.append(RecordSpan(start: start, end: end, line: nextLine, problem: nil, endedWithCRLF: crlf))
    }
}
