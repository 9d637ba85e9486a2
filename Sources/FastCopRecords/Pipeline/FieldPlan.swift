import FastCop

/// A rule field made ready for the byte path: its filters as ``ByteStep``s and its trials as
/// ``TrialStep``s, built once per run and shared by all workers.
final class FieldPlan: Sendable {
    let field: CompiledField
    let steps: [ByteStep]
    let trials: [TrialStep]
    let messages: [String]

    init(_ field: CompiledField) {
        self.field = field
        steps = field.filters.map(ByteStep.init)
        trials = field.trials.indices.map { index in
            if let pattern = field.wholeMatchPatterns[index] { return .wholeMatch(pattern) }
            return .string(field.trials[index].judge)
        }
        messages = field.trials.map(\.message)
    }
}

/// A trial made ready for the byte path.
enum TrialStep: Sendable {
    /// A whole match of the pattern (`email`, `format`), run on the value's bytes.
    case wholeMatch(Pattern)
    /// Any other judge, given the value as a `String`.
    case string(TrialEvaluator)

    /// Whether the UTF-8 `value` passes.
    ///
    /// - Throws: the judge's error (a ``PatternError`` for a limit).
    @inline(__always)
    func admits(_ value: UnsafeBufferPointer<UInt8>) throws -> Bool {
        switch self {
        case .wholeMatch(let pattern):
            return try pattern.firstMatchRange(in: value, whole: true, validUTF8: true) != nil
        case .string(let judge):
            return try judge(String(decoding: value, as: UTF8.self))
        }
    }
}
