/// One field of an inferred schema.
package struct InferredField: Sendable, Equatable {
    package var name: String
    /// The kind and, for dates and times not in ISO 8601, the strptime format.
    package var type: FieldType
    /// No value of the sample was missing.
    package var required: Bool
    /// Every value of the sample was distinct (integer and string fields only).
    package var unique: Bool
    /// The distinct values, sorted (a string field of few distinct values), or nil.
    package var enumValues: [String]?
    /// The sample's present values the type does not read (0 unless the confidence is below 1):
    /// `clean --schema` rejects their rows.
    package var unread: Int
    /// The present values.
    package var present: Int
}

/// A draft Table Schema inferred from a sample, and what the sample held.
///
/// Rules (see ``InferenceCandidates`` for the types tried):
/// - a field's type is the first candidate that reads every present value (at least
///   ``InferenceOptions/confidence`` of them); a column with no present value, or with JSON
///   values that no one type reads (numbers and texts), is `any`;
/// - `required` when every profiled row has a value;
/// - `enum` for a string field with at most ``InferenceOptions/enumLimit`` distinct values
///   over at least ``InferenceOptions/minimumValues`` present ones;
/// - `unique` for an integer or string field whose present values (at least
///   ``InferenceOptions/minimumValues``) are all distinct (integers as numbers: "01" repeats "1").
///
/// Malformed rows and blank rows (every value missing) are left out of the profile: `clean`
/// rejects them whatever the schema.
package struct InferredSchema: Sendable {
    package var fields: [InferredField]
    package var missingValues: [String]
    /// Rows profiled (not malformed, not blank).
    package var rows: Int
    package var malformedRows: Int
    package var blankRows: Int
    /// Whether the sample was the whole input.
    package var wholeInput: Bool
    /// What the user should know: ambiguous date formats, values the types do not read, JSON
    /// members left out, malformed rows.
    package var notes: [String]

    init(_ profile: SampleProfile, options: InferenceOptions, wholeInput: Bool) {
        rows = profile.rows
        malformedRows = profile.malformedRows
        blankRows = profile.blankRows
        missingValues = options.missingValues
        self.wholeInput = wholeInput
        fields = []
        notes = []
        for (index, name) in profile.names.enumerated() {
            let objects = profile.objects[index]
            let arrays = profile.arrays[index]
            let column = profile.columns[index]
            if arrays > 0 {
                notes.append(
                    "'\(name)' holds arrays (\(arrays) rows): left out, FastCop reads no arrays"
                        + (objects > 0 || column.present > 0 ? " (it also holds other values)" : ""))
                continue
            }
            if objects > 0 {
                if column.present > 0 {
                    notes.append(
                        "'\(name)' is an object in \(objects) rows and a value in \(column.present): left out"
                            + " (its members are fields)")
                }
                continue
            }
            fields.append(field(name, column, options: options))
        }
        if let first = profile.firstMalformed {
            notes.append(
                "\(malformedRows) malformed row\(malformedRows == 1 ? "" : "s") left out (clean rejects them whatever"
                    + " the schema); the first, line \(first.line): \(first.problem)")
        }
        if blankRows > 0 {
            notes.append(
                "\(blankRows) blank row\(blankRows == 1 ? "" : "s") (every value missing) left out: clean --schema"
                    + " rejects them whatever the schema")
        }
    }

    /// The field for one column's profile, and notes about it.
    private mutating func field(_ name: String, _ column: ColumnProfile, options: InferenceOptions) -> InferredField {
        let candidates = InferenceCandidates.all
        let present = column.present
        let needed = options.confidence >= 1 ? present : Int((options.confidence * Double(present)).rounded(.up))
        let chosen =
            present == 0 ? nil : candidates.indices.first { present - column.failures[$0] >= needed }
        var field = InferredField(
            name: name, type: chosen.map { candidates[$0].type } ?? FieldType(kind: .any),
            required: present > 0 && present == rows, unique: false, enumValues: nil,
            unread: chosen.map { column.failures[$0] } ?? 0, present: present)
        if let chosen, let format = field.type.format {
            let also = candidates.indices[(chosen + 1)...].first {
                candidates[$0].type.kind == field.type.kind && candidates[$0].type.format != nil
                    && present - column.failures[$0] >= needed
            }
            if let also, let other = candidates[also].type.format {
                notes.append(
                    "'\(name)': every \(field.type.kind.rawValue) fits \"\(format)\" and \"\(other)\": chose"
                        + " \"\(format)\"; change the format if that is wrong")
            }
        }
        if present >= max(options.minimumValues, 1) {
            switch field.type.kind {
            case .string:
                if let distinct = column.distinct, !column.sawLiteral {
                    field.enumValues = distinct.map { String(decoding: $0, as: UTF8.self) }.sorted {
                        $0.utf8.lexicographicallyPrecedes($1.utf8)
                    }
                }
                field.unique = options.unique && column.textHashes != nil
            case .integer:
                field.unique = options.unique && column.integers != nil
            default:
                break
            }
        }
        if field.unread > 0 {
            notes.append(
                "'\(name)': \(field.unread) of \(present) values are not \(field.type.kind.rawValue)"
                    + " (confidence \(options.confidence)): clean --schema rejects their rows")
        }
        return field
    }
}
