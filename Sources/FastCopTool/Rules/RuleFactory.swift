import FastCop
import Foundation

/// Makes the runnable filters and trials for the names in a rules file.
///
/// This is the one place that knows which FastCop type does each job.
enum RuleFactory {
    /// The filter for `spec`.
    ///
    /// - Throws: ``PatternError`` for a broken pattern or replacement template.
    static func filter(_ spec: FilterSpec) throws -> any ValueFilter {
        switch spec {
        case .trim:
            return ClosureValueFilter { value in
                NativeText.hasNothingToTrim(value) ? value : value.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        case .lowercase:
            return ClosureValueFilter { value in value.isEmpty ? nil : value.lowercased() }
        case .uppercase:
            return ClosureValueFilter { value in value.isEmpty ? nil : value.uppercased() }
        case .ucfirst:
            return ClosureValueFilter { value in
                guard let first = value.first else { return nil }
                return first.uppercased() + value.dropFirst().lowercased()
            }
        case .ucwords:
            return ClosureValueFilter { value in value.isEmpty ? nil : value.capitalized }
        case .replace(let search, let replacement):
            return ClosureValueFilter { value in
                search.isEmpty ? value : value.replacingOccurrences(of: search, with: replacement)
            }
        case .regexReplace(let source, let template, let caseInsensitive):
            let pattern = try PatternCache.shared.pattern(source, options: caseInsensitive ? .caseInsensitive : [])
            _ = try pattern.replacing(in: "", with: template)  // checks the template now
            return ClosureValueFilter { value in try pattern.replacing(in: value, with: template) }
        case .nfc:
            return ClosureValueFilter { value in NativeText.isASCII(value) ? value : value.precomposedStringWithCanonicalMapping }
        case .nfkc:
            return ClosureValueFilter { value in
                NativeText.isASCII(value) ? value : value.precomposedStringWithCompatibilityMapping
            }
        case .collapseWhitespace:
            let runs = try PatternCache.shared.pattern(#"\s+"#)
            return ClosureValueFilter { value in
                try runs.replacing(in: value, withLiteral: " ").trimmingCharacters(in: .whitespacesAndNewlines)
            }
        case .stripInvisible:
            let invisible = try PatternCache.shared.pattern(#"[\p{Cf}\x{034F}\x{115F}\x{1160}\x{3164}\x{FFA0}]"#)
            return ClosureValueFilter { value in
                NativeText.isASCII(value) ? value : try invisible.replacing(in: value, withLiteral: "")
            }
        case .digitsOnly:
            return ClosureValueFilter { value in String(String.UnicodeScalarView(value.unicodeScalars.filter { $0.value >= 48 && $0.value <= 57 })) }
        }
    }

    /// The trial for `spec`.
    ///
    /// - Throws: ``PatternError`` for a broken pattern.
    static func trial(_ spec: TrialSpec) throws -> any ValueTrial {
        switch spec {
        case .email:
            let pattern = try PatternCache.shared.pattern(Pattern.emailSource, wholeMatch: true)
            return ClosureValueTrial { try pattern.hasWholeMatch(in: $0) }
        case .format(let source):
            let pattern = try PatternCache.shared.pattern(source, wholeMatch: true)
            return ClosureValueTrial { try pattern.hasWholeMatch(in: $0) }
        case .length(let length):
            switch length {
            case .exactly(let count): return ClosureValueTrial { $0.count == count }
            case .minimum(let count): return ClosureValueTrial { $0.count >= count }
            case .maximum(let count): return ClosureValueTrial { $0.count <= count }
            case .between(let range): return ClosureValueTrial { range.contains($0.count) }
            }
        case .inclusion(let elements):
            return ClosureValueTrial { value in elements.contains { !$0.isEmpty && value.range(of: $0) != nil } }
        case .exclusion(let elements):
            return ClosureValueTrial { value in !elements.contains { !$0.isEmpty && value.range(of: $0) != nil } }
        case .oneOf(let elements):
            let set = Set(elements)
            return ClosureValueTrial { set.contains($0) }
        }
    }
}

/// Fast checks that let filters skip work on plain ASCII values.
enum NativeText {
    /// True when the value is all ASCII.
    static func isASCII(_ value: String) -> Bool {
        value.utf8.allSatisfy { $0 < 0x80 }
    }

    /// True when the first and last bytes are printable ASCII other than space, so there is
    /// no whitespace or newline to trim.
    static func hasNothingToTrim(_ value: String) -> Bool {
        guard let first = value.utf8.first, let last = value.utf8.last else { return true }
        return first > 0x20 && first < 0x7F && last > 0x20 && last < 0x7F
    }
}
