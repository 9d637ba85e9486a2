import FastCop

/// Applies a field's filters, then its trials, to every rule field of a row, collecting the
/// failures of all fields (not just the first).
package struct RowEvaluator: Sendable {
    let rules: CompiledRules

    /// Judges one row.
    ///
    /// - Parameters:
    ///   - inputs: each rule field's value in the row.
    ///   - cleaned: set to each field's filtered value (nil when absent or unusable).
    ///   - failures: set to the failing fields, in rules order.
    func evaluate(_ inputs: [FieldInput], cleaned: inout [String?], failures: inout [FieldFailure]) {
        failures.removeAll(keepingCapacity: true)
        for (index, field) in rules.fields.enumerated() {
            cleaned[index] = nil
            let original: String
            var filters = true
            switch inputs[index] {
            case .absent:
                if !field.optional { failures.append(FieldFailure(field: index, message: field.requiredMessage)) }
                continue
            case .unusable(let reason):
                failures.append(FieldFailure(field: index, message: reason))
                continue
            case .text(let text, _):
                original = text
            case .literal(let text):
                original = text
                filters = false  // filters apply to strings only
            }
            var value = original
            do {
                if filters { for filter in field.filters { value = try filter.apply(to: value) ?? "" } }
            } catch {
                failures.append(FieldFailure(field: index, message: "a filter could not run: \(Self.reason(error))"))
                continue
            }
            cleaned[index] = value
            if value.isEmpty {
                if !field.optional { failures.append(FieldFailure(field: index, message: field.requiredMessage)) }
                continue
            }
            for (judge, message) in field.trials {
                do {
                    if try !judge(value) {
                        failures.append(FieldFailure(field: index, message: message))
                        break
                    }
                } catch {
                    // Fail closed: a trial that cannot decide rejects the row, and says why.
                    failures.append(FieldFailure(field: index, message: "\(message) (\(Self.reason(error)))"))
                    break
                }
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
