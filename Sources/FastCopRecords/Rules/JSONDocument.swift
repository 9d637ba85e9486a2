/// A parsed JSON value that remembers where it was in the text (for error messages) and the
/// order of object keys (rules are applied and reported in the order they are written).
package struct JSONNode: Sendable {
    /// The value.
    indirect enum Value: Sendable {
        case object([(key: String, value: JSONNode)])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    let value: Value
    /// Byte offset of the value in the text.
    let offset: Int

    /// "an object", "a string", … for messages.
    var kindName: String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "true or false"
        case .null: return "null"
        }
    }
}

/// Parses a whole JSON document (the rules file) into ``JSONNode``s.
package enum JSONDocument {
    /// Parses `bytes`.
    ///
    /// - Throws: ``JSONProblem`` with the byte offset of the first error.
    static func parse(_ bytes: [UInt8]) throws(JSONProblem) -> JSONNode {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONProblem) in
            var scanner = JSONScanner(buffer)
            let node = try parseValue(&scanner, depth: 0)
            scanner.skipWhitespace()
            guard scanner.isAtEnd else { throw scanner.problem("unexpected text after the JSON value") }
            return node
        }
    }

    private static func parseValue(_ scanner: inout JSONScanner, depth: Int) throws(JSONProblem) -> JSONNode {
        scanner.skipWhitespace()
        let start = scanner.index
        guard depth < JSONScanner.maximumDepth else { throw scanner.problem("nested too deeply") }
        switch scanner.current {
        case UInt8(ascii: "{"):
            scanner.index += 1
            var members: [(key: String, value: JSONNode)] = []
            scanner.skipWhitespace()
            if scanner.current == UInt8(ascii: "}") {
                scanner.index += 1
                return JSONNode(value: .object(members), offset: start)
            }
            while true {
                scanner.skipWhitespace()
                let key = try string(&scanner)
                try scanner.expect(UInt8(ascii: ":"), "':' after the key")
                members.append((key, try parseValue(&scanner, depth: depth + 1)))
                scanner.skipWhitespace()
                if scanner.current == ASCII.comma {
                    scanner.index += 1
                    continue
                }
                try scanner.expect(UInt8(ascii: "}"), "',' or '}'")
                return JSONNode(value: .object(members), offset: start)
            }
        case UInt8(ascii: "["):
            scanner.index += 1
            var elements: [JSONNode] = []
            scanner.skipWhitespace()
            if scanner.current == UInt8(ascii: "]") {
                scanner.index += 1
                return JSONNode(value: .array(elements), offset: start)
            }
            while true {
                elements.append(try parseValue(&scanner, depth: depth + 1))
                scanner.skipWhitespace()
                if scanner.current == ASCII.comma {
                    scanner.index += 1
                    continue
                }
                try scanner.expect(UInt8(ascii: "]"), "',' or ']'")
                return JSONNode(value: .array(elements), offset: start)
            }
        case ASCII.quote:
            return JSONNode(value: .string(try string(&scanner)), offset: start)
        default:
            let (range, kind) = try scanner.scanValue(depth: depth)
            let text = String(decoding: UnsafeBufferPointer(rebasing: scanner.bytes[range]), as: UTF8.self)
            switch kind {
            case .bool: return JSONNode(value: .bool(text == "true"), offset: start)
            case .null: return JSONNode(value: .null, offset: start)
            default: return JSONNode(value: .number(Double(text) ?? .nan), offset: start)
            }
        }
    }

    private static func string(_ scanner: inout JSONScanner) throws(JSONProblem) -> String {
        let (range, escapes) = try scanner.scanString()
        return try JSONStrings.decode(
            UnsafeBufferPointer(rebasing: scanner.bytes[range]), hasEscapes: escapes, offset: range.lowerBound)
    }

    /// The 1-based line and column (in characters) of a byte offset in `bytes`.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == ASCII.newline {
            line += 1
            lineStart = index + 1
        }
        let prefix = bytes[lineStart..<min(offset, bytes.count)]
        let column = String(decoding: prefix, as: UTF8.self).count + 1
        return (line, column)
    }
}
