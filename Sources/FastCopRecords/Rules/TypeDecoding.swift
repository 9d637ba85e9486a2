/// Reads a field's type and its options from JSON, for both files that name types: a Table
/// Schema field descriptor and a rules file's typed trial or filter. One reader, so that the
/// two files spell `decimalChar` or `trueValues` alike and say the same of a mistake.
enum TypeDecoding {
    /// The option keys a type takes, beyond `format`.
    static let optionKeys = ["decimalChar", "groupChar", "bareNumber", "trueValues", "falseValues"]

    /// Table Schema types FastCop does not read yet: refused with a clear error, never ignored.
    static let unsupportedKinds = ["object", "array", "geopoint", "geojson", "duration", "yearmonth", "list"]

    /// The kind named `name`.
    ///
    /// - Throws: ``RulesError`` for a type FastCop does not read (named as such) or an unknown one.
    static func kind(_ name: String, path: String, at node: JSONNode) throws(RulesError) -> FieldKind {
        if let kind = FieldKind(rawValue: name) { return kind }
        let known = FieldKind.allCases.map(\.rawValue)
        if unsupportedKinds.contains(name) {
            throw RulesError(
                path: path, offset: node.offset,
                message:
                    "type \"\(name)\" is not supported by FastCop yet (supported: \(known.joined(separator: ", ")))")
        }
        throw RulesDecoder.unknown("type", name, known: known, path: path, at: node)
    }

    /// A type of `kind` with the options among `members` (`format` and ``optionKeys``; other
    /// keys are the caller's to check).
    ///
    /// - Throws: ``RulesError`` for an option of the wrong JSON type, an option the kind does
    ///   not take, or a format the kind cannot use (an unknown strptime directive).
    static func type(
        _ kind: FieldKind, members: [(key: String, value: JSONNode)], path: String, at node: JSONNode
    ) throws(RulesError) -> FieldType {
        var type = FieldType(kind: kind)
        for (key, value) in members {
            let place = path.isEmpty ? key : "\(path).\(key)"
            switch key {
            case "format":
                type.format = try format(value, kind: kind, path: place)
            case "decimalChar", "groupChar":
                guard kind == .number else {
                    throw notFor(key, kind, path: place, at: value)
                }
                let text = try RulesDecoder.string(value, path: place)
                if key == "decimalChar" {
                    guard !text.isEmpty else {
                        throw RulesError(path: place, offset: value.offset, message: "decimalChar may not be empty")
                    }
                    type.decimalChar = text
                } else {
                    type.groupChar = text
                }
            case "bareNumber":
                guard kind == .number || kind == .integer else { throw notFor(key, kind, path: place, at: value) }
                guard case .bool(let flag) = value.value else {
                    throw RulesDecoder.typeError(value, "true or false", place)
                }
                type.bareNumber = flag
            case "trueValues", "falseValues":
                guard kind == .boolean else { throw notFor(key, kind, path: place, at: value) }
                let texts = try RulesDecoder.strings(value, path: place)
                if key == "trueValues" { type.trueValues = texts } else { type.falseValues = texts }
            default:
                continue
            }
        }
        if kind == .boolean, let both = type.trueValues.first(where: type.falseValues.contains) {
            throw RulesError(
                path: path, offset: node.offset,
                message: "\"\(both)\" is in both trueValues and falseValues")
        }
        do {
            _ = try TypedReader(type)
        } catch {
            let place = path.isEmpty ? "format" : "\(path).format"
            let at = members.first { $0.key == "format" }?.value ?? node
            throw RulesError(path: place, offset: at.offset, message: error.description)
        }
        return type
    }

    /// The `format` of a `kind`: nil for `default`.
    private static func format(_ node: JSONNode, kind: FieldKind, path: String) throws(RulesError) -> String? {
        let text = try RulesDecoder.string(node, path: path)
        if text == "default" { return nil }
        switch kind {
        case .date, .time, .datetime:
            if text == "any" {
                throw RulesError(
                    path: path, offset: node.offset,
                    message: "format \"any\" (guessing each value's format) is not supported: give a pattern"
                        + " such as \"%d/%m/%Y\"")
            }
            return text
        case .string:
            let known = ["email", "uri", "uuid", "binary"]
            guard known.contains(text) else {
                throw RulesDecoder.unknown("string format", text, known: ["default"] + known, path: path, at: node)
            }
            return text
        case .integer, .number, .boolean, .year, .any:
            throw RulesError(
                path: path, offset: node.offset,
                message: "type \"\(kind.rawValue)\" has only the format \"default\", not \"\(text)\"")
        }
    }

    private static func notFor(_ key: String, _ kind: FieldKind, path: String, at node: JSONNode) -> RulesError {
        RulesError(path: path, offset: node.offset, message: "\"\(key)\" does not apply to type \"\(kind.rawValue)\"")
    }
}
