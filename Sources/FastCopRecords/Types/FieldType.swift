/// Table Schema's field types FastCop knows.
///
/// Other Table Schema types (object, array, geopoint, geojson, duration, yearmonth, list) are not
/// handled here: the schema decoder refuses them.
package enum FieldKind: String, Sendable, CaseIterable {
    case string, integer, number, boolean, date, time, datetime, year, any
}

/// How a field's values are read: Table Schema's field descriptor minus its name and constraints.
///
/// The defaults are Table Schema's (and frictionless-py's). Differences from frictionless-py are
/// listed in `docs/table-schema-differences.md`.
package struct FieldType: Sendable, Equatable {
    package var kind: FieldKind
    /// Table Schema's `format`: nil for "default"; a strptime-like pattern for date, time and
    /// datetime ("%d/%m/%Y"); "email", "uri", "uuid" or "binary" for string. "any" is refused
    /// for date, time and datetime (`TypedReader.init` throws) and means "default" elsewhere.
    package var format: String?
    /// The decimal separator of numbers (default ".").
    package var decimalChar: String
    /// The group (thousands) separator of numbers (default "": none). Integers ignore it, as
    /// frictionless-py does.
    package var groupChar: String
    /// When false, a number's or integer's leading and trailing non-digits ("$", " EUR", "%")
    /// are dropped before it is read.
    package var bareNumber: Bool
    /// The texts read as true (exact, case-sensitive).
    package var trueValues: [String]
    /// The texts read as false (exact, case-sensitive).
    package var falseValues: [String]

    package static let defaultTrueValues = ["true", "True", "TRUE", "1"]
    package static let defaultFalseValues = ["false", "False", "FALSE", "0"]

    package init(
        kind: FieldKind, format: String? = nil, decimalChar: String = ".", groupChar: String = "",
        bareNumber: Bool = true, trueValues: [String] = FieldType.defaultTrueValues,
        falseValues: [String] = FieldType.defaultFalseValues
    ) {
        self.kind = kind
        self.format = format
        self.decimalChar = decimalChar
        self.groupChar = groupChar
        self.bareNumber = bareNumber
        self.trueValues = trueValues
        self.falseValues = falseValues
    }
}

/// A field type FastCop cannot use: an unknown strptime directive, `format: "any"` for a date, an
/// empty decimal separator, … The message says what is wrong and where.
package struct TypeFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
