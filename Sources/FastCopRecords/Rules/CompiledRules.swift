package import FastCop

/// One field's rules, ready to run on many rows at once (every part is `Sendable`).
package struct CompiledField: Sendable {
    /// The field's name (column, key or `line`).
    package let name: String
    /// Filters, applied in order (SwiftFilter's, through their typed `apply(to:)`).
    let filters: [any FilterType]
    /// Trials (prepared SwiftCop trials), each with the message its failure gives.
    let trials: [(judge: TrialEvaluator, message: String)]
    /// For each trial, its byte judge when it is a pattern's (`email`, `format`): the row
    /// pipeline runs it on the value's bytes instead of calling `judge` with a `String`.
    let byteTrials: [ByteTrial?]
    /// Whether a missing or empty value passes (without trials).
    var optional: Bool
    /// The message when the value is missing or empty and the field is not optional.
    let requiredMessage: String
    /// The texts that stand for a missing value (`[""]` unless the rules say otherwise).
    var missingValues: [[UInt8]] = [[]]
    /// The field's type and constraints (nil: its value is text, judged by its trials alone).
    var type: CompiledType?
    /// The message when the value is not of the type, then one per constraint.
    var typeMessage = ""
    var constraintMessages: [String] = []
    /// Whether no two rows may have the same value (missing values excepted).
    var unique = false
    /// Whether its value is part of a key (it is unique, or in the primary key).
    var keyPart = false
    /// For reports: what each trial, the type and each constraint is, in that order.
    var trialLabels: [RuleLabel] = []
    var typeLabel = RuleLabel(kind: "type")
    var constraintLabels: [RuleLabel] = []

    /// A field called `name` that runs `filters`, then `trials`; a missing or empty value passes
    /// when `optional`, else fails with `requiredMessage`.
    package init(
        name: String, filters: [any FilterType], trials: [(judge: TrialEvaluator, message: String)],
        optional: Bool, requiredMessage: String, byteTrials: [ByteTrial?] = []
    ) {
        self.name = name
        self.filters = filters
        self.trials = trials
        self.byteTrials = trials.indices.map { $0 < byteTrials.count ? byteTrials[$0] : nil }
        self.optional = optional
        self.requiredMessage = requiredMessage
    }
}

/// A rules file, checked and compiled: every pattern is compiled (and JIT-compiled) before any
/// row is read, and a broken one is reported with its place in the file.
package struct CompiledRules: Sendable {
    /// The fields, in the rules file's order.
    package private(set) var fields: [CompiledField]
    /// The fields (their indices) whose values together may not repeat; empty: none.
    package var primaryKey: [Int] = []
    /// How a Table Schema's fields meet the data's columns (nil: a rules file's way).
    package var fieldsMatch: FieldsMatch?
    /// The words failures are written in.
    package var vocabulary: RulesVocabulary = .rules

    /// Whether a run must see the rows in order to judge them (a field is unique, or the rules
    /// have a primary key).
    package var checksUniqueness: Bool { !primaryKey.isEmpty || fields.contains(where: \.unique) }

    /// Compiles `spec`.
    ///
    /// - Throws: ``RulesError`` for a pattern that does not compile or a replacement template
    ///   that is wrong, with the place (`fields.phone.trials[0]`) and the caret description.
    init(_ spec: RuleSpec, patternOptions: Pattern.Options = []) throws(RulesError) {
        var fields: [CompiledField] = []
        for field in spec.fields {
            var filters: [any FilterType] = []
            for (filter, place) in field.filters {
                do {
                    filters.append(try RuleFactory.filter(filter))
                } catch {
                    throw RulesError(path: place.path, offset: place.offset, message: Self.describe(error))
                }
            }
            var trials: [(judge: TrialEvaluator, message: String)] = []
            var byteTrials: [ByteTrial?] = []
            for (trial, message, place) in field.trials {
                do {
                    trials.append(
                        (
                            try RuleFactory.trial(trial, patternOptions: patternOptions),
                            message ?? field.message ?? trial.defaultMessage
                        ))
                    byteTrials.append(try RuleFactory.byteTrial(trial, patternOptions: patternOptions))
                } catch {
                    throw RulesError(path: place.path, offset: place.offset, message: Self.describe(error))
                }
            }
            var compiled = CompiledField(
                name: field.name, filters: filters, trials: trials, optional: field.optional,
                requiredMessage: field.message ?? ConstraintText.required(vocabulary: spec.vocabulary),
                byteTrials: byteTrials)
            compiled.missingValues = (field.missingValues ?? spec.missingValues).map { Array($0.utf8) }
            compiled.unique = field.unique
            compiled.trialLabels = field.trials.map { RuleLabel($0.spec.label, at: $0.place) }
            if let rule = field.type {
                compiled.typeLabel = RuleLabel(
                    kind: "type", detail: ConstraintText.typeName(rule.type), place: rule.place.path)
                compiled.constraintLabels = field.constraints.map {
                    RuleLabel(kind: $0.spec.name, detail: ConstraintText.given($0.spec), place: $0.place.path)
                }
                compiled.type = try CompiledType(rule, constraints: field.constraints, patternOptions: patternOptions)
                compiled.typeMessage =
                    rule.message ?? field.message ?? ConstraintText.typeError(rule.type, vocabulary: spec.vocabulary)
                compiled.constraintMessages = field.constraints.map {
                    $0.message ?? field.message ?? ConstraintText.constraint($0.spec, vocabulary: spec.vocabulary)
                }
            }
            fields.append(compiled)
        }
        primaryKey = spec.primaryKey.compactMap { name in fields.firstIndex { $0.name == name } }
        for index in fields.indices { fields[index].keyPart = fields[index].unique || primaryKey.contains(index) }
        self.fields = fields
        fieldsMatch = spec.fieldsMatch
        vocabulary = spec.vocabulary
    }

    /// The pattern options for plain lines, as `fastcop match` and `check` read them, grep's way:
    /// a line ends at LF only, so `$`, `^` and `.` know no other line terminator.
    package static let lineSemantics: Pattern.Options = [.lineFeedOnly]

    /// Rules made in code.
    package init(fields: [CompiledField]) {
        self.fields = fields
    }

    /// Rules of one required field with one trial (`check --email`, `check --pattern`), judged
    /// as the same trial in a rules file: on the value's bytes where it can be.
    ///
    /// - Throws: ``PatternError`` for a broken pattern.
    package init(field: String, trial: TrialSpec, message: String, patternOptions: Pattern.Options) throws {
        let judge = try RuleFactory.trial(trial, patternOptions: patternOptions)
        let byteTrial = try RuleFactory.byteTrial(trial, patternOptions: patternOptions)
        var compiled = CompiledField(
            name: field, filters: [], trials: [(judge, message)], optional: false, requiredMessage: "empty",
            byteTrials: [byteTrial])
        compiled.trialLabels = [trial.label]
        self.init(fields: [compiled])
    }

    /// The same rules with every field optional (for matching columns when the data may lack
    /// some of them), their trials' byte judges kept (without them a format or email trial
    /// took the slower way through a `String` on every row).
    var allOptional: CompiledRules {
        var rules = self
        rules.fields = fields.map {
            var field = $0
            field.optional = true
            return field
        }
        return rules
    }

    private static func describe(_ error: any Error) -> String {
        guard let pattern = error as? PatternError else { return "\(error)" }
        if pattern.kind == .compile { return "the pattern does not compile:\n\(pattern.description)" }
        return pattern.description
    }
}
