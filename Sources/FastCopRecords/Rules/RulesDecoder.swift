/// Reads a ``RuleSpec`` from the rules file's JSON, checking every name and type and saying
/// where a mistake is (`fields.phone.trials[0]`).
///
/// ```json
/// {"fields": {
///   "email": {"filters": ["trim", "lowercase"], "trials": ["email"], "message": "Invalid email"},
///   "phone": {"filters": [{"regexReplace": {"pattern": "[^0-9+]", "replacement": ""}}],
///             "trials": [{"format": "\\+?[0-9]{7,15}"}], "optional": true}
/// }}
/// ```
package enum RulesDecoder {
    static func decode(_ root: JSONNode) throws(RulesError) -> RuleSpec {
        let top = try object(root, path: "")
        try onlyKeys(top, ["fields", "primaryKey", "missingValues"], path: "", at: root)
        guard let fieldsNode = top.first(where: { $0.key == "fields" })?.value else {
            throw RulesError(path: "", offset: root.offset, message: "the rules need a \"fields\" object")
        }
        if case .array = fieldsNode.value {
            throw RulesError(
                path: "fields", offset: fieldsNode.offset,
                message: "expected an object of fields by name, found an array (a Frictionless Table Schema?"
                    + " pass it with --schema)")
        }
        var fields: [FieldSpec] = []
        for (name, node) in try object(fieldsNode, path: "fields") {
            if fields.contains(where: { $0.name == name }) {
                throw RulesError(
                    path: "fields.\(name)", offset: node.offset, message: "field \"\(name)\" is named twice")
            }
            fields.append(try field(name, node, path: "fields.\(name)"))
        }
        if fields.isEmpty {
            throw RulesError(path: "fields", offset: fieldsNode.offset, message: "no fields: name at least one")
        }
        var spec = RuleSpec(fields: fields)
        for (key, value) in top {
            switch key {
            case "primaryKey":
                spec.primaryKey = try keyNames(value, path: key)
                for name in spec.primaryKey where !fields.contains(where: { $0.name == name }) {
                    throw RulesError(
                        path: key, offset: value.offset,
                        message: "the primary key names \"\(name)\", which is not in \"fields\"")
                }
            case "missingValues":
                spec.missingValues = try strings(value, path: key)
            default:
                continue
            }
        }
        return spec
    }

    private static func field(_ name: String, _ node: JSONNode, path: String) throws(RulesError) -> FieldSpec {
        let members = try object(node, path: path)
        try onlyKeys(members, ["filters", "trials", "optional", "message", "unique"], path: path, at: node)
        var filters: [(spec: FilterSpec, place: RulePlace)] = []
        var trials: [(spec: TrialSpec, message: String?, place: RulePlace)] = []
        var type: TypeRule?
        var constraints: [(spec: ConstraintSpec, message: String?, place: RulePlace)] = []
        var optional = false
        var unique = false
        var message: String?
        /// Sets the field's type, which a field has once.
        func setType(_ new: TypeRule, at element: JSONNode) throws(RulesError) {
            if let type {
                throw RulesError(
                    path: new.place.path, offset: element.offset,
                    message: "the field's type is given twice (also at \(type.place.path))")
            }
            type = new
        }
        for (key, value) in members {
            switch key {
            case "filters":
                let elements = try array(value, path: "\(path).filters")
                for (index, element) in elements.enumerated() {
                    let elementPath = "\(path).filters[\(index)]"
                    let place = RulePlace(path: elementPath, offset: element.offset)
                    switch try filter(element, path: elementPath) {
                    case .text(let spec):
                        filters.append((spec, place))
                    case .typed(let typed):
                        // The typed value is what the trials and constraints see: it is read
                        // after every text filter.
                        guard index == elements.count - 1 else {
                            throw RulesError(
                                path: elementPath, offset: element.offset,
                                message: "a typed filter (\"\(typed.kind.rawValue)\") writes the value in its"
                                    + " canonical form: put it last among the filters")
                        }
                        try setType(TypeRule(type: typed, place: place, normalizes: true, message: nil), at: element)
                    }
                }
            case "trials":
                for (index, element) in try array(value, path: "\(path).trials").enumerated() {
                    let elementPath = "\(path).trials[\(index)]"
                    let place = RulePlace(path: elementPath, offset: element.offset)
                    switch try trial(element, path: elementPath) {
                    case .text(let spec, let own):
                        trials.append((spec, own, place))
                    case .typed(let typed, let own):
                        try setType(
                            TypeRule(type: typed, place: place, normalizes: false, message: own), at: element)
                    case .constraints(let list, let own):
                        constraints += list.map { ($0, own, place) }
                    }
                }
            case "optional", "unique":
                guard case .bool(let flag) = value.value else {
                    throw typeError(value, "true or false", "\(path).\(key)")
                }
                if key == "optional" { optional = flag } else { unique = flag }
            default:
                message = try string(value, path: "\(path).message")
            }
        }
        if type == nil, let first = constraints.first {
            throw RulesError(
                path: first.place.path, offset: first.place.offset,
                message: "\"range\" and \"enum\" compare typed values: give the field a type first (a trial such"
                    + " as \"integer\" or {\"date\": \"%d/%m/%Y\"}, or a typed filter)")
        }
        var field = FieldSpec(name: name, filters: filters, trials: trials, optional: optional, message: message)
        field.type = type
        field.constraints = constraints
        field.unique = unique
        return field
    }

    /// What a filter in the rules file is: a text filter, or a typed one (a type name: the
    /// value is read as the type and written in its canonical form).
    private enum FilterEntry {
        case text(FilterSpec)
        case typed(FieldType)
    }

    /// What a trial in the rules file is: a text trial, the field's type, or checks of its
    /// typed value.
    private enum TrialEntry {
        case text(TrialSpec, String?)
        case typed(FieldType, String?)
        case constraints([ConstraintSpec], String?)
    }

    /// The type named by a typed filter or trial: `"integer"`, `{"date": "%d/%m/%Y"}`,
    /// `{"number": {"decimalChar": ","}}`, `{"type": "integer"}`; nil when `name` is no type.
    private static func typed(_ name: String, _ value: JSONNode?, path: String) throws(RulesError) -> FieldType? {
        if name == "type" {
            guard let value else { return nil }
            let typeName = try string(value, path: path)
            return FieldType(kind: try TypeDecoding.kind(typeName, path: path, at: value))
        }
        guard let kind = FieldKind(rawValue: name), kind != .any, kind != .string else { return nil }
        guard let value else { return FieldType(kind: kind) }
        switch value.value {
        case .string:
            guard [.date, .time, .datetime].contains(kind) else {
                throw RulesError(
                    path: path, offset: value.offset,
                    message: "\"\(name)\" takes an object of options (such as {\"decimalChar\": \",\"}), not a format")
            }
            return try TypeDecoding.type(
                kind, members: [("format", value)], path: path, at: value)
        case .object(let members):
            try onlyKeys(members, ["format"] + TypeDecoding.optionKeys, path: path, at: value)
            return try TypeDecoding.type(kind, members: members, path: path, at: value)
        default:
            throw typeError(value, "a format or an object of options", path)
        }
    }

    private static func filter(_ node: JSONNode, path: String) throws(RulesError) -> FilterEntry {
        let known = FilterSpec.bareNames.keys.sorted() + FilterSpec.parameterNames + typeNames
        if case .string(let name) = node.value {
            if let spec = FilterSpec.bareNames[name] { return .text(spec) }
            if let type = try typed(name, nil, path: path) { return .typed(type) }
            if FilterSpec.parameterNames.contains(name) {
                throw RulesError(
                    path: path, offset: node.offset, message: "\"\(name)\" needs parameters: {\"\(name)\": {…}}")
            }
            throw unknown("filter", name, known: known, path: path, at: node)
        }
        let (name, parameters) = try singleKey(node, what: "filter", path: path)
        let inner = "\(path).\(name)"
        if let type = try typed(name, parameters, path: inner) { return .typed(type) }
        switch name {
        case "replace":
            let members = try object(parameters, path: inner)
            try onlyKeys(members, ["search", "replacement"], path: inner, at: parameters)
            return .text(
                .replace(
                    search: try requiredString(members, "search", path: inner, at: parameters),
                    replacement: try requiredString(members, "replacement", path: inner, at: parameters)))
        case "regexReplace":
            let members = try object(parameters, path: inner)
            try onlyKeys(members, ["pattern", "replacement", "caseInsensitive"], path: inner, at: parameters)
            var caseInsensitive = false
            if let flag = members.first(where: { $0.key == "caseInsensitive" })?.value {
                guard case .bool(let value) = flag.value else {
                    throw typeError(flag, "true or false", "\(inner).caseInsensitive")
                }
                caseInsensitive = value
            }
            return .text(
                .regexReplace(
                    pattern: try requiredString(members, "pattern", path: inner, at: parameters),
                    replacement: try requiredString(members, "replacement", path: inner, at: parameters),
                    caseInsensitive: caseInsensitive))
        default:
            if FilterSpec.bareNames[name] != nil {
                throw RulesError(
                    path: path, offset: node.offset, message: "\"\(name)\" takes no parameters: write \"\(name)\"")
            }
            throw unknown("filter", name, known: known, path: path, at: node)
        }
    }

    /// The type names a filter or trial may be (`"integer"`, `{"date": "%d/%m/%Y"}`).
    private static let typeNames = ["integer", "number", "boolean", "date", "time", "datetime", "year"]

    private static func trial(_ node: JSONNode, path: String) throws(RulesError) -> TrialEntry {
        let known =
            ["email", "format", "length", "inclusion", "exclusion", "oneOf", "range", "enum", "type"] + typeNames
        if case .string(let name) = node.value {
            if name == "email" { return .text(.email, nil) }
            if let type = try typed(name, nil, path: path) { return .typed(type, nil) }
            if known.contains(name) {
                throw RulesError(
                    path: path, offset: node.offset, message: "\"\(name)\" needs a value: {\"\(name)\": …}")
            }
            throw unknown("trial", name, known: known, path: path, at: node)
        }
        var members = try object(node, path: path)
        var message: String?
        if let index = members.firstIndex(where: { $0.key == "message" }) {
            message = try string(members[index].value, path: "\(path).message")
            members.remove(at: index)
        }
        let (name, value) = try singleKey(
            JSONNode(value: .object(members), offset: node.offset), what: "trial", path: path)
        let inner = "\(path).\(name)"
        if let type = try typed(name, value, path: inner) { return .typed(type, message) }
        switch name {
        case "email":
            switch value.value {
            case .bool(true), .string("modern"): return .text(.email, message)
            case .string("swiftcop"): return .text(.swiftCopEmail, message)
            default: throw typeError(value, "true, \"modern\" or \"swiftcop\"", inner)
            }
        case "format":
            return .text(.format(try string(value, path: inner)), message)
        case "inclusion":
            return .text(.inclusion(try strings(value, path: inner)), message)
        case "exclusion":
            return .text(.exclusion(try strings(value, path: inner)), message)
        case "oneOf":
            return .text(.oneOf(try strings(value, path: inner)), message)
        case "length":
            return .text(.length(try length(value, path: inner)), message)
        case "enum":
            return .constraints([.enumeration(try array(value, path: inner))], message)
        case "range":
            let bounds = try object(value, path: inner)
            let names = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]
            try onlyKeys(bounds, names, path: inner, at: value)
            if bounds.isEmpty {
                throw RulesError(
                    path: inner, offset: value.offset, message: "give at least one of \(names.joined(separator: ", "))")
            }
            let list: [ConstraintSpec] = bounds.map { key, bound in
                switch key {
                case "minimum": return .minimum(bound)
                case "maximum": return .maximum(bound)
                case "exclusiveMinimum": return .exclusiveMinimum(bound)
                default: return .exclusiveMaximum(bound)
                }
            }
            return .constraints(list, message)
        default:
            throw unknown("trial", name, known: known, path: path, at: node)
        }
    }

    private static func length(_ node: JSONNode, path: String) throws(RulesError) -> LengthSpec {
        let members = try object(node, path: path)
        try onlyKeys(members, ["is", "minimum", "maximum", "in"], path: path, at: node)
        guard members.count == 1, let (key, value) = members.first else {
            throw RulesError(
                path: path, offset: node.offset,
                message: "give one of \"is\", \"minimum\", \"maximum\" or \"in\" (use two trials for two bounds)")
        }
        switch key {
        case "is": return .exactly(try count(value, path: "\(path).is"))
        case "minimum": return .minimum(try count(value, path: "\(path).minimum"))
        case "maximum": return .maximum(try count(value, path: "\(path).maximum"))
        default:
            let bounds = try array(value, path: "\(path).in")
            guard bounds.count == 2 else { throw typeError(value, "[lowest, highest]", "\(path).in") }
            let low = try count(bounds[0], path: "\(path).in[0]")
            let high = try count(bounds[1], path: "\(path).in[1]")
            guard low <= high else {
                throw RulesError(
                    path: "\(path).in", offset: value.offset, message: "the lowest length is above the highest")
            }
            return .between(low...high)
        }
    }

    // MARK: Helpers

    static func object(_ node: JSONNode, path: String) throws(RulesError) -> [(key: String, value: JSONNode)] {
        guard case .object(let members) = node.value else { throw typeError(node, "an object", path) }
        return members
    }

    static func array(_ node: JSONNode, path: String) throws(RulesError) -> [JSONNode] {
        guard case .array(let elements) = node.value else { throw typeError(node, "an array", path) }
        return elements
    }

    static func string(_ node: JSONNode, path: String) throws(RulesError) -> String {
        guard case .string(let text) = node.value else { throw typeError(node, "a string", path) }
        return text
    }

    static func strings(_ node: JSONNode, path: String) throws(RulesError) -> [String] {
        var result: [String] = []
        for (index, element) in try array(node, path: path).enumerated() {
            result.append(try string(element, path: "\(path)[\(index)]"))
        }
        return result
    }

    static func count(_ node: JSONNode, path: String) throws(RulesError) -> Int {
        guard case .number(let number) = node.value, number >= 0, number <= 1e9, number == number.rounded() else {
            throw typeError(node, "a whole number of characters", path)
        }
        return Int(number)
    }

    /// A primary key's fields, in a rules file or a Table Schema: one field's name, or a
    /// non-empty array of names.
    static func keyNames(_ node: JSONNode, path: String) throws(RulesError) -> [String] {
        if case .string(let name) = node.value { return [name] }
        let names = try strings(node, path: path)
        if names.isEmpty {
            throw RulesError(path: path, offset: node.offset, message: "the primary key names no field")
        }
        return names
    }

    static func requiredString(
        _ members: [(key: String, value: JSONNode)], _ key: String, path: String, at node: JSONNode
    ) throws(RulesError) -> String {
        guard let value = members.first(where: { $0.key == key })?.value else {
            throw RulesError(path: path, offset: node.offset, message: "missing \"\(key)\"")
        }
        return try string(value, path: "\(path).\(key)")
    }

    static func singleKey(_ node: JSONNode, what: String, path: String) throws(RulesError) -> (String, JSONNode) {
        let members = try object(node, path: path)
        guard members.count == 1, let (key, value) = members.first else {
            throw RulesError(
                path: path, offset: node.offset,
                message: "a \(what) is a name or an object with one key, such as {\"format\": \"[0-9]+\"}")
        }
        return (key, value)
    }

    static func onlyKeys(
        _ members: [(key: String, value: JSONNode)], _ allowed: [String], path: String, at node: JSONNode
    ) throws(RulesError) {
        for (key, value) in members where !allowed.contains(key) {
            // An empty key is named by the message alone: its path is the object's (not
            // `fields.a.`, nor an empty place before the message).
            let prefix = path.isEmpty ? "" : path + "."
            throw unknown("key", key, known: allowed, path: key.isEmpty ? path : prefix + key, at: value)
        }
    }

    static func typeError(_ node: JSONNode, _ expected: String, _ path: String) -> RulesError {
        RulesError(path: path, offset: node.offset, message: "expected \(expected), found \(node.kindName)")
    }

    static func unknown(_ what: String, _ name: String, known: [String], path: String, at node: JSONNode)
        -> RulesError
    {
        RulesError(
            path: path, offset: node.offset,
            message: "unknown \(what) \"\(name)\" (known: \(known.joined(separator: ", ")))")
    }
}
