import FastCop

/// Applies a field's filters, then its trials, to every rule field of a row, collecting the
/// failures of all fields (not just the first).
///
/// It works on bytes: a field's value is a byte range of the record (or a `String`'s bytes for
/// a value a codec had to unescape), filters run on bytes (``ByteFilter``: ASCII fast paths,
/// the `String` code for the rest), and `email`/`format` trials run PCRE2 on the value's bytes
/// without a UTF-8 check (the record was checked once). The answers are those of the `String`
/// filters and trials, byte for byte.
package struct RowEvaluator: Sendable {
    let rules: CompiledRules
    /// The fields, ready for bytes.
    let plans: [FieldPlan]
    /// The fields' names, in rules order.
    let names: [String]

    init(rules: CompiledRules) {
        self.rules = rules
        plans = rules.fields.map(FieldPlan.init)
        names = rules.fields.map(\.name)
    }

    /// Judges one row.
    ///
    /// - Parameters:
    ///   - record: the row's bytes (valid UTF-8), which `.bytes` inputs index.
    ///   - inputs: each rule field's value in the row.
    ///   - values: set to each field's filtered value (nil when absent or unusable).
    ///   - failures: set to the failing fields, in rules order.
    func evaluate(
        _ record: UnsafeBufferPointer<UInt8>, inputs: [FieldInput], values: inout FieldValues,
        failures: inout [FieldFailure]
    ) {
        failures.removeAll(keepingCapacity: true)
        values.reset()
        for (index, plan) in plans.enumerated() {
            switch inputs[index] {
            case .absent:
                let field = plan.field
                if !field.optional { failures.append(FieldFailure(field: index, message: field.requiredMessage)) }
            case .unusable(let reason):
                failures.append(FieldFailure(field: index, message: reason))
            case .text(let text, _):
                var text = text
                text.withUTF8 { judge(plan, index, $0, values: &values, failures: &failures) }
            case .bytes(let value, _):
                judge(plan, index, UnsafeBufferPointer(rebasing: record[value]), values: &values, failures: &failures)
            case .literal(let text):
                // Filters apply to strings only: a JSON number or bool is judged as its text.
                var text = text
                text.withUTF8 { judge(plan, index, $0, filtering: false, values: &values, failures: &failures) }
            }
        }
    }

    /// Filters `input` into `values` (unless `filtering` is false) and runs the field's trials
    /// on the result.
    @inline(__always)
    private func judge(
        _ plan: FieldPlan, _ index: Int, _ input: UnsafeBufferPointer<UInt8>, filtering: Bool = true,
        values: inout FieldValues, failures: inout [FieldFailure]
    ) {
        let start = values.bytes.count
        do {
            if filtering {
                try Self.filter(input, through: plan.steps, values: &values)
            } else {
                values.bytes.append(contentsOf: input)
            }
        } catch {
            values.bytes.removeSubrange(start...)
            failures.append(FieldFailure(field: index, message: "a filter could not run: \(Self.reason(error))"))
            return
        }
        let range = start..<values.bytes.count
        values.ranges[index] = range
        if range.isEmpty {
            let field = plan.field
            if !field.optional { failures.append(FieldFailure(field: index, message: field.requiredMessage)) }
            return
        }
        values.bytes.withUnsafeBufferPointer { all in
            let value = UnsafeBufferPointer(rebasing: all[range])
            for (number, trial) in plan.trials.enumerated() {
                do {
                    if try !trial.admits(value) {
                        failures.append(FieldFailure(field: index, message: plan.messages[number]))
                        break
                    }
                } catch {
                    // Fail closed: a trial that cannot decide rejects the row, and says why.
                    let message = plan.messages[number]
                    failures.append(FieldFailure(field: index, message: "\(message) (\(Self.reason(error)))"))
                    break
                }
            }
        }
    }

    /// Appends `input` run through `filters` (in order) to `values.bytes`.
    @inline(__always)
    private static func filter(
        _ input: UnsafeBufferPointer<UInt8>, through filters: [ByteStep], values: inout FieldValues
    ) throws {
        switch filters.count {
        case 0:
            values.bytes.append(contentsOf: input)
        case 1:
            try filters[0].apply(utf8: input, to: &values.bytes)
        default:
            values.first.removeAll(keepingCapacity: true)
            try filters[0].apply(utf8: input, to: &values.first)
            for filter in filters[1..<(filters.count - 1)] {
                values.second.removeAll(keepingCapacity: true)
                try values.first.withUnsafeBufferPointer { try filter.apply(utf8: $0, to: &values.second) }
                swap(&values.first, &values.second)
            }
            try values.first.withUnsafeBufferPointer {
                try filters[filters.count - 1].apply(utf8: $0, to: &values.bytes)
            }
        }
    }

    /// A short reason for an error thrown by a filter or trial.
    static func reason(_ error: any Error) -> String {
        if let pattern = error as? PatternError {
            return pattern.isLimit ? "\(pattern.kind) for pattern \(pattern.pattern)" : pattern.description
        }
        return "\(error)"
    }
}
