import FastCop

extension RuleFactory {
    /// The pattern that `spec`'s trial matches whole, for its judge (``trial(_:patternOptions:)``)
    /// and the row pipeline's byte path alike; nil for trials that are not a whole match of a
    /// pattern. Taken from `PatternCache.shared` with a whole match, as `Trial.format` and
    /// `Trial.email` take theirs.
    ///
    /// - Throws: ``PatternError`` for a broken pattern.
    static func wholeMatchPattern(_ spec: TrialSpec, patternOptions: Pattern.Options = []) throws -> Pattern? {
        switch spec {
        // The tool's `email` is the modern pattern, for real data; `{"email": "swiftcop"}` is
        // SwiftCop's, which `Trial.email` keeps.
        case .email: return try PatternCache.shared.pattern(Pattern.modernEmailSource, wholeMatch: true)
        case .swiftCopEmail: return try PatternCache.shared.pattern(Pattern.emailSource, wholeMatch: true)
        case .format(let source):
            return try PatternCache.shared.pattern(source, options: patternOptions, wholeMatch: true)
        default: return nil
        }
    }
}
