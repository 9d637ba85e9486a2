import FastCop

/// One field of a CSV record, as it appears in the input.
package struct CSVField: Sendable {
    /// The field's bytes in the record, quotes included.
    var start: Int
    var end: Int
    /// Whether the field is quoted (`"a,b"`).
    var isQuoted: Bool
    /// Whether the value differs from the bytes between the quotes: a quoted field holds
    /// doubled quotes (`"say ""hi"""`), or a TSV field holds a backslash (`a\tb`).
    var hasEscapes: Bool
    /// The spaces and tabs after a quoted field's closing quote (`"B" ,C`), up to the delimiter
    /// or the record's end: padding, not part of the value. `end` is the closing quote's end.
    var padding: UInt32 = 0

    /// The field's bytes with the padding after its closing quote: what a changed value replaces.
    var paddedEnd: Int { end + Int(padding) }
}

/// Parsing and writing the fields of one record (RFC 4180 CSV, TSV, CSV without quoting), on
/// bytes.
package enum CSVFields {
    /// Splits one record into fields.
    ///
    /// A quote opens a quoted field only as a field's first byte. A quote inside an unquoted
    /// field (`12" pipe`, `37°36'37.8"N`) is data, as Python's `csv`, Polars, PapaParse and
    /// rust-csv read it; the record's notes then hold ``RecordNotes/strayQuote`` (the summary
    /// counts such rows). Spaces and tabs after a closing quote are padding, not part of the
    /// value (``RecordNotes/quotePadding``). ``CSVDialect/strictQuotes`` rejects both.
    ///
    /// - Returns: what the record holds that the summary counts or the writer drops.
    /// - Throws: ``RecordProblem`` for a quoted field that is not closed, text after a closing
    ///   quote, or (with ``CSVDialect/strictQuotes``) a quote inside an unquoted field or spaces
    ///   after a closing quote.
    @discardableResult
    static func parse(
        _ record: UnsafeBufferPointer<UInt8>, dialect: CSVDialect, into fields: inout [CSVField]
    ) throws(RecordProblem) -> RecordNotes {
        fields.removeAll(keepingCapacity: true)
        guard let quote = dialect.quote else {
            parseUnquoted(record, delimiter: dialect.delimiter, escapes: dialect.backslashEscapes, into: &fields)
            return []
        }
        let delimiter = dialect.delimiter
        let count = record.count
        var notes: RecordNotes = []
        var index = 0
        while true {
            let start = index
            if index < count && record[index] == quote {
                // Quoted: runs to a quote not followed by another quote.
                index += 1
                var doubled = false
                while true {
                    index = ByteScan.next(quote, in: record, range: index..<count) ?? count
                    guard index < count else {
                        throw RecordProblem(
                            description: "malformed CSV: quoted field \(fields.count + 1) is not closed")
                    }
                    if index + 1 < count && record[index + 1] == quote {
                        doubled = true
                        index += 2
                        continue
                    }
                    index += 1
                    break
                }
                let closed = index
                if index < count && record[index] != delimiter {
                    // Spaces and tabs between the closing quote and the delimiter or the line end
                    // are padding (`"B" ,C` reads B, as PapaParse reads it); other text is
                    // malformed (below).
                    while index < count && record[index] != delimiter
                        && (record[index] == ASCII.space || record[index] == ASCII.tab)
                    {
                        index += 1
                    }
                    if index > closed && (index == count || record[index] == delimiter) {
                        if dialect.strictQuotes {
                            throw RecordProblem(
                                description:
                                    "malformed CSV: spaces after the closing quote of field \(fields.count + 1)"
                                    + " (--strict-quotes)")
                        }
                        notes.insert(.quotePadding)
                    }
                }
                fields.append(
                    CSVField(
                        start: start, end: closed, isQuoted: true, hasEscapes: doubled,
                        padding: UInt32(truncatingIfNeeded: index - closed)))
                if index == count { return notes }
                guard record[index] == delimiter else {
                    throw RecordProblem(
                        description: "malformed CSV: text after the closing quote of field \(fields.count)")
                }
                index += 1
                if index == count {
                    fields.append(CSVField(start: index, end: index, isQuoted: false, hasEscapes: false))
                    return notes
                }
            } else {
                // Unquoted fields, as many as follow one another; then a field that begins with a
                // quote (the quoted branch above) or holds one.
                guard let next = unquotedFields(record, from: index, delimiter: delimiter, quote: quote, into: &fields)
                else { return notes }
                index = next
                if record[index] == quote { continue }
                // A quote inside an unquoted field: data, up to the next delimiter.
                if dialect.strictQuotes {
                    throw RecordProblem(
                        description: "malformed CSV: quote inside unquoted field \(fields.count + 1)"
                            + " (--strict-quotes)")
                }
                notes.insert(.strayQuote)
                let held = index
                index = ByteScan.next(delimiter, in: record, range: index..<count) ?? count
                fields.append(CSVField(start: held, end: index, isQuoted: false, hasEscapes: false))
                if index == count { return notes }
                index += 1  // the delimiter
                if index == count {
                    fields.append(CSVField(start: index, end: index, isQuoted: false, hasEscapes: false))
                    return notes
                }
            }
        }
    }

    /// Appends the unquoted fields from `start` (a field's start) on, up to the first quote:
    /// eight bytes at a time, every delimiter of a word taken at once (fields are short, and
    /// most hold no quote).
    ///
    /// - Returns: the start of the field the first quote begins or is in, or nil when the
    ///   record's last field was appended.
    @inline(__always)
    private static func unquotedFields(
        _ record: UnsafeBufferPointer<UInt8>, from start: Int, delimiter: UInt8, quote: UInt8,
        into fields: inout [CSVField]
    ) -> Int? {
        let count = record.count
        var start = start
        var index = start
        if let base = record.baseAddress {
            while index + 8 <= count {
                // Read as little-endian: the first byte in memory is the least significant one.
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let quotes = flags(word, quote)
                // The delimiters before the word's first quote (all of them when it has none).
                var delimiters = flags(word, delimiter) & ((quotes & (0 &- quotes)) &- 1)
                while delimiters != 0 {
                    let end = index + delimiters.trailingZeroBitCount / 8
                    fields.append(CSVField(start: start, end: end, isQuoted: false, hasEscapes: false))
                    start = end + 1
                    delimiters &= delimiters - 1
                }
                if quotes != 0 { return start }
                index += 8
            }
        }
        while index < count {
            let byte = record[index]
            if byte == quote { return start }
            if byte == delimiter {
                fields.append(CSVField(start: start, end: index, isQuoted: false, hasEscapes: false))
                start = index + 1
            }
            index += 1
        }
        fields.append(CSVField(start: start, end: count, isQuoted: false, hasEscapes: false))
        return nil
    }

    /// The high bit of each byte of `word` that is `byte`, and no other bit (exact: no carry
    /// crosses from one byte to the next, so each set bit is a match).
    ///
    /// The same as FastCop's private `ByteScan.flags`, written here on purpose: SwiftPM builds
    /// a non-generic `@inlinable package` function without inlining it into other modules
    /// (checked on a two-module package), and a call per word costs more than the word.
    @inline(__always)
    private static func flags(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let highs: UInt64 = 0x8080_8080_8080_8080
        let masked = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return ~(((masked & ~highs) &+ ~highs) | masked) & highs
    }

    /// Splits a record of a dialect without quoting at every delimiter; with `escapes`, a field
    /// holding a backslash is marked for decoding.
    private static func parseUnquoted(
        _ record: UnsafeBufferPointer<UInt8>, delimiter: UInt8, escapes: Bool, into fields: inout [CSVField]
    ) {
        var start = 0
        var backslash = false
        for index in record.indices {
            let byte = record[index]
            if byte == delimiter {
                fields.append(CSVField(start: start, end: index, isQuoted: false, hasEscapes: backslash))
                start = index + 1
                backslash = false
            } else if escapes && byte == ASCII.backslash {
                backslash = true
            }
        }
        fields.append(CSVField(start: start, end: record.count, isQuoted: false, hasEscapes: backslash))
    }

    /// The field's value: quotes removed and doubled quotes made single, or TSV's escapes
    /// decoded.
    static func value(of field: CSVField, in record: UnsafeBufferPointer<UInt8>, dialect: CSVDialect) -> String {
        guard field.isQuoted || field.hasEscapes else {
            return String(decoding: UnsafeBufferPointer(rebasing: record[field.start..<field.end]), as: UTF8.self)
        }
        guard field.isQuoted, let quote = dialect.quote else {
            return TSVEscapes.decode(UnsafeBufferPointer(rebasing: record[field.start..<field.end]))
        }
        let inner = UnsafeBufferPointer(rebasing: record[(field.start + 1)..<(field.end - 1)])
        guard field.hasEscapes else { return String(decoding: inner, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(inner.count)
        var skipNext = false
        for byte in inner {
            if skipNext {
                skipNext = false
                continue
            }
            bytes.append(byte)
            if byte == quote { skipNext = true }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` as one field: quoted when it holds the delimiter, the quote, CR or LF;
    /// in TSV, with tabs, line breaks and backslashes escaped. A dialect without quoting or
    /// escapes writes the value as it is (``CSVCodec`` rejects the rows it cannot write).
    static func write(_ value: String, dialect: CSVDialect, to output: inout [UInt8]) {
        var value = value
        value.withUTF8 { write(utf8: $0, dialect: dialect, to: &output) }
    }

    /// Appends the UTF-8 `bytes` as one field, as ``write(_:dialect:to:)`` does (the one place
    /// that decides a written field's quoting or escaping).
    static func write(utf8 bytes: UnsafeBufferPointer<UInt8>, dialect: CSVDialect, to output: inout [UInt8]) {
        write(bytes: bytes, dialect: dialect, quoteAlways: false, to: &output)
    }

    /// Appends raw bytes as one field (used for malformed records, which are kept whole in the
    /// rejects): always quoted in a dialect that quotes, escaped in TSV, as they are otherwise.
    static func write(bytes: UnsafeBufferPointer<UInt8>, dialect: CSVDialect, to output: inout [UInt8]) {
        write(bytes: bytes, dialect: dialect, quoteAlways: true, to: &output)
    }

    private static func write(
        bytes: UnsafeBufferPointer<UInt8>, dialect: CSVDialect, quoteAlways: Bool, to output: inout [UInt8]
    ) {
        guard let quote = dialect.quote else {
            if dialect.backslashEscapes {
                TSVEscapes.encode(bytes, to: &output)
            } else {
                output.append(contentsOf: bytes)
            }
            return
        }
        guard quoteAlways || holdsSpecial(bytes, delimiter: dialect.delimiter, quote: quote) else {
            output.append(contentsOf: bytes)
            return
        }
        // Quoted, each quote doubled: the runs between quotes are copied whole.
        output.append(quote)
        var run = 0
        while let found = ByteScan.next(quote, in: bytes, range: run..<bytes.count) {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...found]))
            output.append(quote)
            run = found + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        output.append(quote)
    }

    /// Whether `bytes` hold the delimiter, a quote, LF or CR (a field that must be quoted),
    /// eight bytes at a time.
    @inline(__always)
    private static func holdsSpecial(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, quote: UInt8) -> Bool {
        var index = 0
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let found =
                    flags(word, delimiter) | flags(word, quote) | flags(word, ASCII.newline)
                    | flags(word, ASCII.carriageReturn)
                if found != 0 { return true }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == delimiter || byte == quote || byte == ASCII.newline || byte == ASCII.carriageReturn {
                return true
            }
            index += 1
        }
        return false
    }

    /// The first byte of `value` that a dialect without quoting or escapes cannot write (its
    /// delimiter, CR or LF), or nil.
    static func unwritableByte(in value: some Sequence<UInt8>, dialect: CSVDialect) -> UInt8? {
        guard !dialect.canWriteAnyValue else { return nil }
        return value.first {
            $0 == dialect.delimiter || $0 == ASCII.newline || $0 == ASCII.carriageReturn
        }
    }
}
