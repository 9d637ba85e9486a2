public import FastCop
public import Foundation

/// Checks a JSON request body before it is decoded, with the rules model of the `fastcop` tool:
/// a rules file (`clean --rules`) or a Frictionless Table Schema (`--schema`), read once and
/// used from any task.
///
/// ```swift
/// let signUp = try JSONBodyRules(rules: """
///     {"fields": {
///       "email": {"filters": ["trim", "lowercase"], "trials": ["email"], "message": "Invalid email"},
///       "age": {"trials": ["integer", {"range": {"minimum": 18, "maximum": 130}}]},
///       "address.city": {"trials": [{"length": {"minimum": 1}}]}
///     }}
///     """)
///
/// let report = try signUp.validate(body)          // every failing field at once
/// if report.isValid { let user = try JSONDecoder().decode(User.self, from: body) }
/// // or both steps in one, throwing JSONBodyError.invalid(report):
/// let user = try signUp.decode(User.self, from: body)
/// ```
///
/// What a body gets, field by field, as a JSON Lines row of `fastcop clean` would:
/// - a rule field names a top-level key or, with dots, a nested member (`address.city`);
/// - a missing key or `null` fails a required field with its message (`"optional": true` lets
///   it pass);
/// - a typed field wants the JSON type a decoder will want: `integer`, `number` and `year` a
///   JSON number, `boolean` `true` or `false`, `string`, `date`, `time` and `datetime` a JSON
///   string (`"age": "thirty"` fails with "is a JSON string, not a number"); a field without a
///   type (text trials only) takes a number or a bool as its JSON text, as the tool does;
/// - an object or an array where a rule field is fails ("is an object, not text");
/// - strings go through the field's filters, then its trials, type and constraints;
/// - `unique` and `primaryKey` compare rows with each other: one body has one row, so they
///   always hold here.
///
/// The report is a `ValidationReport` keyed by the rules' field names, in the rules' order,
/// with the rules' messages (the words the tool writes in its rejects). A body that is not a
/// JSON object, or not UTF-8, throws ``JSONBodyError/malformed(_:)`` saying what and where.
public struct JSONBodyRules: Sendable {
    let rules: CompiledRules
    let evaluator: RowEvaluator
    let codec: JSONLinesCodec

    /// Reads a rules file (the tool's `--rules` JSON) from `json`; `name` is used in messages.
    ///
    /// - Throws: ``JSONBodyError/rules(_:)`` with the place and the reason (a broken pattern's
    ///   caret included) when the file is not valid rules.
    public init(rules json: String, name: String = "rules") throws(JSONBodyError) {
        try self.init { try RulesLoader.compile(Array(json.utf8), name: name, vocabulary: .rules) }
    }

    /// Reads a Frictionless Table Schema (the tool's `--schema` JSON) from `json`.
    ///
    /// - Throws: ``JSONBodyError/rules(_:)`` when it is not a schema FastCop can check.
    public init(schema json: String, name: String = "schema") throws(JSONBodyError) {
        try self.init { try RulesLoader.compile(Array(json.utf8), name: name, vocabulary: .tableSchema) }
    }

    /// Reads a rules file, or a Table Schema when `schema` is true, from the file at `path`.
    public init(contentsOfFile path: String, schema: Bool = false) throws(JSONBodyError) {
        try self.init { try RulesLoader.load(path, vocabulary: schema ? .tableSchema : .rules) }
    }

    /// The rules `load` reads, with their evaluator and JSON reader; its error becomes
    /// ``JSONBodyError/rules(_:)``.
    private init(_ load: () throws -> CompiledRules) throws(JSONBodyError) {
        do {
            rules = try load()
        } catch {
            throw .rules("\(error)")
        }
        evaluator = RowEvaluator(rules: rules)
        codec = JSONLinesCodec(rules: rules, crlf: false)
    }

    /// The rules' field names (paths), in order.
    public var fieldNames: [String] { rules.fields.map(\.name) }

    /// Checks `body` and reports every failing field.
    ///
    /// - Throws: ``JSONBodyError/malformed(_:)`` when `body` is not UTF-8 or not one JSON object.
    public func validate(_ body: some Collection<UInt8>) throws(JSONBodyError) -> ValidationReport {
        try cleaned(body).report
    }

    /// Checks `body` and gives it back with the filters' work done: each string a filter
    /// changed is written anew, everything else is the body's bytes as they came (key order,
    /// spacing, numbers), as `fastcop clean` writes a JSON Lines row.
    ///
    /// - Throws: ``JSONBodyError/malformed(_:)`` when `body` is not UTF-8 or not one JSON object.
    public func cleaned(_ body: some Collection<UInt8>) throws(JSONBodyError) -> CleanedBody {
        let bytes = Array(body)
        return try bytes.withUnsafeBufferPointer { record throws(JSONBodyError) in try clean(record) }
    }

