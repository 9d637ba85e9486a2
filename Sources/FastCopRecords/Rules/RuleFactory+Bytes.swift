package import FastCop

/// A trial the row pipeline runs on a value's UTF-8 bytes, without making a `String` of it.
package enum ByteTrial: Sendable {
    /// A whole match of the pattern (`format`, `{"email": "swiftcop"}`).
    case wholeMatch(Pattern)
    /// The tool's email rule: a whole match of ``Pattern/modernEmailSource``, then
    /// ``EmailRule``'s checks.
    case email(Pattern)

    /// The same judge for a `String` (the library's trials' way).
    var judge: TrialEvaluator {
        switch self {
        case .wholeMatch(let pattern):
            return { try pattern.hasWholeMatch(in: $0) }
        case .email(let pattern):
            return { value in
                var value = value
                return try value.withUTF8 { try EmailRule.admits($0, pattern: pattern) }
            }
        }
    }
}

extension RuleFactory {
    /// The byte judge of `spec`, for its judge (``trial(_:patternOptions:)``) and the row
    /// pipeline's byte path alike; nil for trials that are not a pattern's. Patterns are taken
    /// from `PatternCache.shared` with a whole match, as `Trial.format` and `Trial.email` take
    /// theirs.
    ///
    /// - Throws: ``PatternError`` for a broken pattern.
    static func byteTrial(_ spec: TrialSpec, patternOptions: Pattern.Options = []) throws -> ByteTrial? {
        switch spec {
        // The tool's `email` is the modern rule, for real data; `{"email": "swiftcop"}` is
        // SwiftCop's pattern, which `Trial.email` keeps.
        case .email: return .email(try PatternCache.shared.pattern(Pattern.modernEmailSource, wholeMatch: true))
        case .swiftCopEmail: return .wholeMatch(try PatternCache.shared.pattern(Pattern.emailSource, wholeMatch: true))
        case .format(let source):
            return .wholeMatch(try PatternCache.shared.pattern(source, options: patternOptions, wholeMatch: true))
        default: return nil
        }
    }
}
