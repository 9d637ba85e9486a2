/// TSV's backslash escapes, as Miller and "linear TSV" write them: `\t`, `\n`, `\r` and `\\`
/// stand for a tab, a line feed, a carriage return and a backslash inside a field. Any other
/// backslash is data (`C:\data` reads as written).
enum TSVEscapes {
    /// The value of a field holding escapes.
    static func decode(_ field: UnsafeBufferPointer<UInt8>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.count)
        var index = 0
        while index < field.count {
            let byte = field[index]
            if byte == ASCII.backslash && index + 1 < field.count, let decoded = decoded(field[index + 1]) {
                bytes.append(decoded)
                index += 2
                continue
            }
            bytes.append(byte)
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` with its tabs, line breaks and backslashes escaped.
    static func encode(_ value: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        for byte in value {
            switch byte {
            case ASCII.tab: output.append(contentsOf: [ASCII.backslash, UInt8(ascii: "t")])
            case ASCII.newline: output.append(contentsOf: [ASCII.backslash, UInt8(ascii: "n")])
            case ASCII.carriageReturn: output.append(contentsOf: [ASCII.backslash, UInt8(ascii: "r")])
            case ASCII.backslash: output.append(contentsOf: [ASCII.backslash, ASCII.backslash])
            default: output.append(byte)
            }
        }
    }

    /// The byte that `\` followed by `letter` stands for, or nil when it is no escape.
    private static func decoded(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "t"): return ASCII.tab
        case UInt8(ascii: "n"): return ASCII.newline
        case UInt8(ascii: "r"): return ASCII.carriageReturn
        case ASCII.backslash: return ASCII.backslash
        default: return nil
        }
    }
}
