package import FastCop
import Foundation

/// Makes the runnable filters and trials for the names in a rules file: this is the one place
/// that knows which FastCop type does each job.
///
/// Filters are SwiftFilter's (FastCop's `TrimFilter`, `CharCaseFilter`, `ReplaceFilter`,
/// `RegexReplaceFilter`, …); trials are SwiftCop's `Trial`, prepared once with
/// `makeEvaluator()` so that every pattern is compiled before any row is read.
package enum RuleFactory {
    /// The filter for `spec`, ready to use.
    ///
    /// - Throws: ``PatternError`` for a broken pattern or replacement template.
    static func filter(_ spec: FilterSpec) throws -> any FilterType {
        switch spec {
        case .trim:
            return TrimFilter()
        case .lowercase:
            return CharCaseFilter(.lowercase)
        case .uppercase:
            return CharCaseFilter(.uppercase)
        case .ucfirst:
            return CharCaseFilter(.ucfirst)
        case .ucwords:
            return CharCaseFilter(.ucwords)
        case .replace(let search, let replacement):
            return ReplaceFilter(.replaceString(searchStr: search, replacementStr: replacement))
        case .regexReplace(let pattern, let replacement, let caseInsensitive):
            let filter = RegexReplaceFilter(
                pattern: pattern, replacement: replacement, options: caseInsensitive ? .caseInsensitive : [])
            try filter.prepare()  // a broken pattern or template is reported now, with its place
            return filter
        case .nfc:
            return UnicodeNormalizationFilter(.nfc)
        case .nfkc:
            return UnicodeNormalizationFilter(.nfkc)
        case .collapseWhitespace:
            return CollapseWhitespaceFilter()
        case .stripInvisible:
            return StripInvisiblesFilter()
        case .digitsOnly:
            return DigitsOnlyFilter()
        }
    }

    /// The prepared judge for `spec`.
    ///
    /// - Throws: ``PatternError`` for a broken pattern.
    package static func trial(_ spec: TrialSpec, patternOptions: Pattern.Options = []) throws -> TrialEvaluator {
        // `email`, `{"email": "swiftcop"}` and `format`: the judge the byte path also uses (a
        // whole match, as Trial.format and Trial.email judge, and the email rule's checks).
        if let byteTrial = try byteTrial(spec, patternOptions: patternOptions) {
            return byteTrial.judge
        }
        switch spec {
        case .email, .swiftCopEmail, .format:
            preconditionFailure("whole-match trials are judged above")
        case .length(.exactly(let count)):
            return try Trial.length(.is, count).makeEvaluator()
        case .length(.minimum(let count)):
            return try Trial.length(.minimum, count).makeEvaluator()
        case .length(.maximum(let count)):
            return try Trial.length(.maximum, count).makeEvaluator()
        case .length(.between(let range)):
            return try Trial.length(.in, range).makeEvaluator()
        case .inclusion(let elements):
            return try Trial.inclusion(elements).makeEvaluator()
        case .exclusion(let elements):
            return try Trial.exclusion(elements).makeEvaluator()
        case .oneOf(let elements):
            // The tool's own: exact membership (SwiftCop's inclusion is a substring test).
            let members = Set(elements)
            return { members.contains($0) }
        }
    }
}
