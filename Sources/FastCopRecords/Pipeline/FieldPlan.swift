import FastCop

/// The rule fields made ready for the byte path: each field's filters as ``FieldStep``s and
/// its trials as ``FieldTrial``s, built once per run and read by all workers.
///
/// **The trick.** The plans are plain values in buffers of their own, and the compiled
/// patterns and filters they use are held as `Unmanaged` references and borrowed
/// (``Unmanaged/borrow(_:)``): reading a plan costs no reference counting. Before, the plans
/// were objects in arrays, and every row retained and released the plan, its arrays and each
/// filter's and trial's object, on counts that both workers bounce between their cores
/// (`perf`: retain/release were 14% of the CPU time of the 1M-row benchmark, mostly here).
///
/// **Why it is safe.** This object owns the buffers and keeps every borrowed object alive (the
/// rules' fields hold them, and it holds the rules' fields); the row pipeline keeps it alive
/// until every worker has finished. Nothing is changed after `init`, so sharing it between
/// threads is safe (`@unchecked Sendable`).
final class FieldPlans: @unchecked Sendable {
    /// One plan per rule field, in rules order.
    let fields: UnsafeBufferPointer<FieldPlan>
    /// The filters of all fields, one after the other (a field's are `fields[i].steps`).
    let steps: UnsafeBufferPointer<FieldStep>
    /// The trials of all fields, one after the other (a field's are `fields[i].trials`).
    let trials: UnsafeBufferPointer<FieldTrial>
    /// The fields' names and messages, for rejected rows.
    let texts: FailureTexts
    /// The rules failures are counted by, for the report (numbered as the messages, then more).
    let catalog: RuleCatalog
    /// The fields' types, by ``FieldPlan/type``, borrowed (the fields hold them).
    let types: UnsafeBufferPointer<Unmanaged<CompiledType>>
    /// The fields' missing values but the empty one, by ``FieldPlan/missing``.
    let missingValues: UnsafeMutableBufferPointer<[[UInt8]]>
    /// What keeps the borrowed objects alive (the fields hold the patterns, the steps the
    /// literal replacements), and the filters and judges that are not borrowed.
    private let compiled: [CompiledField]
    private let byteSteps: [ByteStep]
    private let otherJudges: [TrialEvaluator]

    init(_ compiled: [CompiledField]) {
        var fields: [FieldPlan] = []
        var steps: [FieldStep] = []
        var trials: [FieldTrial] = []
        var byteSteps: [ByteStep] = []
        var otherJudges: [TrialEvaluator] = []
        var messages: [String] = []
        var types: [Unmanaged<CompiledType>] = []
        var missingValues: [[[UInt8]]] = []
        for field in compiled {
            let firstMessage = messages.count
            messages += RuleCatalog.ownRules(of: field).map(\.message)
            var type: Int?
            if let compiledType = field.type {
                type = types.count
                types.append(.passUnretained(compiledType))
            }
            // The usual missing value, the empty text, is told by the length alone.
            let others = field.missingValues.filter { !$0.isEmpty }
            var missing: Int?
            if !others.isEmpty {
                missing = missingValues.count
                missingValues.append(others)
            }
            let firstStep = steps.count
            for filter in field.filters {
                let step = ByteStep(filter)
                switch step {
                case .plain(let plain): steps.append(.plain(plain))
                case .replaceLiteral(let replacement):
                    steps.append(.replaceLiteral(Unmanaged.passUnretained(replacement)))
                case .bytes, .string: steps.append(.other(byteSteps.count))
                }
                byteSteps.append(step)  // keeps a borrowed replacement alive
            }
            let firstTrial = trials.count
            for (number, trial) in field.trials.enumerated() {
                switch field.byteTrials[number] {
                case .wholeMatch(let pattern)?:
                    trials.append(FieldTrial(kind: .wholeMatch(Unmanaged.passUnretained(pattern)), number: number))
                case .email(let pattern)?:
                    trials.append(FieldTrial(kind: .email(Unmanaged.passUnretained(pattern)), number: number))
                case nil:
                    trials.append(FieldTrial(kind: .other(otherJudges.count), number: number))
                    otherJudges.append(trial.judge)
                }
            }
            fields.append(
                FieldPlan(
                    steps: firstStep..<steps.count, trials: firstTrial..<trials.count, optional: field.optional,
                    firstMessage: firstMessage, type: type, missing: missing,
                    emptyIsMissing: field.missingValues.contains([]),
                    copiesValue: field.type?.normalizes == true
                        || (field.keyPart && [nil, .string, .any].contains(field.type?.kind)),
                    normalizes: field.type?.normalizes == true, keyPart: field.keyPart,
                    plainText: field.type.map { $0.isPlainText } ?? false))
        }
        self.fields = Self.buffer(fields)
        self.steps = Self.buffer(steps)
        self.trials = Self.buffer(trials)
        texts = FailureTexts(names: compiled.map(\.name), messages: messages)
        catalog = RuleCatalog(compiled)
        self.types = Self.buffer(types)
        self.missingValues = .allocate(capacity: missingValues.count)
        _ = self.missingValues.initialize(from: missingValues)
        self.compiled = compiled
        self.byteSteps = byteSteps
        self.otherJudges = otherJudges
    }

