/// A rule field's value as found in one row.
package enum FieldInput: Sendable {
    /// The row does not have the field (a JSON key that is missing or null; an optional
    /// column that the CSV header lacks).
    case absent
    /// The field's text, and the bytes of the record that hold it (replaced when cleaned).
    case text(String, span: Range<Int>)
    /// The field's text is the record's bytes `value` as they are (an unquoted CSV field, or a
    /// quoted one without doubled quotes), and `span` the bytes that hold it: no `String` is
    /// made for it.
    case bytes(value: Range<Int>, span: Range<Int>)
    /// The field is there but cannot be judged as text (a JSON object or array).
    case unusable(String)
    /// A value that trials judge as this text and filters leave untouched (a JSON number or
    /// bool: `1.50`, `true`); the row keeps its bytes.
    case literal(String)

    /// The value as text, when there is one (for messages); `record` is the row's bytes, which
    /// `.bytes` indexes.
    func text(in record: UnsafeBufferPointer<UInt8>) -> String? {
        switch self {
        case .text(let text, _), .literal(let text): return text
        case .bytes(let value, _): return String(decoding: UnsafeBufferPointer(rebasing: record[value]), as: UTF8.self)
        case .absent, .unusable: return nil
        }
    }

    /// Calls `body` with the value's bytes (nil when there is no value as text); `record` is
    /// the row's bytes, which `.bytes` indexes.
    func withValueBytes<Result>(
        in record: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>?) -> Result
    ) -> Result {
        switch self {
        case .text(var text, _), .literal(var text): return text.withUTF8 { body($0) }
        case .bytes(let value, _): return body(UnsafeBufferPointer(rebasing: record[value]))
        case .absent, .unusable: return body(nil)
        }
    }
}

/// What reading a record noticed that the summary counts; the row is read all the same.
package struct RecordNotes: OptionSet, Sendable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A quote inside an unquoted CSV field, read as data (`12" pipe`).
    package static let strayQuote = RecordNotes(rawValue: 1 << 0)
    /// Spaces or tabs after a quoted CSV field's closing quote (`"B" ,C`): padding, which a clean
    /// row is written without (``RowCodec/paddings(in:into:)``).
    package static let quotePadding = RecordNotes(rawValue: 1 << 1)
}

