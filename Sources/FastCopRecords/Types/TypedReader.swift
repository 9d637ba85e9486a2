/// Reads the values of one field type; built once per field, shared by many threads.
///
/// `read` works on the field's UTF-8 bytes, allocates nothing and creates no String, so that
/// inference can try several kinds on the same text cheaply.
package struct TypedReader: Sendable {
    package let type: FieldType
    private let reader: Reader

    private enum Reader: Sendable {
        case string(StringFormat)
        case integer(bareNumber: Bool)
        case number(NumberReader)
        case boolean(BooleanReader)
        /// nil: the default ISO format.
        case date(StrptimeFormat?)
        case time(StrptimeFormat?)
        case datetime(StrptimeFormat?)
        case year
    }

    /// Throws a clear error for a format it cannot use (an unknown strptime directive, `format:
    /// "any"` for dates and times, an unknown string format, an empty decimalChar).
    package init(_ type: FieldType) throws(TypeFormatError) {
        self.type = type
        let format = type.format == "default" ? nil : type.format
        switch type.kind {
        case .string:
            reader = .string(try StringFormat(format))
        case .any:
            reader = .string(.plain)
        case .integer:
            reader = .integer(bareNumber: type.bareNumber)
        case .number:
            reader = .number(try NumberReader(type))
        case .boolean:
            reader = .boolean(BooleanReader(type))
        case .year:
            reader = .year
        case .date, .time, .datetime:
            var pattern: StrptimeFormat? = nil
            if let format {
                if format == "any" {
                    throw TypeFormatError(
                        "the format \"any\" of a \(type.kind.rawValue) field is not supported (Table Schema deprecates it): "
                            + "give a pattern such as \"%d/%m/%Y\", or leave the format out for ISO 8601")
                }
                pattern = try StrptimeFormat(format)
            }
            switch type.kind {
            case .date: reader = .date(pattern)
            case .time: reader = .time(pattern)
            default: reader = .datetime(pattern)
            }
        }
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
        case .number(let number):
            return number.read(text).map(TypedValue.number)
        case .boolean(let boolean):
            return boolean.read(text).map(TypedValue.boolean)
        case .year:
            return IntegerReader.readYear(text).map(TypedValue.year)
        case .date(let pattern):
            if pattern == nil, let quick = ISODateTime.quickDate(text) { return quick.map(TypedValue.date) }
            guard let parsed = (pattern ?? Self.defaultDate).parse(text) else { return nil }
            return .date(Int32(parsed.days))
        case .time(let pattern):
            guard let pattern else { return ISODateTime.time(text).map(TypedValue.time) }
            guard let parsed = pattern.parse(text) else { return nil }
            return .time(TimeValue(microseconds: parsed.microseconds, offsetSeconds: parsed.offset))
        case .datetime(let pattern):
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
        if case .number(let number) = reader {
            number.writeCanonical(text, to: &output)
            return
        }
        value.writeCanonical(text: text, to: &output)
    }
}
