/// A trial prepared for a batch's chunk loops: FastCop's own trials are judged in place (a
/// whole match runs the compiled code through ``ChunkMatcher``; a length rule counts), any
/// other trial through its evaluator.
///
/// The user's loop calls the evaluator closure per input, and the closure calls
/// `Pattern.hasWholeMatch(in:)`; judged in place, the batch does neither. Answers and errors
/// are the evaluator's: the same pattern from ``PatternCache/shared``, the same limits, and a
/// limit thrown as the ``PatternError`` naming the pattern.
///
/// @unchecked Sendable: `code` is unmanaged but kept alive by `pattern` (a pattern never
/// drops a compiled form), and every other stored value is `Sendable`.
struct BatchJudge: @unchecked Sendable {
    private enum Kind {
        /// A whole match of `pattern` (``Trial/email``, ``Trial/format(_:)``).
        case wholeMatch(Unmanaged<CompiledCode>)
        /// ``Trial/length(_:_:)``.
        case length(LengthRule)
        /// Anything else.
        case evaluator(TrialEvaluator)
    }

    private let kind: Kind
    private let pattern: Pattern?

    /// Prepares `trial`: compiles (or finds in the shared cache) its pattern.
    ///
    /// - Throws: the trial's setup error (a broken pattern), as ``ExplainingTrial/makeEvaluator()``.
    init(_ trial: some ExplainingTrial) throws {
        switch trial as? Trial {
        case .email?:
            try self.init(wholeMatch: Trial.wholeMatchPattern(Pattern.emailSource, from: nil))
        case .format(let source)?:
            try self.init(wholeMatch: Trial.wholeMatchPattern(source, from: nil))
        case .length(let length, let payload)?:
            self.init(kind: .length(LengthRule(length, payload)), pattern: nil)
        default:
            self.init(kind: .evaluator(try trial.makeEvaluator()), pattern: nil)
        }
    }

    private init(wholeMatch pattern: Pattern) throws {
        self.init(kind: .wholeMatch(Unmanaged.passUnretained(try pattern.wholeCode)), pattern: pattern)
    }

    private init(kind: Kind, pattern: Pattern?) {
        self.kind = kind
        self.pattern = pattern
    }

    /// Whether `evidence` passes, judged with the thread's `scratch`.
    ///
    /// - Throws: what the evaluator would throw: a ``PatternError`` when a match reaches a limit.
    @inline(__always)
    func judge(_ evidence: String, scratch: MatchScratch) throws -> Bool {
        switch kind {
        case .wholeMatch(let code):
            do {
                return try code.borrow { code in
                    try ChunkMatcher.test(evidence, code: code, scratch: scratch)
                }
            } catch let failure as EngineFailure {
                throw PatternError(failure, pattern: pattern?.source ?? "")
            }
        case .length(let rule):
            return rule.admits(evidence)
        case .evaluator(let evaluate):
            return try evaluate(evidence)
        }
    }

    /// ``judge(_:scratch:)`` with an undecided input failing: the batch's fail-closed answer.
    @inline(__always)
    func passes(_ evidence: String, scratch: MatchScratch) -> Bool {
        (try? judge(evidence, scratch: scratch)) ?? false
    }
}
