import FastCop

extension RuleFactory {
    /// The pattern that `spec`'s trial matches whole (the same one its judge uses), for the
    /// row pipeline's byte path; nil for trials that are not a whole match of a pattern.
    ///
    /// - Throws: ``PatternError`` for a broken pattern (``trial(_:)`` reports it first).
    static func wholeMatchPattern(_ spec: TrialSpec, patternOptions: Pattern.Options = []) throws -> Pattern? {
        switch spec {
        // The same sources as trial(_:): the tool's `email` is the modern pattern, and
        // `{"email": "swiftcop"}` SwiftCop's.
        case .email: return try PatternCache.shared.pattern(Pattern.modernEmailSource, wholeMatch: true)
        case .swiftCopEmail: return try PatternCache.shared.pattern(Pattern.emailSource, wholeMatch: true)
        case .format(let source):
            return try PatternCache.shared.pattern(source, options: patternOptions, wholeMatch: true)
        default: return nil
        }
    }
}
