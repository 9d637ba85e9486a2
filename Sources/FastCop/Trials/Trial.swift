/// SwiftCop's built-in trials, running on FastCop's PCRE2 engine.
///
/// Mirrors SwiftCop's `Trial` enum case for case, so code written for SwiftCop 1.1.0 compiles
/// and behaves the same with `import FastCop`:
///
/// ```swift
/// let hex = Trial.format("^#([a-f0-9]{6}|[a-f0-9]{3})$").trial()
/// hex("#57b5b5")   // true
/// hex("57b5b5")    // false
/// ```
///
/// ``format(_:)`` and ``email`` are whole-string matches, as SwiftCop's
/// `NSPredicate(format: "SELF MATCHES %@")`: the pattern must consume the entire evidence.
/// Their patterns are compiled once, JIT-compiled, and kept in ``PatternCache/shared``, so
/// `Trial.format(p).trial()` in a loop compiles `p` once.
///
/// Beyond the original, a trial is `Sendable`, combines with `&&`, `||` and `!`, and says why
/// it rejects through ``ExplainingTrial/evaluate(_:)``: a broken pattern (SwiftCop crashes with
/// an Objective-C exception) rejects every input and its compile error is reachable; a pattern
/// that reaches the match limit rejects the input instead of hanging.
public enum Trial: ExplainingTrial {
    /// Passes when the evidence contains none of the strings.
    ///
    /// A case-sensitive substring test with Foundation's `range(of:)` semantics: canonically
    /// equivalent text matches ("café" with a precomposed é contains "e\u{301}"), and an empty
    /// string is never found, so `.exclusion([""])` passes everything.
    case exclusion([String])
    /// Passes when the whole evidence matches the regular expression.
    ///
    /// As `NSPredicate`'s `MATCHES`: `^` and `$` are allowed but not needed, `a|ab` accepts
    /// "ab", and a trailing "\n" is not accepted. The syntax is PCRE2's (Perl-compatible),
    /// close to ICU's for everyday patterns; FastCop's default ``Pattern/Options`` apply
    /// (Unicode-aware `\w`, `\d`, `\s`).
    case format(String)
    /// Passes when the evidence contains at least one of the strings.
    ///
    /// The same substring test as ``exclusion(_:)``: `.inclusion([])` and `.inclusion([""])`
    /// reject everything.
    case inclusion([String])
    /// Passes when the whole evidence matches SwiftCop's email pattern, ``Pattern/emailSource``:
    /// `[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}`.
    ///
    /// Kept for compatibility with SwiftCop: it rejects "curator@louvre.museum" and
    /// "ada@bücher.de" and accepts "a..b@example..com". For new code use ``modernEmail``.
    case email
    /// Passes when the evidence's `Character` count satisfies the rule.
    ///
    /// The payload is an `Int` for ``Length/is``, ``Length/minimum`` and ``Length/maximum``, a
    /// `Range<Int>` or `ClosedRange<Int>` for ``Length/in``. Any other payload (a one-sided
    /// range such as `3...` or `...100`, a `Double`, a `UInt`, a range for `.minimum`, a number
    /// for `.in`) gives a trial that rejects every input, as in SwiftCop; FastCop says so:
    /// ``ExplainingTrial/check()``, ``ExplainingTrial/evaluate(_:)`` and
    /// ``makeEvaluator()`` throw a ``LengthPayloadError`` naming the payload and the fix. For a
    /// one-sided range write ``length(in:)-(PartialRangeFrom<Int>)`` (`Trial.length(in: 3...)`).
    // `indirect` boxes this payload: an `any Sendable` held inline would make every Trial
    // value address-only, copied through the enum's value witnesses (slow in a loop of
    // `Trial.format(p).trial()`); boxed, a Trial is one or two words.
    indirect case length(Length, any Sendable)
    /// Passes every input.
    case beTrue
    /// Rejects every input.
    case beFalse
}

