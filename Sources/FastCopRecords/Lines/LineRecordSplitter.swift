import FastCop

/// The record splitter for line-based formats (JSON Lines, plain lines): splits at every `\n`
/// (a preceding `\r` is part of the line ending, as is a `\r` that ends the input), numbering
/// lines across blocks. It finds each line end with the library's line engine
/// (`ByteScan.nextNewline`).
package struct LineRecordSplitter: RecordSplitter {
    /// Blank lines are not records (CSV and JSON Lines); for plain lines they are.
    let skipsBlankLines: Bool
    /// Whether a CR is part of the line end before a LF, or at the input's end. Not for an input
    /// read with CR and LF swapped (``CarriageReturnLines``): its "CR" is a LF of data.
    let crEndsLines: Bool
    package private(set) var skippedBlankLines = 0
    /// The line number of the next line.
    private(set) var nextLine = 1

    package init(skipsBlankLines: Bool, crEndsLines: Bool = true) {
        self.skipsBlankLines = skipsBlankLines
        self.crEndsLines = crEndsLines
    }

    package mutating func split(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, atEnd: Bool, maxRecordBytes: Int,
        into records: inout RecordSpanRoom
    ) throws -> Int {
        guard let base = bytes.baseAddress else { return from }
        var start = from
        while start < bytes.count {
            if records.isFull { return start }
            guard let newline = ByteScan.nextNewline(bytes, in: start..<bytes.count) else { break }
            append(start, newline, ending: true, base: base, into: &records)
            start = newline + 1
        }
        if atEnd && start < bytes.count {
            if records.isFull { return start }
            append(start, bytes.count, ending: false, base: base, into: &records)
            return bytes.count
        }
        if bytes.count - start > maxRecordBytes {
            throw RecordsError(
                "line \(nextLine) is longer than \(maxRecordBytes / (1024 * 1024)) MiB: is the format right?")
        }
        return start
    }

    private mutating func append(
        _ start: Int, _ newline: Int, ending: Bool, base: UnsafePointer<UInt8>, into records: inout RecordSpanRoom
    ) {
        var end = newline
        let endsWithCR = crEndsLines && end > start && base[end - 1] == ASCII.carriageReturn
        let crlf = ending && endsWithCR
        // A CR before the `\n` is part of the line ending; so is a CR that ends the input (a
        // last line ended by CR alone), or it would be written back with a line ending after it
        // and read back without it.
        if endsWithCR { end -= 1 }
        defer { nextLine += 1 }
        if skipsBlankLines && end == start {
            skippedBlankLines += 1
            return
        }
        records.append(RecordSpan(start: start, end: end, line: nextLine, problem: nil, endedWithCRLF: crlf))
    }
}
