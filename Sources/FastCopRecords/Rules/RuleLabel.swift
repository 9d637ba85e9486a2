/// What one rule of a field is, for reports: its kind (`format`, `type`, `minimum`,
/// `required`), what it asks for (`^[0-9]+$`, `integer`, `0`), and where the rules file or
/// schema says it (`fields.phone.trials[0]`).
package struct RuleLabel: Sendable, Equatable {
    /// The rule's kind, as the rules file or schema names it.
    package let kind: String
    /// What it asks for, as written there (empty when the kind says it all).
    package let detail: String
    /// Its place in the rules file or schema (nil when it has none of its own, as `required`).
    package let place: String?

    package init(kind: String, detail: String = "", place: String? = nil) {
        self.kind = kind
        self.detail = detail
        self.place = place
    }

    /// `format ^[0-9]+$`, `type integer`, `required`.
    package var text: String { detail.isEmpty ? kind : "\(kind) \(detail)" }
}

extension TrialSpec {
    /// The trial's label, without its place.
    var label: RuleLabel {
        switch self {
        case .email: RuleLabel(kind: "email")
        case .swiftCopEmail: RuleLabel(kind: "email", detail: "SwiftCop's pattern")
        case .format(let pattern): RuleLabel(kind: "format", detail: pattern)
        case .length(.exactly(let count)): RuleLabel(kind: "length", detail: "\(count)")
        case .length(.minimum(let count)): RuleLabel(kind: "length", detail: "at least \(count)")
        case .length(.maximum(let count)): RuleLabel(kind: "length", detail: "at most \(count)")
        case .length(.between(let range)):
            RuleLabel(kind: "length", detail: "\(range.lowerBound)...\(range.upperBound)")
        case .inclusion(let values): RuleLabel(kind: "inclusion", detail: values.joined(separator: ", "))
        case .exclusion(let values): RuleLabel(kind: "exclusion", detail: values.joined(separator: ", "))
        case .oneOf(let values): RuleLabel(kind: "oneOf", detail: values.joined(separator: ", "))
        }
    }
}

extension RuleLabel {
    /// `label` at `place`.
    init(_ label: RuleLabel, at place: RulePlace) {
        self.init(kind: label.kind, detail: label.detail, place: place.path)
    }
}
