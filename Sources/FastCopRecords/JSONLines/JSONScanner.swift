/// A problem in JSON text, at a byte offset.
package struct JSONProblem: Error, Sendable {
    /// What is wrong ("expected ':' after the key").
    let message: String
    /// Byte offset in the text where it was found.
    let offset: Int
}

/// What kind of value a JSON span holds.
package enum JSONKind: Sendable, Equatable {
    case string(hasEscapes: Bool)
    case number
    case bool
    case null
    case object
    case array
}

/// A strict, non-allocating JSON scanner over bytes (RFC 8259): it validates and skips values
/// and finds the spans of strings, so that untouched values can be copied byte for byte.
package struct JSONScanner {
    /// Containers nested deeper than this are refused (so hostile input cannot exhaust the stack).
    static let maximumDepth = 256

    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    var isAtEnd: Bool { index >= bytes.count }

    func problem(_ message: String, at offset: Int? = nil) -> JSONProblem {
        JSONProblem(message: message, offset: offset ?? index)
    }

    /// The byte at the cursor, or nil at the end.
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Consumes `byte` (after whitespace) or throws "expected …".
    mutating func expect(_ byte: UInt8, _ what: String) throws(JSONProblem) {
        skipWhitespace()
        guard current == byte else { throw problem("expected \(what)\(found)") }
        index += 1
    }

    /// ", found 'x'", ", found 'é'", ", found byte 0xff" or ", found the end of the text", for
    /// messages.
    var found: String {
        guard let byte = current else { return ", found the end of the text" }
        if let character = character(at: index) { return ", found '\(character)'" }
        return ", found byte 0x\(String(byte, radix: 16))"
    }

    /// The character that starts at `offset`, as a message shows it: a printable ASCII
    /// character, or all the bytes of a valid UTF-8 sequence (`é`, not its first byte read as
    /// Latin-1, `Ã`); nil for a control character, an invalid byte, or the end of the text.
    func character(at offset: Int) -> String? {
        guard offset < bytes.count else { return nil }
        let byte = bytes[offset]
        if byte < 0x80 { return byte >= 0x20 && byte < 0x7F ? String(Unicode.Scalar(byte)) : nil }
        var decoder = UTF8()
        var rest = UnsafeBufferPointer(rebasing: bytes[offset..<min(offset + 4, bytes.count)]).makeIterator()
        // The C1 controls (U+0080 to U+009F) are no more printable than the C0 ones.
        guard case .scalarValue(let scalar) = decoder.decode(&rest), scalar.value >= 0xA0 else { return nil }
        return String(scalar)
    }

    /// Scans a string whose opening quote is at the cursor.
    ///
    /// - Returns: the span of its content (between the quotes) and whether it has escapes.
    mutating func scanString() throws(JSONProblem) -> (range: Range<Int>, hasEscapes: Bool) {
        guard current == ASCII.quote else { throw problem("expected a string\(found)") }
        index += 1
        let start = index
        var escapes = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ASCII.quote {
                index += 1
                return (start..<(index - 1), escapes)
            }
            if byte == ASCII.backslash {
                escapes = true
                index += 1
                guard let next = current else { break }
                switch next {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 1
                case UInt8(ascii: "u"):
                    index += 1
                    for _ in 0..<4 {
                        guard let hex = current, JSONScanner.hexValue(hex) != nil else {
                            throw problem("expected 4 hex digits after \\u")
                        }
                        index += 1
                    }
                default:
                    guard let character = character(at: index) else {
                        throw problem("invalid escape: byte 0x\(String(next, radix: 16)) after a backslash")
                    }
                    throw problem("invalid escape \\\(character)")
                }
                continue
            }
            if byte < 0x20 { throw problem("control character in a string (escape it)") }
            index += 1
        }
        throw problem("string not closed", at: start - 1)
    }

    /// Scans any value at the cursor (after whitespace).
    mutating func scanValue(depth: Int = 0) throws(JSONProblem) -> (range: Range<Int>, kind: JSONKind) {
        skipWhitespace()
        let start = index
        guard let byte = current else { throw problem("expected a value\(found)") }
        switch byte {
        case ASCII.quote:
            let string = try scanString()
            return (start..<index, .string(hasEscapes: string.hasEscapes))
        case UInt8(ascii: "{"):
            try skipContainer(close: UInt8(ascii: "}"), isObject: true, depth: depth)
            return (start..<index, .object)
        case UInt8(ascii: "["):
            try skipContainer(close: UInt8(ascii: "]"), isObject: false, depth: depth)
            return (start..<index, .array)
        case UInt8(ascii: "t"):
            try literal("true")
            return (start..<index, .bool)
        case UInt8(ascii: "f"):
            try literal("false")
            return (start..<index, .bool)
        case UInt8(ascii: "n"):
            try literal("null")
            return (start..<index, .null)
        default:
            try scanNumber()
            return (start..<index, .number)
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONProblem) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw problem("expected \(word)") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw problem("expected \(word)")
        }
        index += count
    }

    private mutating func scanNumber() throws(JSONProblem) {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, isDigit(first) else { throw problem("expected a value", at: start) }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let digit = current, isDigit(digit) else { throw problem("expected a digit after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, isDigit(digit) else { throw problem("expected a digit in the exponent") }
            skipDigits()
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { index += 1 }
    }

    private mutating func skipContainer(close: UInt8, isObject: Bool, depth: Int) throws(JSONProblem) {
        guard depth < JSONScanner.maximumDepth else { throw problem("nested too deeply") }
        index += 1
        skipWhitespace()
        if current == close {
            index += 1
            return
        }
        while true {
            if isObject {
                skipWhitespace()
                _ = try scanString()
                try expect(UInt8(ascii: ":"), "':' after the key")
            }
            _ = try scanValue(depth: depth + 1)
            skipWhitespace()
            if current == ASCII.comma {
                index += 1
                continue
            }
            if current == close {
                index += 1
                return
            }
            throw problem("expected ',' or '\(Character(Unicode.Scalar(close)))'\(found)")
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}

extension JSONScanner {
    /// Reads the object whose `{` is at the cursor, calling `member` with each member's key (the
    /// span between its quotes, and whether it has escapes) and its value's span and kind, in
    /// order; the cursor ends after the `}`. `member` may read the value again (a nested
    /// object's members) with a scanner of its own.
    mutating func scanMembers(
        _ member: (_ key: Range<Int>, _ keyHasEscapes: Bool, _ value: Range<Int>, _ kind: JSONKind) throws(JSONProblem)
            -> Void
    ) throws(JSONProblem) {
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            let (key, keyEscapes) = try scanString()
            try expect(UInt8(ascii: ":"), "':' after the key")
            let (value, kind) = try scanValue(depth: 1)
            try member(key, keyEscapes, value, kind)
            skipWhitespace()
            if current == ASCII.comma {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}'")
            return
        }
    }
}
