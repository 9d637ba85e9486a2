extension InferredSchema {
    /// The schema as JSON, as frictionless-py writes a descriptor: keys in a fixed order (name,
    /// type, format, constraints: required, unique, enum), two-space indentation, one member or
    /// item a line, fields in column order, a line end at the end. `missingValues` is written
    /// only when it is not the default `[""]`.
    package var json: String {
        var lines = ["{", "  \"fields\": ["]
        for (index, field) in fields.enumerated() {
            var members = ["\"name\": \(Self.quoted(field.name))", "\"type\": \"\(field.type.kind.rawValue)\""]
            if let format = field.type.format { members.append("\"format\": \(Self.quoted(format))") }
            var constraints: [String] = []
            if field.required { constraints.append("\"required\": true") }
            if field.unique { constraints.append("\"unique\": true") }
            if let values = field.enumValues {
                let items = values.map { "          \(Self.quoted($0))" }.joined(separator: ",\n")
                constraints.append("\"enum\": [\n\(items)\n        ]")
            }
            if !constraints.isEmpty {
                let inner = constraints.map { "        \($0)" }.joined(separator: ",\n")
                members.append("\"constraints\": {\n\(inner)\n      }")
            }
            let body = members.map { "      \($0)" }.joined(separator: ",\n")
            lines.append("    {\n\(body)\n    }" + (index < fields.count - 1 ? "," : ""))
        }
        lines.append(missingValues == [""] ? "  ]" : "  ],")
        if missingValues != [""] {
            let items = missingValues.map { "    \(Self.quoted($0))" }.joined(separator: ",\n")
            lines.append("  \"missingValues\": [\n\(items)\n  ]")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a JSON string.
    private static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONStrings.write(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
