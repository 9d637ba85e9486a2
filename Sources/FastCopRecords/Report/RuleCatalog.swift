/// Every rule a run can report a failure of, numbered: each failure of a row names its rule by
/// number (``FieldFailure/rule``), and the report counts and samples failures by rule.
///
/// The numbers: first the rules that have a message of their own in the rules, numbered as
/// their messages (``FailureTexts``): for each field, a value being there (`required`), its
/// trials, its type and its constraints. Then, for each field, the rules whose messages are
/// made per row: a value that cannot be judged or written (`value`), a filter that could not
/// run (`filter`), `unique` and `primaryKey`. Last, the two rules of a whole row: `blank row`
/// and `malformed`.
package struct RuleCatalog: Sendable {
    /// One rule: the field it belongs to (nil for a whole row's) and what it is.
    package struct Rule: Sendable, Equatable {
        package let field: Int?
        package let label: RuleLabel
        /// Whether a row can fail it (not so for `required` on an optional field).
        package var canFail = true
    }

    /// All the rules, by number.
    package let rules: [Rule]
    /// The fields' names, by index.
    package let fieldNames: [String]
    /// The number of the first per-row rule (the count of rules with their own message).
    private let perRowBase: Int

    /// The rules of each kind made per row, in their order among a field's.
    private static let perRowKinds = ["value", "filter", "unique", "primaryKey"]

    /// The catalog of `fields`' rules.
    package init(_ fields: [CompiledField]) {
        var rules: [Rule] = []
        for (index, field) in fields.enumerated() {
            rules += Self.ownRules(of: field).enumerated().map { number, rule in
                Rule(field: index, label: rule.label, canFail: number > 0 || !field.optional)
            }
        }
        perRowBase = rules.count
        let fieldNames = fields.map(\.name)
        for field in fieldNames.indices {
            for kind in Self.perRowKinds { rules.append(Rule(field: field, label: RuleLabel(kind: kind))) }
        }
        rules.append(Rule(field: nil, label: RuleLabel(kind: "blank row")))
        rules.append(Rule(field: nil, label: RuleLabel(kind: "malformed")))
        self.rules = rules
        self.fieldNames = fieldNames
    }

    /// A field's rules that have a message of their own, in the order of their numbers (and of
    /// their messages in ``FailureTexts``): its value being there, its trials, its type, its
    /// constraints.
    static func ownRules(of field: CompiledField) -> [(label: RuleLabel, message: String)] {
        var rules = [(RuleLabel(kind: "required"), field.requiredMessage)]
        for (number, trial) in field.trials.enumerated() {
            let label =
                number < field.trialLabels.count ? field.trialLabels[number] : RuleLabel(kind: "trial \(number + 1)")
            rules.append((label, trial.message))
        }
        guard field.type != nil else { return rules }
        rules.append((field.typeLabel, field.typeMessage))
        for (number, message) in field.constraintMessages.enumerated() {
            let label =
                number < field.constraintLabels.count
                ? field.constraintLabels[number] : RuleLabel(kind: "constraint \(number + 1)")
            rules.append((label, message))
        }
        return rules
    }

    /// The rule of `field`'s value when it cannot be judged (a JSON object) or written.
    func valueRule(_ field: Int) -> Int { perRowBase + field * Self.perRowKinds.count }
    /// The rule of `field`'s filters running at all.
    func filterRule(_ field: Int) -> Int { valueRule(field) + 1 }
    /// `field` being unique.
    func uniqueRule(_ field: Int) -> Int { valueRule(field) + 2 }
    /// The primary key that starts with `field` being unique and present.
    func primaryKeyRule(_ field: Int) -> Int { valueRule(field) + 3 }
    /// A whole row's values all missing (a Table Schema's blank row).
    var blankRowRule: Int { perRowBase + fieldNames.count * Self.perRowKinds.count }
    /// A row that could not be read (malformed, invalid UTF-8).
    var malformedRule: Int { blankRowRule + 1 }

    /// Whether rule `rule` is one of the rules' own (with its own message), not one made per row.
    package func hasOwnMessage(_ rule: Int) -> Bool { rule < perRowBase }

    /// The number of rules.
    package var count: Int { rules.count }

    /// `email: format ^…$` or `malformed`: the rule's field and label, for people.
    package func name(_ rule: Int) -> String {
        let entry = rules[rule]
        guard let field = entry.field else { return entry.label.text }
        return "\(fieldNames[field]): \(entry.label.text)"
    }
}