/// Reads rows of one format and writes clean rows and rejects in the same format.
///
/// Every method works on one record's bytes; codecs are immutable and shared by all workers.
package protocol RowCodec: Sendable {
    /// Per-worker working memory (for CSV, the field list), reused from row to row.
    associatedtype Scratch

    /// New working memory for one worker.
    func makeScratch() -> Scratch

    /// Finds the value of each rule field (in the rules' order) in `record`.
    ///
    /// - Returns: what the record holds that the summary counts (a stray CSV quote).
    /// - Throws: ``RecordProblem`` when the record is malformed.
    @discardableResult
    func read(
        _ record: UnsafeBufferPointer<UInt8>, into inputs: inout [FieldInput], scratch: inout Scratch
    ) throws(RecordProblem) -> RecordNotes

    /// The spans of the last record read into `scratch` that a clean row is written without
    /// (the padding after CSV closing quotes), in order; asked only when ``read(_:into:scratch:)``
    /// noted ``RecordNotes/quotePadding``.
    func paddings(in scratch: Scratch, into spans: inout [Range<Int>])

    /// Appends `value` encoded for this format (CSV quoting, a JSON string, raw text), to take
    /// the place of a field's span in a cleaned row.
    func encode(_ value: String, to output: inout [UInt8])

    /// Appends the UTF-8 `value` encoded for this format, as ``encode(_:to:)`` does (the
    /// default decodes a `String` and calls it).
    func encode(utf8 value: UnsafeBufferPointer<UInt8>, to output: inout [UInt8])

    /// Appends a rejected row: the original record unchanged, plus the row number, line number,
    /// failing fields and messages, in this format, with a line ending.
    func writeReject(
        _ record: UnsafeBufferPointer<UInt8>, row: Int, line: Int, fields: [String], messages: [String],
        to output: inout [UInt8])

    /// ``writeReject(_:row:line:fields:messages:to:)`` with the failures as the evaluator gives
    /// them (their names and messages in `texts`), so that a codec can write them without
    /// making lists and joined strings per row; `scratch` is working memory it may use. The
    /// default makes the lists and calls ``writeReject(_:row:line:fields:messages:to:)``.
    func writeReject(
        _ record: UnsafeBufferPointer<UInt8>, row: Int, line: Int, failures: [FieldFailure], texts: FailureTexts,
        scratch: inout [UInt8], to output: inout [UInt8])

    /// Appends a row that could not be read (malformed, invalid UTF-8), kept as it was as far as
    /// the format allows, with the reason.
    func writeMalformed(
        _ record: UnsafeBufferPointer<UInt8>, row: Int, line: Int, message: String, to output: inout [UInt8])

    /// The line ending written after each row (the input's: `\n` or `\r\n`).
    var lineEnding: LineEnding { get }

    /// Why the cleaned UTF-8 `value` cannot be written in this format (nil: it can; see
    /// `RowCodec+Writable.swift`).
    func unwritableReason(utf8 value: UnsafeBufferPointer<UInt8>) -> String?

    /// Whether ``unwritableReason(_:)`` can ever say no (false: no value is checked).
    var restrictsValues: Bool { get }

    /// Whether a CR ending a row is data (see `RowCodec+Writable.swift`).
    var keepsTrailingCR: Bool { get }

    /// Finds the values of a malformed record that has fields all the same (a CSV row with
    /// more or fewer fields than the header), by position, for the keys of unique fields: the
    /// row is rejected, but its values take part in uniqueness as frictionless-py counts them.
    /// Returns false when the record cannot be read at all (the default).
    func readLoosely(_ record: UnsafeBufferPointer<UInt8>, into inputs: inout [FieldInput], scratch: inout Scratch)
        -> Bool
}

extension RowCodec {
    package func readLoosely(
        _ record: UnsafeBufferPointer<UInt8>, into inputs: inout [FieldInput], scratch: inout Scratch
    ) -> Bool {
        false
    }

    package func encode(utf8 value: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        encode(String(decoding: value, as: UTF8.self), to: &output)
    }

    package func writeReject(
        _ record: UnsafeBufferPointer<UInt8>, row: Int, line: Int, failures: [FieldFailure], texts: FailureTexts,
        scratch: inout [UInt8], to output: inout [UInt8]
    ) {
        writeReject(
            record, row: row, line: line, fields: failures.map { texts.nameText($0.field) },
            messages: failures.map(texts.messageText(of:)), to: &output)
    }
}

/// Metadata columns joined into one text (`email; phone`), and values shown in messages.
package enum RejectText {
    static let separator = "; "

    /// `text` with CR, LF and tab shown as `\r`, `\n`, `\t`, the other control characters as
    /// `\u0000` (``escape(control:)``), and with `escapingQuotes` a `"` as `\"`: a value or name
    /// shown in a message, on one line.
    static func escaped(_ text: String, escapingQuotes: Bool = false) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case _ where scalar.value < 0x20: shown += escape(control: UInt8(scalar.value))
            case "\"" where escapingQuotes: shown += "\\\""
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// `text` with tabs and line breaks made spaces (for one-line formats).
    static func oneLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == ASCII.tab || $0 == ASCII.newline || $0 == ASCII.carriageReturn })
        else { return text }
        return String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }
}

/// The line ending a codec writes after each row: `\n`, or `\r\n` when the input's first row
/// ended so. A value, not an array: an array that all workers append from is a reference count
/// per row that they bounce between their cores.
package struct LineEnding: Sendable, Equatable {
    /// Whether it is `\r\n`.
    let crlf: Bool

    /// Its bytes.
    package var bytes: [UInt8] { crlf ? [ASCII.carriageReturn, ASCII.newline] : [ASCII.newline] }

    /// Appends it to `output`.
    @inline(__always)
    func append(to output: inout [UInt8]) {
        if crlf { output.append(ASCII.carriageReturn) }
        output.append(ASCII.newline)
    }
}
