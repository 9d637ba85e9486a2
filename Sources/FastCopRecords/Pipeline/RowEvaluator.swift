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

    /// Whether a row whose every value is missing is rejected as blank (a Table Schema's rule).
    let blankRowsFail: Bool

    init(rules: CompiledRules) {
        self.rules = rules
        blankRowsFail = rules.vocabulary == .tableSchema
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
                values.missing += 1
                if !fields[index].optional {
                    failures.append(FieldFailure(field: index, rule: fields[index].requiredRule))
                }
            case .unusable(let reason):
                failures.append(FieldFailure(field: index, rule: plans.catalog.valueRule(index), message: reason))
            case .text(let text, _):
                var text = text
                text.withUTF8 { judge(index, $0, values: &values, failures: &failures) }
            case .bytes(let value, _):
                judge(index, UnsafeBufferPointer(rebasing: record[value]), values: &values, failures: &failures)
            case .literal(let text):
                // Filters apply to strings only: a JSON number or bool is judged as its text, or
                // by its type as it stands (a number as a number, true as a boolean).
                var text = text
                text.withUTF8 { judge(index, $0, literal: true, values: &values, failures: &failures) }
            }
        }
        if blankRowsFail && values.missing == fields.count {
            // frictionless-py's blank-row: one error in place of the fields' own.
            failures.removeAll(keepingCapacity: true)
            failures.append(FieldFailure(field: 0, rule: plans.catalog.blankRowRule, message: Self.blankRow))
        }
    }

    /// What judging one field's value found, for ``FieldValues``.
    struct FieldVerdict {
        var missing = false
        var typed: TypedValue? = nil
        /// Whether the value passed and its type writes it in canonical form (the caller writes it).
        var writesCanonical = false
    }

    /// The message of a row whose every value is missing, under a Table Schema.
    static let blankRow = "blank row: every value is missing"

    /// Runs field `index`'s filters on `input` (not on a JSON `literal`: a number or a bool),
    /// then its missing values, trials, type and constraints on the result.
    ///
    /// A field without filters is judged on its input in place, not copied: its value is the
    /// row's (`values.ranges[index]` stays nil, and a clean row keeps its bytes), unless its
    /// type writes a canonical form or its text is a key.
    @inline(__always)
    private func judge(
        _ index: Int, _ input: UnsafeBufferPointer<UInt8>, literal: Bool = false,
        values: inout FieldValues, failures: inout [FieldFailure]
    ) {
        let plan = fields[index]
        if plan.steps.isEmpty && (literal || !plan.copiesValue) {
            if plan.type == nil {
                // Text alone: its missing values and trials (no typed verdict to keep).
                if checkText(index, plan, input, literal: literal, failures: &failures) == .missing {
                    values.missing += 1
                }
                return
            }
            values.apply(
                check(index, plan, input, literal: literal, failures: &failures), to: index, keyPart: plan.keyPart)
            return
        }
        let start = values.bytes.count
        do {
            if !literal {
                try filter(input, through: plan.steps, values: &values)
            } else {
                values.bytes.append(contentsOf: input)
            }
        } catch {
            values.bytes.removeSubrange(start...)
            failures.append(
                FieldFailure(
                    field: index, rule: plans.catalog.filterRule(index),
                    message: "a filter could not run: \(Self.reason(error))"))
            return
        }
        let range = start..<values.bytes.count
        values.setRange(range, of: index)
        if plan.type == nil {
            let text = values.bytes.withUnsafeBufferPointer {
                checkText(index, plan, UnsafeBufferPointer(rebasing: $0[range]), literal: literal, failures: &failures)
            }
            if text == .missing { values.missing += 1 }
            return
        }
        let verdict = values.bytes.withUnsafeBufferPointer {
            check(index, plan, UnsafeBufferPointer(rebasing: $0[range]), literal: literal, failures: &failures)
        }
        values.apply(verdict, to: index, keyPart: plan.keyPart)
        guard verdict.writesCanonical, let typed = verdict.typed, let type = plan.type else { return }
        // The canonical form is written into a filter buffer, free once the filters have run
        // (taken out of `values` while `values.bytes` is read, and put back).
        var canonical: [UInt8] = []
        swap(&canonical, &values.first)
        canonical.removeAll(keepingCapacity: true)
        values.bytes.withUnsafeBufferPointer { bytes in
            plans.types[type].borrow {
                $0.reader.writeCanonical(typed, text: UnsafeBufferPointer(rebasing: bytes[range]), to: &canonical)
            }
        }
        values.bytes.removeSubrange(range)
        values.bytes.append(contentsOf: canonical)
        values.ranges[index] = range.lowerBound..<values.bytes.count
        swap(&canonical, &values.first)
    }

    /// What a value's missing values and trials found.
    enum TextVerdict { case passed, missing, failed }

    /// Judges field `index`'s `value` (filtered) as text: its missing values, then its trials.
    @inline(__always)
    private func checkText(
        _ index: Int, _ plan: FieldPlan, _ value: UnsafeBufferPointer<UInt8>, literal: Bool,
        failures: inout [FieldFailure]
    ) -> TextVerdict {
        if !literal && plans.isMissing(value, plan) {
            if !plan.optional { failures.append(FieldFailure(field: index, rule: plan.requiredRule)) }
            return .missing
        }
        for number in plan.trials {
            let trial = trials[number]
            do {
                if try !trial.admits(value, plans: plans) {
                    failures.append(FieldFailure(field: index, rule: plan.trialRule(trial.number)))
                    return .failed
                }
            } catch {
                // Fail closed: a trial that cannot decide rejects the row, and says why.
                let rule = plan.trialRule(trial.number)
                let message = texts.text(of: .rules(rule))
                failures.append(FieldFailure(field: index, rule: rule, message: "\(message) (\(Self.reason(error)))"))
                return .failed
            }
        }
        return .passed
    }

    /// Judges field `index`'s `value` (filtered): its missing values, trials, then its type and
    /// constraints; keeps the typed value for uniqueness.
    ///
    /// - Returns: whether the value is missing, its typed value, and whether it passed and its
    ///   canonical form is to be written (when its type normalizes).
    @inline(__always)
    private func check(
        _ index: Int, _ plan: FieldPlan, _ value: UnsafeBufferPointer<UInt8>, literal: Bool,
        failures: inout [FieldFailure]
    ) -> FieldVerdict {
        switch checkText(index, plan, value, literal: literal, failures: &failures) {
        case .missing: return FieldVerdict(missing: true)
        case .failed: return FieldVerdict()
        case .passed: break
        }
        guard let type = plan.type else { return FieldVerdict() }
        // Text with nothing to check as a type (a string field without a format or
        // constraints) is its own value; only a JSON number or bool is not text.
        if plan.plainText && !literal { return FieldVerdict(typed: .string) }
        let trialCount = plan.trials.count
        // The type is borrowed: the fields hold it (see ``FieldPlans``). Each failing constraint
        // is reported, as frictionless-py reports them.
        return plans.types[type].borrow { compiled -> FieldVerdict in
            let read = literal ? compiled.readLiteral(value) : compiled.reader.read(value)
            guard let typed = read else {
                failures.append(FieldFailure(field: index, rule: plan.typeRule(trialCount: trialCount)))
                return FieldVerdict()
            }
            // A value of the type takes part in uniqueness even when a constraint fails.
            var passed = true
            let constraints = compiled.plain
            for number in constraints.indices {
                do {
                    if try !constraints[number].admits(typed, text: value) {
                        failures.append(
                            FieldFailure(field: index, rule: plan.constraintRule(number, trialCount: trialCount)))
                        passed = false
                    }
                } catch {
                    let rule = plan.constraintRule(number, trialCount: trialCount)
                    let message = texts.text(of: .rules(rule))
                    failures.append(
                        FieldFailure(field: index, rule: rule, message: "\(message) (\(Self.reason(error)))"))
                    passed = false
                }
            }
            return FieldVerdict(typed: typed, writesCanonical: passed && compiled.normalizes && !literal)
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
