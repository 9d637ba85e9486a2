import Testing

@testable import FastCopRecords

/// The typed values of Table Schema fields, against frictionless-py's answers
/// (TypedValueOracleTables.swift, made by scripts/table-schema-oracle.py).
@Suite struct TypedValueTests {
    /// Reads `text` and writes its canonical form; nil for a type error.
    static func canonical(_ type: FieldType, _ text: String) throws -> String? {
        let reader = try TypedReader(type)
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard let value = reader.read(bytes) else { return nil }
            var output: [UInt8] = []
            reader.writeCanonical(value, text: bytes, to: &output)
            return String(decoding: output, as: UTF8.self)
        }
    }

    @Test("frictionless-py's answers", arguments: typedValueOracleCases)
    func oracle(_ type: FieldType, _ text: String, _ expected: String?) throws {
        #expect(
            try Self.canonical(type, text) == expected,
            "\(type.kind) \(type.format ?? "default") \(text.debugDescription)")
    }
}

/// Formats FastCop refuses, with what the message says.
@Suite struct TypeFormatErrorTests {
    @Test(
        "refused formats",
        arguments: [
            (FieldType(kind: .date, format: "%d/%Q"), "unknown directive %Q in the date/time format \"%d/%Q\""),
            (FieldType(kind: .date, format: "%Y-%m-%"), "ends with a lone %"),
            (FieldType(kind: .date, format: "any"), "format \"any\""),
            (FieldType(kind: .time, format: "%H %H"), "appears twice"),
            (FieldType(kind: .datetime, format: "%c %Y"), "appears twice"),
            (FieldType(kind: .date, format: "%Y-W%W"), "week directive %W"),
            (FieldType(kind: .string, format: "wkt"), "format \"wkt\""),
            (FieldType(kind: .number, decimalChar: ""), "decimalChar"),
        ])
    func refused(_ type: FieldType, _ message: String) {
        #expect(throws: TypeFormatError.self) { try TypedReader(type) }
        do {
            _ = try TypedReader(type)
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test("default means the default", arguments: [FieldKind.integer, .number, .date, .string, .year])
    func defaultFormat(_ kind: FieldKind) throws {
        let reader = try TypedReader(FieldType(kind: kind, format: "default"))
        #expect(reader.type.kind == kind)
    }
}

/// Values, their equality (Python's) and their order.
@Suite struct TypedValueOrderTests {
    static func value(_ kind: FieldKind, _ text: String, format: String? = nil) throws -> TypedValue? {
        try TypedReader(FieldType(kind: kind, format: format)).read(text: text)
    }

    @Test func values() throws {
        #expect(try Self.value(.integer, " -12 ") == .integer(-12))
        #expect(try Self.value(.number, "1.5e3") == .number(1500))
        #expect(try Self.value(.number, "0.30000000000000004") == .number(0.30000000000000004))
        #expect(try Self.value(.number, "1.7976931348623157e308") == .number(.greatestFiniteMagnitude))
        #expect(try Self.value(.number, "5e-324") == .number(.leastNonzeroMagnitude))
        #expect(try Self.value(.date, "1970-01-01") == .date(0))
        #expect(try Self.value(.date, "1969-12-31") == .date(-1))
        #expect(try Self.value(.date, "0001-01-01") == .date(-719_162))
        #expect(try Self.value(.year, "0099") == .year(99))
        #expect(try Self.value(.boolean, "0") == .boolean(false))
        #expect(
            try Self.value(.time, "10:30:00.5+01:00")
                == .time(TimeValue(microseconds: 37_800_500_000, offsetSeconds: 3600)))
        #expect(
            try Self.value(.datetime, "1970-01-01T00:00:01Z")
                == .datetime(DateTimeValue(microseconds: 1_000_000, offsetSeconds: 0)))
    }

