/// Reads a Frictionless Table Schema (https://specs.frictionlessdata.io/table-schema/) into the
/// same ``RuleSpec`` a rules file becomes: each schema field a rule field with its type,
/// `required` (not optional), constraints and `unique`; `missingValues` and `primaryKey` for
/// the whole table. Failures are worded in the schema's terms (``RulesVocabulary/tableSchema``).
///
/// ```json
/// {"fields": [
///   {"name": "id", "type": "integer", "constraints": {"required": true, "unique": true}},
///   {"name": "born", "type": "date", "format": "%d/%m/%Y", "constraints": {"minimum": "01/01/1900"}}
/// ], "missingValues": ["", "NA"], "primaryKey": "id"}
/// ```
///
/// What the schema says and FastCop cannot check is refused with the place, never ignored: a
/// type it does not read (`geopoint`), `foreignKeys` (another table), a constraint the type
/// does not take (frictionless-py's list), a key it does not know (a typo would otherwise turn
/// a check off unseen).
package enum TableSchemaDecoder {
    /// Keys of the schema that describe it and check nothing.
    static let describingKeys = ["$schema", "name", "title", "description", "profile"]
    /// Keys of a field that describe it and check nothing.
    static let fieldDescribingKeys = ["title", "description", "example", "rdfType"]

    static func decode(_ root: JSONNode) throws(RulesError) -> RuleSpec {
        let top = try RulesDecoder.object(root, path: "")
        try RulesDecoder.onlyKeys(
            top,
            ["fields", "missingValues", "primaryKey", "foreignKeys", "uniqueKeys", "fieldsMatch"] + describingKeys,
            path: "",
            at: root)
        guard let fieldsNode = top.first(where: { $0.key == "fields" })?.value else {
            throw RulesError(path: "", offset: root.offset, message: "a Table Schema needs a \"fields\" array")
        }
        var missingValues = [""]
        var primaryKey: [String] = []
        var match = FieldsMatch.exact
        for (key, value) in top {
            switch key {
            case "missingValues":
                missingValues = try Self.missingValues(value, path: key)
            case "fieldsMatch":
                let name = try RulesDecoder.string(value, path: key)
                guard let known = FieldsMatch(rawValue: name) else {
                    throw RulesDecoder.unknown(
                        "fieldsMatch", name, known: FieldsMatch.allCases.map(\.rawValue), path: key, at: value)
                }
                match = known
            case "primaryKey":
                primaryKey = try RulesDecoder.keyNames(value, path: key)
            case "foreignKeys":
                throw RulesError(
                    path: key, offset: value.offset,
                    message: "foreign keys name another table, which FastCop does not read: remove \"foreignKeys\""
                        + " to check this table alone")
            case "uniqueKeys":
                throw RulesError(
                    path: key, offset: value.offset,
                    message: "\"uniqueKeys\" is not supported yet: give each field \"unique\": true, or the table a"
                        + " \"primaryKey\"")
            default:
                continue
            }
        }
        var fields: [FieldSpec] = []
        for (index, node) in try RulesDecoder.array(fieldsNode, path: "fields").enumerated() {
            let field = try field(node, path: "fields[\(index)]")
            if fields.contains(where: { $0.name == field.name }) {
                throw RulesError(
                    path: "fields[\(index)].name", offset: node.offset,
                    message: "field \"\(field.name)\" is named twice")
            }
            fields.append(field)
        }
        if fields.isEmpty {
            throw RulesError(path: "fields", offset: fieldsNode.offset, message: "no fields: name at least one")
        }
        for name in primaryKey where !fields.contains(where: { $0.name == name }) {
            let node = top.first { $0.key == "primaryKey" }!.value
            throw RulesError(
                path: "primaryKey", offset: node.offset, message: "the primary key names \"\(name)\", which is no field"
            )
        }
        var spec = RuleSpec(fields: fields)
        spec.primaryKey = primaryKey
        spec.missingValues = missingValues
        spec.vocabulary = .tableSchema
        spec.fieldsMatch = match
        return spec
    }

    /// `missingValues`: strings, or (Table Schema v2) objects with a `value` and a `label`.
    private static func missingValues(_ node: JSONNode, path: String) throws(RulesError) -> [String] {
        var values: [String] = []
        for (index, element) in try RulesDecoder.array(node, path: path).enumerated() {
            let place = "\(path)[\(index)]"
            if case .object(let members) = element.value {
                try RulesDecoder.onlyKeys(members, ["value", "label"], path: place, at: element)
                values.append(try RulesDecoder.requiredString(members, "value", path: place, at: element))
            } else {
                values.append(try RulesDecoder.string(element, path: place))
            }
        }
        return values
    }

    /// One field descriptor.
    private static func field(_ node: JSONNode, path: String) throws(RulesError) -> FieldSpec {
        let members = try RulesDecoder.object(node, path: path)
        try RulesDecoder.onlyKeys(
            members,
            ["name", "type", "format", "constraints", "missingValues"] + TypeDecoding.optionKeys
                + fieldDescribingKeys,
            path: path, at: node)
        guard let nameNode = members.first(where: { $0.key == "name" })?.value else {
            throw RulesError(path: path, offset: node.offset, message: "a field needs a \"name\"")
        }
        let name = try RulesDecoder.string(nameNode, path: "\(path).name")
        var kind = FieldKind.string
        if let typeNode = members.first(where: { $0.key == "type" })?.value {
            kind = try TypeDecoding.kind(
                try RulesDecoder.string(typeNode, path: "\(path).type"), path: "\(path).type", at: typeNode)
        }
        let type = try TypeDecoding.type(kind, members: members, path: path, at: node)
        var required = false
        var unique = false
        var constraints: [(spec: ConstraintSpec, message: String?, place: RulePlace)] = []
        var missingValues: [String]?
        for (key, value) in members {
            switch key {
            case "constraints":
                let list = try RulesDecoder.object(value, path: "\(path).constraints")
                for (name, bound) in list {
                    let place = "\(path).constraints.\(name)"
                    switch name {
                    case "required", "unique":
                        guard case .bool(let flag) = bound.value else {
                            throw RulesDecoder.typeError(bound, "true or false", place)
                        }
                        if name == "required" { required = flag } else { unique = flag }
                        continue
                    default:
                        break
                    }
                    guard Self.constraints(of: kind).contains(name) else {
                        let known = ["required", "unique"] + Self.constraints(of: kind)
                        if Self.allConstraints.contains(name) {
                            throw RulesError(
                                path: place, offset: bound.offset,
                                message: "constraint \"\(name)\" does not apply to type \"\(kind.rawValue)\""
                                    + " (it takes \(known.joined(separator: ", ")))")
                        }
                        throw RulesDecoder.unknown("constraint", name, known: known, path: place, at: bound)
                    }
                    let spec: ConstraintSpec
                    switch name {
                    case "minimum": spec = .minimum(bound)
                    case "maximum": spec = .maximum(bound)
                    case "exclusiveMinimum": spec = .exclusiveMinimum(bound)
                    case "exclusiveMaximum": spec = .exclusiveMaximum(bound)
                    case "minLength": spec = .minLength(try RulesDecoder.count(bound, path: place))
                    case "maxLength": spec = .maxLength(try RulesDecoder.count(bound, path: place))
                    case "pattern": spec = .pattern(try RulesDecoder.string(bound, path: place))
                    default: spec = .enumeration(try RulesDecoder.array(bound, path: place))
                    }
                    constraints.append((spec, nil, RulePlace(path: place, offset: bound.offset)))
                }
            case "missingValues":
                missingValues = try Self.missingValues(value, path: "\(path).missingValues")
            default:
                continue
            }
        }
        var field = FieldSpec(name: name, filters: [], trials: [], optional: !required, message: nil)
        field.type = TypeRule(
            type: type, place: RulePlace(path: path, offset: node.offset), normalizes: false, message: nil)
        field.constraints = constraints
        field.unique = unique
        field.missingValues = missingValues
        return field
    }

    /// The constraints (besides `required` and `unique`) a type takes, as frictionless-py lists them.
    static func constraints(of kind: FieldKind) -> [String] {
        let bounds = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]
        switch kind {
        case .string: return ["minLength", "maxLength", "pattern", "enum"]
        case .integer, .number, .date, .time, .datetime, .year: return bounds + ["enum"]
        case .boolean: return ["enum"]
        case .any: return ["enum"]
        }
    }

    private static let allConstraints = [
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "pattern", "enum",
    ]
}
