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
    /// Whether a missing value (empty, or one of the rules' missing values) is accepted (then
    /// the trials, the type and the constraints are skipped).
    let optional: Bool
    /// The message for any failure of this field.
    let message: String?
    /// The type its value is read as, after the filters and trials (nil: text).
    var type: TypeRule? = nil
    /// Checks of the typed value (or of the text, for `minLength`, `maxLength` and `pattern`).
    var constraints: [(spec: ConstraintSpec, message: String?, place: RulePlace)] = []
    /// Whether no two rows may have the same value (missing values excepted).
    var unique = false
    /// The field's own missing values (Table Schema v2), in place of the table's.
    var missingValues: [String]? = nil
}

/// A field's type in the rules: how its value is read, and whether a clean row is written with
/// the value in the type's canonical form (a rules file's typed filter).
package struct TypeRule: Sendable {
    let type: FieldType
    let place: RulePlace
    /// Whether the clean row gets the canonical form (`2026-03-04`, `1234.56`, `true`).
    let normalizes: Bool
    /// The message when the value is not of the type, if the rules give one.
    var message: String? = nil
}

/// A check of a field's value beyond its type: Table Schema's `constraints`, and the rules
/// file's `range`.
package enum ConstraintSpec: Sendable {
    /// The value is at least (at most) this one, read as the field's type.
    case minimum(JSONNode)
    case maximum(JSONNode)
    /// The value is above (below) this one (Table Schema v2).
    case exclusiveMinimum(JSONNode)
    case exclusiveMaximum(JSONNode)
    /// The value has at least (at most) this many characters (Unicode scalars, as
    /// frictionless-py counts them).
    case minLength(Int)
    case maxLength(Int)
    /// The whole text matches the pattern.
    case pattern(String)
    /// The value equals one of these, read as the field's type.
    case enumeration([JSONNode])

    /// Table Schema's name of the constraint.
    var name: String {
        switch self {
        case .minimum: return "minimum"
        case .maximum: return "maximum"
        case .exclusiveMinimum: return "exclusiveMinimum"
        case .exclusiveMaximum: return "exclusiveMaximum"
        case .minLength: return "minLength"
        case .maxLength: return "maxLength"
        case .pattern: return "pattern"
        case .enumeration: return "enum"
        }
    }
}

/// Which file the rules came from: their failures are worded in its terms.
package enum RulesVocabulary: Sendable {
    /// A FastCop rules file.
    case rules
    /// A Frictionless Table Schema: type, constraint and unique errors in its words.
    case tableSchema
}

/// A whole rules file.
package struct RuleSpec: Sendable {
    /// The fields, in the order the file lists them.
    let fields: [FieldSpec]
    /// The fields whose values together may not repeat (each present), in order; empty: none.
    var primaryKey: [String] = []
    /// The texts that stand for a missing value (Table Schema's `missingValues`; `[""]`).
    var missingValues: [String] = [""]
    var vocabulary: RulesVocabulary = .rules
    /// How a Table Schema's fields meet the data's columns (nil: a rules file's way, by name,
    /// the columns it does not name left as they are).
    var fieldsMatch: FieldsMatch? = nil
}

/// How a Table Schema's fields meet the data's columns (Table Schema v2's `fieldsMatch`; the
/// default is `exact`). FastCop always finds a field's column by its name.
package enum FieldsMatch: String, Sendable, CaseIterable {
    /// The columns are the fields, in the same order.
    case exact
    /// The columns are the fields, in any order.
    case equal
    /// Every field is a column; the data may have more columns.
    case subset
    /// Every column is a field; a field the data lacks is fine unless required or in the key.
    case superset
    /// The data may have more columns and lack fields that are neither required nor in the key.
    case partial
}
