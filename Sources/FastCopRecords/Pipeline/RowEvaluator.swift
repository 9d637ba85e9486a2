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
    /// The fields, ready for bytes (and the owner of the buffers below).
    let plans: FieldPlans
    /// `plans`' buffers, read directly by the row loop (`nonisolated(unsafe)`: they are never
    /// written after `plans`' init, and `plans` keeps them alive; see ``FieldPlans``).
    nonisolated(unsafe) private let fields: UnsafeBufferPointer<FieldPlan>
    nonisolated(unsafe) private let steps: UnsafeBufferPointer<FieldStep>
    nonisolated(unsafe) private let trials: UnsafeBufferPointer<FieldTrial>
    /// The fields' names and messages, for rejected rows.
    let texts: FailureTexts

    init(rules: CompiledRules) {
        self.rules = rules
        plans = FieldPlans(rules.fields)
        fields = plans.fields
        steps = plans.steps
        trials = plans.trials
        texts = plans.texts
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
        for index in fields.indices {
            switch inputs[index] {
            case .absent:
                if !fields[index].optional {
                    failures.append(FieldFailure(field: index, message: fields[index].requiredMessage))
                }
            case .unusable(let reason):
                failures.append(FieldFailure(field: index, message: reason))
            case .text(let text, _):
                var text = text
                text.withUTF8 { judge(index, $0, values: &values, failures: &failures) }
            case .bytes(let value, _):
                judge(index, UnsafeBufferPointer(rebasing: record[value]), values: &values, failures: &failures)
            case .literal(let text):
                // Filters apply to strings only: a JSON number or bool is judged as its text.
                var text = text
                text.withUTF8 { judge(index, $0, filtering: false, values: &values, failures: &failures) }
            }
        }
    }

    /// Filters `input` into `values` (unless `filtering` is false) and runs field `index`'s
    /// trials on the result.
    @inline(__always)
    private func judge(
        _ index: Int, _ input: UnsafeBufferPointer<UInt8>, filtering: Bool = true,
        values: inout FieldValues, failures: inout [FieldFailure]
    ) {
        let plan = fields[index]
        let start = values.bytes.count
        do {
            if filtering {
                try filter(input, through: plan.steps, values: &values)
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
            if !plan.optional {
                failures.append(FieldFailure(field: index, message: plan.requiredMessage))
            }
            return
        }
        values.bytes.withUnsafeBufferPointer { all in
            let value = UnsafeBufferPointer(rebasing: all[range])
            for number in plan.trials {
                let trial = trials[number]
                do {
                    if try !trial.admits(value, plans: plans) {
                        failures.append(
                            FieldFailure(field: index, message: plan.trialMessage(trial.number)))
                        break
                    }
                } catch {
                    // Fail closed: a trial that cannot decide rejects the row, and says why.
                    let message = texts.text(of: plan.trialMessage(trial.number))
                    failures.append(FieldFailure(field: index, message: "\(message) (\(Self.reason(error)))"))
                    break
                }
            }
        }
    }

    /// Appends `input` run through the filters `steps[filters]` (in order) to `values.bytes`.
    @inline(__always)
    private func filter(_ input: UnsafeBufferPointer<UInt8>, through filters: Range<Int>, values: inout FieldValues)
        throws
    {
        guard let last = filters.last else {
            values.bytes.append(contentsOf: input)
            return
        }
        let first = filters.lowerBound
        if first == last {
            try steps[first].apply(utf8: input, to: &values.bytes, plans: plans)
            return
        }
        values.first.removeAll(keepingCapacity: true)
        try steps[first].apply(utf8: input, to: &values.first, plans: plans)
        for step in (first + 1)..<last {
            values.second.removeAll(keepingCapacity: true)
            try values.first.withUnsafeBufferPointer {
                try steps[step].apply(utf8: $0, to: &values.second, plans: plans)
            }
            swap(&values.first, &values.second)
        }
        try values.first.withUnsafeBufferPointer {
            try steps[last].apply(utf8: $0, to: &values.bytes, plans: plans)
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
