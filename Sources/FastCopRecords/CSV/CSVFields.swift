/// One field of a CSV record, as it appears in the input.
package struct CSVField: Sendable {
    /// The field's bytes in the record, quotes included.
    var start: Int
    var end: Int
    /// Whether the field is quoted (`"a,b"`).
    var isQuoted: Bool
    /// Whether a quoted field holds doubled quotes (`"say ""hi"""`).
    var hasDoubledQuotes: Bool
}

/// Parsing and writing CSV fields (RFC 4180), on bytes.
package enum CSVFields {
    /// Splits one record into fields.
    ///
    /// - Throws: ``RecordProblem`` for a quote inside an unquoted field or text after a
    ///   closing quote.
    static func parse(
        _ record: UnsafeBufferPointer<UInt8>, delimiter: UInt8, into fields: inout [CSVField]
    ) throws(RecordProblem) {
        fields.removeAll(keepingCapacity: true)
        let count = record.count
        var index = 0
        while true {
            let start = index
            if index < count && record[index] == ASCII.quote {
                // Quoted: runs to a quote not followed by another quote.
                index += 1
                var doubled = false
                while true {
                    guard index < count else {
                        throw RecordProblem(
                            description: "malformed CSV: quoted field \(fields.count + 1) is not closed")
                    }
                    if record[index] == ASCII.quote {
                        if index + 1 < count && record[index + 1] == ASCII.quote {
                            doubled = true
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    index += 1
                }
                fields.append(CSVField(start: start, end: index, isQuoted: true, hasDoubledQuotes: doubled))
                if index == count { return }
                guard record[index] == delimiter else {
                    throw RecordProblem(
                        description: "malformed CSV: text after the closing quote of field \(fields.count)")
                }
                index += 1
                if index == count {
                    fields.append(CSVField(start: index, end: index, isQuoted: false, hasDoubledQuotes: false))
                    return
                }
            } else {
                while index < count {
                    let byte = record[index]
                    if byte == delimiter { break }
                    if byte == ASCII.quote {
                        throw RecordProblem(
                            description: "malformed CSV: quote inside unquoted field \(fields.count + 1)")
                    }
                    index += 1
                }
                fields.append(CSVField(start: start, end: index, isQuoted: false, hasDoubledQuotes: false))
                if index == count { return }
                index += 1  // the delimiter
                if index == count {
                    fields.append(CSVField(start: index, end: index, isQuoted: false, hasDoubledQuotes: false))
                    return
                }
            }
        }
    }

    /// The field's value: quotes removed and doubled quotes made single.
    static func value(of field: CSVField, in record: UnsafeBufferPointer<UInt8>) -> String {
        guard field.isQuoted else {
            return String(decoding: UnsafeBufferPointer(rebasing: record[field.start..<field.end]), as: UTF8.self)
        }
        let inner = UnsafeBufferPointer(rebasing: record[(field.start + 1)..<(field.end - 1)])
        guard field.hasDoubledQuotes else { return String(decoding: inner, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(inner.count)
        var skipNext = false
        for byte in inner {
            if skipNext {
                skipNext = false
                continue
            }
            bytes.append(byte)
            if byte == ASCII.quote { skipNext = true }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` as a CSV field, quoted when it holds the delimiter, a quote, CR or LF.
    static func write(_ value: String, delimiter: UInt8, to output: inout [UInt8]) {
        var value = value
        value.withUTF8 { write(utf8: $0, delimiter: delimiter, to: &output) }
    }

    /// Appends the UTF-8 `bytes` as a CSV field, quoted when they hold the delimiter, a quote,
    /// CR or LF (the one place that decides a written field's quoting).
    static func write(utf8 bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, to output: inout [UInt8]) {
        var needsQuotes = false
        for byte in bytes
        where byte == delimiter || byte == ASCII.quote || byte == ASCII.newline || byte == ASCII.carriageReturn {
            needsQuotes = true
            break
        }
        guard needsQuotes else {
            output.append(contentsOf: bytes)
            return
        }
        output.append(ASCII.quote)
        for byte in bytes {
            output.append(byte)
            if byte == ASCII.quote { output.append(ASCII.quote) }
        }
        output.append(ASCII.quote)
    }

    /// Appends raw bytes as one CSV field, quoted when needed (used for malformed records,
    /// which are kept whole in the rejects).
    static func write(bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, to output: inout [UInt8]) {
        output.append(ASCII.quote)
        for byte in bytes {
            output.append(byte)
            if byte == ASCII.quote { output.append(ASCII.quote) }
        }
        output.append(ASCII.quote)
    }
}
