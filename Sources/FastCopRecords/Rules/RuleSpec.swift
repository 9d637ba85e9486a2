/// A filter named in the rules file.
package enum FilterSpec: Sendable, Equatable {
    /// Removes whitespace and newlines at both ends (SwiftFilter's `TrimFilter`).
    case trim
    /// SwiftFilter's `CharCaseFilter` modes.
    case lowercase
    case uppercase
    case ucfirst
    case ucwords
    /// Replaces every occurrence of a literal string (SwiftFilter's `ReplaceFilter`).
    case replace(search: String, replacement: String)
    /// Replaces every match of a pattern with a template (`$1`, `${name}`), SwiftFilter's
    /// `RegexReplaceFilter`.
    case regexReplace(pattern: String, replacement: String, caseInsensitive: Bool)
    /// Unicode normalization forms C and KC.
    case nfc
    case nfkc
    /// Runs of whitespace become one space (combine with ``trim`` for the ends).
    case collapseWhitespace
    /// Removes invisible characters (zero-width spaces and joiners, soft hyphens, BOMs, …).
    case stripInvisible
    /// Keeps only the digits 0-9.
    case digitsOnly

    /// The names accepted as a bare string in the rules file.
    static let bareNames: [String: FilterSpec] = [
        "trim": .trim, "lowercase": .lowercase, "uppercase": .uppercase, "ucfirst": .ucfirst,
        "ucwords": .ucwords, "nfc": .nfc, "nfkc": .nfkc, "collapseWhitespace": .collapseWhitespace,
        "stripInvisible": .stripInvisible, "digitsOnly": .digitsOnly,
    ]
    /// The names that take parameters (`{"replace": {…}}`).
    static let parameterNames = ["replace", "regexReplace"]
}

/// How a length trial counts (in Characters, as SwiftCop's `Trial.length`).
package enum LengthSpec: Sendable, Equatable {
    case exactly(Int)
    case minimum(Int)
    case maximum(Int)
    case between(ClosedRange<Int>)
}

/// A trial named in the rules file.
package enum TrialSpec: Sendable, Equatable {
    /// The tool's modern email pattern, whole value (``Pattern/modernEmailSource``).
    case email
    /// SwiftCop's email pattern, whole value (`{"email": "swiftcop"}`; SwiftCop's `Trial.email`).
    case swiftCopEmail
    /// The whole value matches the pattern (SwiftCop's `Trial.format`).
    case format(String)
    /// The value's length (SwiftCop's `Trial.length`).
    case length(LengthSpec)
    /// The value contains one of the strings (SwiftCop's `Trial.inclusion`).
    case inclusion([String])
    /// The value contains none of the strings (SwiftCop's `Trial.exclusion`).
    case exclusion([String])
    /// The value equals one of the strings (the tool's own).
    case oneOf([String])

    /// The message used when the rules give none.
    var defaultMessage: String {
        switch self {
        case .email, .swiftCopEmail: return "invalid email"
        case .format(let pattern): return "does not match \(pattern)"
        case .length(.exactly(let count)): return "length must be \(count)"
        case .length(.minimum(let count)): return "length must be at least \(count)"
        case .length(.maximum(let count)): return "length must be at most \(count)"
        case .length(.between(let range)):
            return "length must be between \(range.lowerBound) and \(range.upperBound)"
        case .inclusion(let values): return "contains none of \(values.joined(separator: ", "))"
        case .exclusion(let values): return "contains one of \(values.joined(separator: ", "))"
        case .oneOf(let values): return "is not one of \(values.joined(separator: ", "))"
        }
    }
}

/// Where something is in the rules file: its path (`fields.phone.trials[0]`) and byte offset.
package struct RulePlace: Sendable {
    let path: String
    let offset: Int
}

/// The rules for one field.
package struct FieldSpec: Sendable {
    /// The column (CSV), key (JSON Lines) or `line` (plain lines).
    let name: String
    /// Filters, applied in order.
    let filters: [(spec: FilterSpec, place: RulePlace)]
    /// Trials, all of which must pass, with their own message if the rules give one.
    let trials: [(spec: TrialSpec, message: String?, place: RulePlace)]
    /// Whether a missing or empty value is accepted (then the trials are skipped).
    let optional: Bool
    /// The message for any failure of this field.
    let message: String?
}

/// A whole rules file.
package struct RuleSpec: Sendable {
    /// The fields, in the order the file lists them.
    let fields: [FieldSpec]
}
