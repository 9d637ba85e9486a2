/// Control characters shown as text, as the JSON Lines rejects show them (`\n`, `\r`, `\t`,
/// `\u0000`): a NUL or an escape written raw into a message or an answer line would cut it short
/// for a reader that stops at NUL, or start a new line for one that takes a CR as a line end.
extension RejectText {
    /// Whether `byte` is a control character (U+0000 to U+001F) other than tab: what pipe-mode
    /// answers never hold raw.
    @inline(__always)
    static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 && byte != ASCII.tab }

    /// The control character `byte` (below 0x20) as its escape: `\n`, `\r`, `\t`, else
    /// `\u00XX`.
    static func escape(control byte: UInt8) -> String {
        switch byte {
        case ASCII.newline: return "\\n"
        case ASCII.carriageReturn: return "\\r"
        case ASCII.tab: return "\\t"
        default:
            let hex = String(byte, radix: 16)
            return "\\u00" + (hex.count == 1 ? "0" : "") + hex
        }
    }

    /// The offset of the first control character other than tab in `bytes`, or nil.
    static func firstControl(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        bytes.firstIndex(where: isControl)
    }

    /// Appends `bytes` with each control character but tab shown as its escape (an original
    /// row in a pipe-mode answer: its tabs stay, as it is the last column).
    static func appendShowingControls(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var copied = 0
        while let offset = firstControl(in: UnsafeBufferPointer(rebasing: bytes[copied...])) {
            let index = copied + offset
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
            output.append(contentsOf: escape(control: bytes[index]).utf8)
            copied = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
    }
}