    deinit {
        fields.deallocate()
        steps.deallocate()
        trials.deallocate()
        texts.deallocate()
        types.deallocate()
        missingValues.deinitialize().deallocate()
    }

    /// Whether `value` is one of field `plan`'s missing values.
    @inline(__always)
    func isMissing(_ value: UnsafeBufferPointer<UInt8>, _ plan: FieldPlan) -> Bool {
        if value.isEmpty { return plan.emptyIsMissing }
        guard let missing = plan.missing else { return false }
        for text in missingValues[missing] where text.count == value.count {
            if text.withUnsafeBufferPointer({ $0.elementsEqual(value) }) { return true }
        }
        return false
    }

    /// A buffer of its own holding `values` (trivial values: nothing to deinitialize).
    static func buffer<T>(_ values: [T]) -> UnsafeBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: values.count)
        _ = buffer.initialize(from: values)
        return UnsafeBufferPointer(buffer)
    }

    /// Appends `input` run through filter `step` (a ``FieldStep/other(_:)``) to `output`.
    func applyOther(_ step: Int, utf8 input: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) throws {
        try byteSteps[step].apply(utf8: input, to: &output)
    }

    /// Whether the UTF-8 `value` passes judge `judge` (a ``FieldTrial/Kind/other(_:)``).
    func admitsOther(_ judge: Int, _ value: UnsafeBufferPointer<UInt8>) throws -> Bool {
        try otherJudges[judge](String(decoding: value, as: UTF8.self))
    }
}

/// One rule field's filters and trials, as ranges of ``FieldPlans/steps`` and
/// ``FieldPlans/trials``.
struct FieldPlan {
    let steps: Range<Int>
    let trials: Range<Int>
    /// Whether a missing or empty value passes (without trials).
    let optional: Bool
    /// The number of its message when its value is missing or empty (``FailureTexts``); its
    /// trials' messages follow, then its type's and its constraints'.
    let firstMessage: Int
    /// Its type, by its index in ``FieldPlans/types`` (nil: text).
    let type: Int?
    /// Its missing values but the empty text, by their index in ``FieldPlans/missingValues``.
    let missing: Int?
    /// Whether the empty text is a missing value (it is unless the rules' list leaves it out).
    let emptyIsMissing: Bool
    /// Whether its value is copied into ``FieldValues`` even without filters: its type writes
    /// a canonical form, or its text is a key (a unique field or part of the primary key
    /// whose value is text).
    let copiesValue: Bool
    /// Whether its type writes the value in canonical form (a rules file's typed filter).
    let normalizes: Bool
    /// Whether its value is part of a key (unique, or in the primary key).
    let keyPart: Bool
    /// Whether its type is text with nothing to check (a string or `any` field without a
    /// format or constraints): the value is not read as the type.
    let plainText: Bool

    /// Its `number`th trial (a rule's number is its message's: see ``RuleCatalog``).
    func trialRule(_ number: Int) -> Int { firstMessage + 1 + number }

    /// Its type (`trialCount`: its number of trials).
    func typeRule(trialCount: Int) -> Int { firstMessage + 1 + trialCount }

    /// Its `number`th constraint.
    func constraintRule(_ number: Int, trialCount: Int) -> Int { firstMessage + 2 + trialCount + number }

    /// Its rule that a value be there (not missing or empty).
    var requiredRule: Int { firstMessage }
}

/// A filter made ready for the byte path: the common filters as cases of their own, the
/// literal regex replacement borrowed, any other filter by its index in its ``FieldPlans``.
enum FieldStep {
    case plain(PlainByteStep)
    case replaceLiteral(Unmanaged<LiteralReplacement>)
    case other(Int)

    /// Appends the filtered value of `input` (valid UTF-8) to `output`, as ``ByteStep`` does
    /// (the same steps, without a `ByteStep` value, and its references, to copy per row).
    @inline(__always)
    func apply(utf8 input: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], plans: FieldPlans) throws {
        switch self {
        case .plain(let step): step.apply(utf8: input, to: &output)
        case .replaceLiteral(let replacement): try replacement.borrow { try $0.apply(utf8: input, to: &output) }
        case .other(let index): try plans.applyOther(index, utf8: input, to: &output)
        }
    }
}

/// A trial made ready for the byte path.
struct FieldTrial {
    enum Kind {
        /// A whole match of the pattern (`format`, SwiftCop's email), run on the value's bytes.
        case wholeMatch(Unmanaged<Pattern>)
        /// The tool's email rule with its pattern (``EmailRule``), run on the value's bytes.
        case email(Unmanaged<Pattern>)
        /// Any other judge (by its index in its ``FieldPlans``), given the value as a `String`.
        case other(Int)
    }

    let kind: Kind
    /// The trial's number among its field's trials (for its message).
    let number: Int

    /// Whether the UTF-8 `value` passes.
    ///
    /// - Throws: the judge's error (a ``PatternError`` for a limit).
    @inline(__always)
    func admits(_ value: UnsafeBufferPointer<UInt8>, plans: FieldPlans) throws -> Bool {
        switch kind {
        case .wholeMatch(let pattern):
            return try pattern.borrow { try $0.firstMatchRange(in: value, whole: true, validUTF8: true) != nil }
        case .email(let pattern):
            return try pattern.borrow { try EmailRule.admits(value, pattern: $0) }
        case .other(let judge):
            return try plans.admitsOther(judge, value)
        }
    }
}
