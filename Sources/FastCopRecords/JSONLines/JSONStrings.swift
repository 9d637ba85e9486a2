/// Decoding and encoding JSON string contents.
package enum JSONStrings {
    /// The text of a string's content (between the quotes), escapes resolved.
    ///
    /// - Throws: ``JSONProblem`` for a lone UTF-16 surrogate in a `\u` escape.
    static func decode(_ content: UnsafeBufferPointer<UInt8>, hasEscapes: Bool, offset: Int = 0) throws(JSONProblem)
        -> String
    {
        guard hasEscapes else { return String(decoding: content, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(content.count)
        var index = 0
        func hex4(_ at: Int) -> UInt32 {
            var value: UInt32 = 0
            for offset in 0..<4 { value = value << 4 | (JSONScanner.hexValue(content[at + offset]) ?? 0) }
            return value
        }
        while index < content.count {
            let byte = content[index]
            guard byte == ASCII.backslash, index + 1 < content.count else {
                output.append(byte)
                index += 1
                continue
            }
            let escape = content[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                guard index + 4 <= content.count else {
                    throw JSONProblem(message: "expected 4 hex digits after \\u", offset: offset + index)
                }
                var scalar = hex4(index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    guard index + 6 <= content.count, content[index] == ASCII.backslash,
                        content[index + 1] == UInt8(ascii: "u")
                    else { throw JSONProblem(message: "lone UTF-16 surrogate in \\u escape", offset: offset + index) }
                    let low = hex4(index + 2)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw JSONProblem(message: "lone UTF-16 surrogate in \\u escape", offset: offset + index)
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw JSONProblem(message: "lone UTF-16 surrogate in \\u escape", offset: offset + index)
                }
                guard let unicode = Unicode.Scalar(scalar) else {
                    throw JSONProblem(message: "invalid \\u escape", offset: offset + index)
                }
                output.append(contentsOf: String(Character(unicode)).utf8)
            default: output.append(escape)  // \" \\ \/
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `value` as a JSON string, quotes included.
    static func write(_ value: String, to output: inout [UInt8]) {
        var value = value
        value.withUTF8 { write(bytes: $0, to: &output) }
    }

    /// Appends UTF-8 `bytes` as a JSON string, quotes included.
    static func write(bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        let hexDigits: StaticString = "0123456789abcdef"
        output.append(ASCII.quote)
        for byte in bytes {
            switch byte {
            case ASCII.quote: output.append(contentsOf: [ASCII.backslash, ASCII.quote])
            case ASCII.backslash: output.append(contentsOf: [ASCII.backslash, ASCII.backslash])
            case 0x0A: output.append(contentsOf: [ASCII.backslash, UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [ASCII.backslash, UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [ASCII.backslash, UInt8(ascii: "t")])
            case 0..<0x20:
                output.append(contentsOf: [ASCII.backslash, UInt8(ascii: "u"), 0x30, 0x30])
                output.append(hexDigits.utf8Start[Int(byte >> 4)])
                output.append(hexDigits.utf8Start[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(ASCII.quote)
    }
}
