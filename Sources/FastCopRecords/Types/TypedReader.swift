/// Reads the values of one field type; built once per field, shared by many threads.
///
/// `read` works on the field's UTF-8 bytes, allocates nothing and creates no String, so that
/// inference can try several kinds on the same text cheaply.
package struct TypedReader: Sendable {
    package let type: FieldType
    /// What `read` does: a trivial enum, so that dispatching copies (and retains) nothing; the
    /// readers with arrays are stored beside it.
    private let reader: Reader
    private let number: NumberReader?
    private let boolean: BooleanReader?
    /// A date, time or datetime field's strptime format; nil for the default ISO format.
    private let pattern: StrptimeFormat?

    private enum Reader: Sendable {
        case string(StringFormat)
        case integer(bareNumber: Bool)
        case number
        case boolean
        case date
        case time
        case datetime
        case year
    }

    /// Throws a clear error for a format it cannot use (an unknown strptime directive, `format:
    /// "any"` for dates and times, an unknown string format, an empty decimalChar).
    package init(_ type: FieldType) throws(TypeFormatError) {
        self.type = type
        let format = type.format == "default" ? nil : type.format
        var number: NumberReader? = nil
        var boolean: BooleanReader? = nil
        var pattern: StrptimeFormat? = nil
        let reader: Reader
        switch type.kind {
        case .string:
            reader = .string(try StringFormat(format))
        case .any:
            reader = .string(.plain)
        case .integer:
            reader = .integer(bareNumber: type.bareNumber)
        case .number:
            number = try NumberReader(type)
            reader = .number
        case .boolean:
            boolean = BooleanReader(type)
            reader = .boolean
        case .year:
            reader = .year
        case .date, .time, .datetime:
            if let format {
                if format == "any" {
                    throw TypeFormatError(
                        "the format \"any\" of a \(type.kind.rawValue) field is not supported (Table Schema deprecates it): "
                            + "give a pattern such as \"%d/%m/%Y\", or leave the format out for ISO 8601")
                }
                pattern = try StrptimeFormat(format)
            }
            reader = type.kind == .date ? .date : (type.kind == .time ? .time : .datetime)
        }
        self.reader = reader
        self.number = number
        self.boolean = boolean
        self.pattern = pattern
    }

    /// The value of `text` (valid UTF-8; the missing-values check happened before), or nil when it
    /// is not a value of the type (frictionless-py's "type-error").
    @inline(__always)
    package func read(_ text: UnsafeBufferPointer<UInt8>) -> TypedValue? {
        switch reader {
        case .string(let format):
            return format.accepts(text) ? .string : nil
        case .integer(let bareNumber):
            return IntegerReader.read(text, bareNumber: bareNumber).map(TypedValue.integer)
        case .number:
            return number.unsafelyUnwrapped.read(text).map(TypedValue.number)
        case .boolean:
            return boolean.unsafelyUnwrapped.read(text).map(TypedValue.boolean)
        case .year:
            return IntegerReader.readYear(text).map(TypedValue.year)
        case .date:
            if pattern == nil, let quick = ISODateTime.quickDate(text) { return quick.map(TypedValue.date) }
            // Not `pattern ?? Self.defaultDate`: that copies the format (a retain and a release
            // of its arrays per value).
            guard let parsed = pattern == nil ? Self.defaultDate.parse(text) : pattern.unsafelyUnwrapped.parse(text)
            else { return nil }
            return .date(Int32(parsed.days))
        case .time:
            guard let pattern else { return ISODateTime.time(text).map(TypedValue.time) }
            guard let parsed = pattern.parse(text) else { return nil }
            return .time(TimeValue(microseconds: parsed.microseconds, offsetSeconds: parsed.offset))
        case .datetime:
            guard let pattern else { return ISODateTime.datetime(text).map(TypedValue.datetime) }
            guard let parsed = pattern.parse(text) else { return nil }
            return .datetime(
                DateTimeValue(
                    microseconds: Int64(parsed.days) * 86_400_000_000 + parsed.microseconds,
                    offsetSeconds: parsed.offset))
        }
    }

    /// Reads a Swift string (a constraint value given as text, a test): `read` on its bytes.
    package func read(text: String) -> TypedValue? {
        var text = text
        return text.withUTF8 { read($0) }
    }

    // swift-format-ignore: NeverUseForceTry
    /// frictionless-py's default date pattern, for dates other than "YYYY-MM-DD" ("2024-1-5").
    private static let defaultDate = try! StrptimeFormat("%Y-%m-%d")

    /// Appends the canonical text of `value`, which this reader read from `text`: see
    /// `TypedValue+Canonical.swift`.
    package func writeCanonical(_ value: TypedValue, text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        if case .number = reader, case .number = value {
            number.unsafelyUnwrapped.writeCanonical(text, to: &output)
            return
        }
        value.writeCanonical(text: text, to: &output)
    }
}