    @Test func pythonEquality() throws {
        // Python: Decimal("1.0") == Decimal("1"); aware times equal at the same instant; a naive
        // value never equals an aware one.
        #expect(try Self.value(.number, "1.0") == Self.value(.number, "1"))
        #expect(try Self.value(.time, "10:00:00+01:00") == Self.value(.time, "09:00:00Z"))
        #expect(try Self.value(.time, "09:00:00") != Self.value(.time, "09:00:00Z"))
        #expect(try Self.value(.datetime, "2024-01-05T00:30:00+01:00") == Self.value(.datetime, "2024-01-04T23:30:00Z"))
        let set: Set<TypedValue?> = [
            try Self.value(.datetime, "2024-01-05T00:30:00+01:00"), try Self.value(.datetime, "2024-01-04T23:30:00Z"),
        ]
        #expect(set.count == 1)
    }

    @Test func order() throws {
        let one = try #require(try Self.value(.integer, "1"))
        let two = try #require(try Self.value(.integer, "2"))
        #expect(one.compare(to: two) == .less)
        #expect(two.compare(to: one) == .greater)
        #expect(one.compare(to: .number(1)) == .equal)
        #expect(TypedValue.number(.nan).compare(to: .number(1)) == nil)
        #expect(TypedValue.number(-.infinity).compare(to: .number(1)) == .less)
        let early = try #require(try Self.value(.time, "00:30:00+01:00"))
        let utc = try #require(try Self.value(.time, "00:00:00Z"))
        #expect(early.compare(to: utc) == .less)  // Python: no wrap around midnight
        let naive = try #require(try Self.value(.time, "00:00:00"))
        #expect(naive.compare(to: utc) == nil)  // Python raises TypeError
        #expect(try Self.value(.date, "2024-01-05")?.compare(to: .date(0)) == .greater)
        #expect(TypedValue.string.compare(to: .string) == nil)
    }
}

/// Constraint values, read as frictionless-py reads them (checked with frictionless-py 5.21).
@Suite struct TypedConstraintTests {
    static func constraint(_ type: FieldType, _ json: String) throws -> TypedValue? {
        try TypedReader(type).readConstraint(JSONDocument.parse(Array(json.utf8)))
    }

    @Test(
        "constraint values",
        arguments: [
            (FieldType(kind: .integer), "5", TypedValue?.some(.integer(5))),
            (FieldType(kind: .integer), "\"5\"", .integer(5)),
            (FieldType(kind: .integer), "5.0", .integer(5)),
            (FieldType(kind: .integer), "5.5", nil),
            (FieldType(kind: .integer), "true", nil),
            (FieldType(kind: .number), "1.5", .number(1.5)),
            (FieldType(kind: .number), "true", nil),
            (FieldType(kind: .number, decimalChar: ","), "\"1,5\"", .number(1.5)),
            (FieldType(kind: .date, format: "%d/%m/%Y"), "\"2024-01-01\"", nil),
            (FieldType(kind: .date, format: "%d/%m/%Y"), "\"01/01/2024\"", .date(19723)),
            (FieldType(kind: .date), "\"2024-01-01\"", .date(19723)),
            (FieldType(kind: .year), "2000", .year(2000)),
            (FieldType(kind: .year), "\"2000\"", .year(2000)),
            (FieldType(kind: .year), "12000", nil),
            (FieldType(kind: .boolean), "true", .boolean(true)),
            (FieldType(kind: .boolean), "\"FALSE\"", .boolean(false)),
            (FieldType(kind: .boolean), "1", nil),
            (FieldType(kind: .time), "\"12:00:00\"", .time(TimeValue(microseconds: 43_200_000_000))),
            (FieldType(kind: .string, format: "email"), "\"a@example.com\"", .string),
            (FieldType(kind: .string, format: "email"), "\"nope\"", nil),
            (FieldType(kind: .date), "null", nil),
        ])
    func constraint(_ type: FieldType, _ json: String, _ expected: TypedValue?) throws {
        #expect(try Self.constraint(type, json) == expected)
    }
}

extension TypeFormatErrorTests {
    @Test(
        "format any is the default outside dates and times",
        arguments: [FieldKind.integer, .number, .string, .year, .any])
    func anyFormat(_ kind: FieldKind) throws {
        let reader = try TypedReader(FieldType(kind: kind, format: "any"))
        #expect(reader.read(text: "2024") != nil)
    }
}