extension Trial {
    /// Prepares the trial: fetches (compiling at most once) the pattern of ``format(_:)`` and
    /// ``email`` from ``PatternCache/shared``, and decodes the ``length(_:_:)`` payload.
    ///
    /// - Throws: the ``PatternError`` of a broken ``format(_:)`` pattern (kind
    ///   ``PatternError/Kind/compile``, with a caret under the offending character); the
    ///   ``LengthPayloadError`` of a ``length(_:_:)`` payload that rejects every input.
    /// - Returns: a judge whose calls throw only when a match reaches a limit.
    public func makeEvaluator() throws -> TrialEvaluator {
        try makeEvaluator(using: nil)
    }

    /// ``makeEvaluator()`` with patterns taken from `cache` (``PatternCache/shared`` if nil).
    func makeEvaluator(using cache: PatternCache?) throws -> TrialEvaluator {
        switch self {
        case .exclusion(let elements):
            let search = SubstringSearch(elements)
            return { !search.isAnyFound(in: $0) }
        case .inclusion(let elements):
            let search = SubstringSearch(elements)
            return { search.isAnyFound(in: $0) }
        case .format(let source):
            let pattern = try Trial.wholeMatchPattern(source, from: cache)
            return { try pattern.hasWholeMatch(in: $0) }
        case .email:
            let pattern = try Trial.wholeMatchPattern(Pattern.emailSource, from: cache)
            return { try pattern.hasWholeMatch(in: $0) }
        case .length(let kind, let payload):
            let rule = try LengthRule(checking: kind, payload)
            return { rule.admits($0) }
        case .beTrue:
            return { _ in true }
        case .beFalse:
            return { _ in false }
        }
    }

    /// The SwiftCop predicate: `true` when the evidence passes.
    ///
    /// Mirrors SwiftCop's `Trial.trial()`. The pattern of ``format(_:)`` and ``email`` is
    /// fetched from the cache here, once, not per evidence. Fails closed: a broken pattern
    /// gives a closure that rejects everything, and an input that makes the match reach its
    /// limit is rejected. ``ExplainingTrial/evaluate(_:)`` tells why.
    public func trial() -> ((_ evidence: String) -> Bool) {
        trial(using: nil)
    }

    /// ``trial()`` with patterns taken from `cache` (``PatternCache/shared`` if nil).
    func trial(using cache: PatternCache?) -> ((_ evidence: String) -> Bool) {
        switch self {
        case .format(let source):
            return Trial.wholeMatchTrial(source, from: cache)
        case .email:
            return Trial.wholeMatchTrial(Pattern.emailSource, from: cache)
        case .exclusion, .inclusion, .length, .beTrue, .beFalse:
            // These never throw: unwrap the evaluator's answer.
            guard let evaluator = try? makeEvaluator(using: cache) else { return { _ in false } }
            return { (try? evaluator($0)) ?? false }
        }
    }

    /// The predicate of ``format(_:)`` and ``email``: a whole match of `source`, taken from
    /// `cache` or, if nil, from ``PatternCache/shared``.
    private static func wholeMatchTrial(_ source: String, from cache: PatternCache?) -> ((_ evidence: String) -> Bool) {
        guard let pattern = try? wholeMatchPattern(source, from: cache) else { return { _ in false } }
        // `hasWholeMatch(in:)`'s body, inlined here: two calls less per evidence.
        return { evidence in
            (try? UTF8Access.with(evidence) { try pattern.test(utf8: $0, whole: true) }) ?? false
        }
    }

    /// The pattern of ``format(_:)`` or ``email``, from `cache` or, if nil, from
    /// ``PatternCache/shared`` (read without a lazy-initialization check or a retain).
    @inline(__always)
    static func wholeMatchPattern(_ source: String, from cache: PatternCache?) throws -> Pattern {
        if let cache { return try cache.pattern(source, wholeMatch: true) }
        return try PatternCache.withShared { try $0.pattern(source, wholeMatch: true) }
    }
}
