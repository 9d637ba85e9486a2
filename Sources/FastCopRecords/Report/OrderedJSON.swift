/// A JSON value whose objects keep their members in the order they were given: the report's
/// keys come out in a fixed order, run after run.
package indirect enum OrderedJSON: Sendable, Equatable {
    case object([(String, OrderedJSON)])
    case array([OrderedJSON])
    case string(String)
    case integer(Int)
    case number(Double, decimals: Int)
    case bool(Bool)
    case null

    package static func == (a: OrderedJSON, b: OrderedJSON) -> Bool {
        a.text() == b.text()
    }

    /// A string, or null.
    static func string(_ value: String?) -> OrderedJSON { value.map { .string($0) } ?? .null }

    /// The value as JSON text: two-space indentation, one member or item a line (an empty
    /// object or array on one), a line end at the end.
    package func text() -> String {
        var output: [UInt8] = []
        write(to: &output, indent: 0)
        output.append(ASCII.newline)
        return String(decoding: output, as: UTF8.self)
    }

    private func write(to output: inout [UInt8], indent: Int) {
        func newline(_ depth: Int) {
            output.append(ASCII.newline)
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
        }
        switch self {
        case .object(let members):
            guard !members.isEmpty else { return output.append(contentsOf: "{}".utf8) }
            output.append(UInt8(ascii: "{"))
            for (number, (key, value)) in members.enumerated() {
                if number > 0 { output.append(ASCII.comma) }
                newline(indent + 1)
                JSONStrings.write(key, to: &output)
                output.append(contentsOf: ": ".utf8)
                value.write(to: &output, indent: indent + 1)
            }
            newline(indent)
            output.append(UInt8(ascii: "}"))
        case .array(let items):
            guard !items.isEmpty else { return output.append(contentsOf: "[]".utf8) }
            output.append(UInt8(ascii: "["))
            for (number, item) in items.enumerated() {
                if number > 0 { output.append(ASCII.comma) }
                newline(indent + 1)
                item.write(to: &output, indent: indent + 1)
            }
            newline(indent)
            output.append(UInt8(ascii: "]"))
        case .string(let text): JSONStrings.write(text, to: &output)
        case .integer(let value): output.append(contentsOf: String(value).utf8)
        case .number(let value, let decimals):
            output.append(contentsOf: (value.isFinite ? Formatting.fixed(value, decimals: decimals) : "null").utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .null: output.append(contentsOf: "null".utf8)
        }
    }
}
