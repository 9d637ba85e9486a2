import Foundation

/// Rules for a value of type `Root`, Codable or not: each rule names a field by its path, reads
/// it with a key path, cleans it with filters and checks it with ``Validation``s; the result is
/// a ``ValidationReport`` of every failing field at once, keyed by path.
///
/// ```swift
/// struct SignUp: Codable {
///     var name: String
///     var email: String
///     var age: Int
///     var address: Address
///     var items: [Item]
/// }
///
/// let signUpRules = Rules<SignUp>([
///     .field("name", \.name, .presence(), .count(lessThan: 40)),
///     .field("email", \.email, filters: [TrimFilter(), CharCaseFilter(.lowercase)], .modernEmail()),
///     .field("age", \.age, .range(18...130, message: "Must be between 18 and 130")),
///     .nested("address", \.address, addressRules),        // address.city, address.zip
///     .each("items", \.items, itemRules),                // items[0].sku, items[1].sku
/// ])
///
/// let report = signUpRules.validate(signUp)
/// report.isValid                // false
/// report["address.city"]        // ["address.city can't be blank"]
/// try JSONEncoder().encode(report)   // {"address.city":["address.city can't be blank"],…}
/// ```
///
/// - Messages name the field: each failure reads "`path` `message`" (the first letter of the
///   message lowered, acronyms kept: `email is incorrectly formatted`), as
///   ``Validation/named(_:)`` writes it.
/// - The report lists the failing fields in the rules' order (an array's elements in index
///   order), and encodes as one JSON object in that order: the same bytes on every run.
/// - ``validate(_:)`` checks the values after their filters without changing `Root`;
///   ``clean(_:)`` also writes the filtered strings back (a field whose filter throws or
///   gives nil keeps its value and is reported).
/// - Rules are `Sendable`: build them once (a `static let`) and use them from any task.
///
/// To check a JSON body before decoding it, with the `fastcop` tool's rules file, see
/// `JSONBodyRules` in the `FastCopRecords` library.
public struct Rules<Root>: Sendable {
    let rules: [Rule]

    /// Rules checked in the given order.
    public init(_ rules: [Rule]) {
        self.rules = rules
    }

    /// Checks `value` and reports every failing field (the filters' results are checked, and
    /// `value` is left as it is).
    public func validate(_ value: Root) -> ValidationReport {
        var failures = Failures()
        check(value, prefix: "", into: &failures)
        return ValidationReport(fields: failures.fields)
    }

    /// Cleans `value` in place (each field's filters' result is written back) and reports
    /// every failing field, as ``validate(_:)`` does.
    @discardableResult
    public func clean(_ value: inout Root) -> ValidationReport {
        var failures = Failures()
        clean(&value, prefix: "", into: &failures)
        return ValidationReport(fields: failures.fields)
    }

    /// Checks `value` and throws a ``RulesViolation`` carrying the report when a field fails.
    public func check(_ value: Root) throws(RulesViolation) {
        let report = validate(value)
        if !report.isValid { throw RulesViolation(report: report) }
    }

    func check(_ value: Root, prefix: String, into failures: inout Failures) {
        for rule in rules { rule.check(value, prefix, &failures) }
    }

    func clean(_ value: inout Root, prefix: String, into failures: inout Failures) {
        for rule in rules { rule.clean(&value, prefix, &failures) }
    }
}

/// A value that failed its ``Rules``: the report of every failing field.
public struct RulesViolation: Error, Sendable, CustomStringConvertible {
    /// The failing fields, with their messages.
    public let report: ValidationReport

    /// Wraps `report`.
    public init(report: ValidationReport) {
        self.report = report
    }

    /// The report's lines: `path: message; message`.
    public var description: String { report.description }
}

/// The failing fields found so far, in the order they were checked.
struct Failures {
    var fields: [ValidationReport.Field] = []

    /// Records that `path` failed with `errors` (nothing when there are none).
    mutating func add(_ path: String, _ errors: [any Error]) {
        guard !errors.isEmpty else { return }
        fields.append(
            ValidationReport.Field(
                name: path, messages: errors.map { ValidationError.sentence(path, Self.message(of: $0)) }))
    }

    static func message(of error: any Error) -> String {
        if let error = error as? ValidationError { return error.description }
        if let error = error as? any LocalizedError, let description = error.errorDescription { return description }
        return String(describing: error)
    }
}

/// A path below `prefix`: `prefix.name`, or `name` at the top.
func fieldPath(_ prefix: String, _ name: String) -> String {
    prefix.isEmpty ? name : "\(prefix).\(name)"
}