    /// Checks `body`, then decodes it, cleaned (``cleaned(_:)``), with `decoder` when every
    /// field passes: a value whose strings the rules trimmed and lower-cased arrives so.
    ///
    /// - Throws: ``JSONBodyError/malformed(_:)`` or ``JSONBodyError/invalid(_:)`` (the report) from
    ///   the check; the decoder's own error if the valid body still does not decode as `T`.
    public func decode<T: Decodable>(_ type: T.Type, from body: Data, using decoder: JSONDecoder = JSONDecoder())
        throws -> T
    {
        let checked = try cleaned(body)
        guard checked.report.isValid else { throw JSONBodyError.invalid(checked.report) }
        return try decoder.decode(type, from: checked.body)
    }

    private func clean(_ record: UnsafeBufferPointer<UInt8>) throws(JSONBodyError) -> CleanedBody {
        if let bad = UTF8Validation.firstInvalidOffset(record) {
            throw .malformed("the body is not UTF-8: an invalid byte at byte \(bad + 1)")
        }
        var inputs = [FieldInput](repeating: .absent, count: rules.fields.count)
        var present = codec.makeScratch()
        do {
            try codec.read(record, into: &inputs, scratch: &present)
        } catch {
            throw .malformed(error.description.replacingOccurrences(of: " at column ", with: " at byte "))
        }
        for (index, field) in rules.fields.enumerated() {
            // A value a decoder would refuse is judged no further: its checks would read it as text.
            if let wrong = Self.wrongJSONType(inputs[index], for: field) { inputs[index] = .unusable(wrong) }
        }
        var values = FieldValues(count: rules.fields.count)
        var failures: [FieldFailure] = []
        evaluator.evaluate(record, inputs: inputs, values: &values, failures: &failures)
        var messages = [[String]](repeating: [], count: rules.fields.count)
        for failure in failures { messages[failure.field].append(evaluator.texts.messageText(of: failure)) }
        let report = ValidationReport(
            fields: zip(rules.fields, messages).map { ValidationReport.Field(name: $0.name, messages: $1) })

        var changes: [(span: Range<Int>, value: Range<Int>)] = []
        values.changes(from: record, inputs: inputs, into: &changes)
        var output: [UInt8] = []
        output.reserveCapacity(record.count)
        var copied = 0
        for (span, value) in changes where span.lowerBound >= copied {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: record[copied..<span.lowerBound]))
            values.bytes.withUnsafeBufferPointer {
                codec.encode(utf8: UnsafeBufferPointer(rebasing: $0[value]), to: &output)
            }
            copied = span.upperBound
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: record[copied...]))
        return CleanedBody(body: Data(output), report: report)
    }

    /// The message for a JSON value of another type than the field's (nil: the type fits, or
    /// the field has none).
    static func wrongJSONType(_ input: FieldInput, for field: CompiledField) -> String? {
        enum JSONType: String {
            case string = "a JSON string"
            case number = "a JSON number"
            case boolean = "a JSON boolean"
        }
        guard let kind = field.type?.kind else { return nil }
        let found: JSONType
        switch input {
        case .text: found = .string
        case .literal(let text): found = text == "true" || text == "false" ? .boolean : .number
        case .absent, .unusable, .bytes: return nil
        }
        let wanted: (type: JSONType, words: String)
        switch kind {
        case .integer, .number, .year: wanted = (.number, "a number")
        case .boolean: wanted = (.boolean, "true or false")
        case .string, .date, .time, .datetime: wanted = (.string, "a string")
        case .any: return nil
        }
        return found == wanted.type ? nil : "is \(found.rawValue), not \(wanted.words)"
    }
}

/// A JSON body after its rules: the body with the filters' work done, and the report.
public struct CleanedBody: Sendable {
    /// The body, each string a filter changed written anew (the rest byte for byte).
    public let body: Data
    /// Every field, with the messages of those that fail, in the rules' order.
    public let report: ValidationReport
}

/// Why a JSON body, or the rules for it, could not be used.
public enum JSONBodyError: Error, Sendable, CustomStringConvertible {
    /// The rules file or schema is not valid: its place and the reason (for the developer).
    case rules(String)
    /// The body is not UTF-8 or not one JSON object: what and where (answer 400).
    case malformed(String)
    /// The body is a JSON object whose fields fail the rules: the report (answer 422).
    case invalid(ValidationReport)

    /// The message: the rules' mistake, what is malformed and where, or the report's lines.
    public var description: String {
        switch self {
        case .rules(let message): return message
        case .malformed(let message): return "malformed JSON body: \(message)"
        case .invalid(let report): return report.description
        }
    }
}
