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
        try onlyKeys(top, ["fields"], path: "", at: root)
        guard let fieldsNode = top.first(where: { $0.key == "fields" })?.value else {
            throw RulesError(path: "", offset: root.offset, message: "the rules need a \"fields\" object")
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
        return RuleSpec(fields: fields)
    }

    private static func field(_ name: String, _ node: JSONNode, path: String) throws(RulesError) -> FieldSpec {
        let members = try object(node, path: path)
        try onlyKeys(members, ["filters", "trials", "optional", "message"], path: path, at: node)
        var filters: [(spec: FilterSpec, place: RulePlace)] = []
        var trials: [(spec: TrialSpec, message: String?, place: RulePlace)] = []
        var optional = false
        var message: String?
        for (key, value) in members {
            switch key {
            case "filters":
                for (index, element) in try array(value, path: "\(path).filters").enumerated() {
                    let elementPath = "\(path).filters[\(index)]"
                    filters.append(
                        (try filter(element, path: elementPath), RulePlace(path: elementPath, offset: element.offset)))
                }
            case "trials":
                for (index, element) in try array(value, path: "\(path).trials").enumerated() {
                    let elementPath = "\(path).trials[\(index)]"
                    let (spec, own) = try trial(element, path: elementPath)
                    trials.append((spec, own, RulePlace(path: elementPath, offset: element.offset)))
                }
            case "optional":
                guard case .bool(let flag) = value.value else {
                    throw typeError(value, "true or false", "\(path).optional")
                }
                optional = flag
            default:
                message = try string(value, path: "\(path).message")
            }
        }
        return FieldSpec(name: name, filters: filters, trials: trials, optional: optional, message: message)
    }

    private static func filter(_ node: JSONNode, path: String) throws(RulesError) -> FilterSpec {
        let known = FilterSpec.bareNames.keys.sorted() + FilterSpec.parameterNames
        if case .string(let name) = node.value {
            if let spec = FilterSpec.bareNames[name] { return spec }
            if FilterSpec.parameterNames.contains(name) {
                throw RulesError(
                    path: path, offset: node.offset, message: "\"\(name)\" needs parameters: {\"\(name)\": {…}}")
            }
            throw unknown("filter", name, known: known, path: path, at: node)
        }
        let (name, parameters) = try singleKey(node, what: "filter", path: path)
        let inner = "\(path).\(name)"
        switch name {
        case "replace":
            let members = try object(parameters, path: inner)
            try onlyKeys(members, ["search", "replacement"], path: inner, at: parameters)
            return .replace(
                search: try requiredString(members, "search", path: inner, at: parameters),
                replacement: try requiredString(members, "replacement", path: inner, at: parameters))
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
            return .regexReplace(
                pattern: try requiredString(members, "pattern", path: inner, at: parameters),
                replacement: try requiredString(members, "replacement", path: inner, at: parameters),
                caseInsensitive: caseInsensitive)
        default:
            if FilterSpec.bareNames[name] != nil {
                throw RulesError(
                    path: path, offset: node.offset, message: "\"\(name)\" takes no parameters: write \"\(name)\"")
            }
            throw unknown("filter", name, known: known, path: path, at: node)
        }
    }

    private static func trial(_ node: JSONNode, path: String) throws(RulesError) -> (TrialSpec, String?) {
        let known = ["email", "format", "length", "inclusion", "exclusion", "oneOf"]
        if case .string(let name) = node.value {
            if name == "email" { return (.email, nil) }
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
        switch name {
        case "email":
            switch value.value {
            case .bool(true), .string("modern"): return (.email, message)
            case .string("swiftcop"): return (.swiftCopEmail, message)
            default: throw typeError(value, "true, \"modern\" or \"swiftcop\"", inner)
            }
        case "format":
            return (.format(try string(value, path: inner)), message)
        case "inclusion":
            return (.inclusion(try strings(value, path: inner)), message)
        case "exclusion":
            return (.exclusion(try strings(value, path: inner)), message)
        case "oneOf":
            return (.oneOf(try strings(value, path: inner)), message)
        case "length":
            return (.length(try length(value, path: inner)), message)
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

    private static func object(_ node: JSONNode, path: String) throws(RulesError) -> [(key: String, value: JSONNode)] {
        guard case .object(let members) = node.value else { throw typeError(node, "an object", path) }
        return members
    }

    private static func array(_ node: JSONNode, path: String) throws(RulesError) -> [JSONNode] {
        guard case .array(let elements) = node.value else { throw typeError(node, "an array", path) }
        return elements
    }

    private static func string(_ node: JSONNode, path: String) throws(RulesError) -> String {
        guard case .string(let text) = node.value else { throw typeError(node, "a string", path) }
        return text
    }

    private static func strings(_ node: JSONNode, path: String) throws(RulesError) -> [String] {
        var result: [String] = []
        for (index, element) in try array(node, path: path).enumerated() {
            result.append(try string(element, path: "\(path)[\(index)]"))
        }
        return result
    }

    private static func count(_ node: JSONNode, path: String) throws(RulesError) -> Int {
        guard case .number(let number) = node.value, number >= 0, number <= 1e9, number == number.rounded() else {
            throw typeError(node, "a whole number of characters", path)
        }
        return Int(number)
    }

    private static func requiredString(
        _ members: [(key: String, value: JSONNode)], _ key: String, path: String, at node: JSONNode
    ) throws(RulesError) -> String {
        guard let value = members.first(where: { $0.key == key })?.value else {
            throw RulesError(path: path, offset: node.offset, message: "missing \"\(key)\"")
        }
        return try string(value, path: "\(path).\(key)")
    }

    private static func singleKey(_ node: JSONNode, what: String, path: String) throws(RulesError) -> (String, JSONNode)
    {
        let members = try object(node, path: path)
        guard members.count == 1, let (key, value) = members.first else {
            throw RulesError(
                path: path, offset: node.offset,
                message: "a \(what) is a name or an object with one key, such as {\"format\": \"[0-9]+\"}")
        }
        return (key, value)
    }

    private static func onlyKeys(
        _ members: [(key: String, value: JSONNode)], _ allowed: [String], path: String, at node: JSONNode
    ) throws(RulesError) {
        for (key, value) in members where !allowed.contains(key) {
            // An empty key is named by the message alone: its path is the object's (not
            // `fields.a.`, nor an empty place before the message).
            let prefix = path.isEmpty ? "" : path + "."
            throw unknown("key", key, known: allowed, path: key.isEmpty ? path : prefix + key, at: value)
        }
    }

    private static func typeError(_ node: JSONNode, _ expected: String, _ path: String) -> RulesError {
        RulesError(path: path, offset: node.offset, message: "expected \(expected), found \(node.kindName)")
    }

    private static func unknown(_ what: String, _ name: String, known: [String], path: String, at node: JSONNode)
        -> RulesError
    {
        RulesError(
            path: path, offset: node.offset,
            message: "unknown \(what) \"\(name)\" (known: \(known.joined(separator: ", ")))")
    }
}
