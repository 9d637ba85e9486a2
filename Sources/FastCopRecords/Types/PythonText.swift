/// The few pieces of Python's text handling the readers copy, on UTF-8 bytes.
enum PythonText {
    /// The byte range of `text[start..<end]` without the leading and trailing characters Python's
    /// `str.strip()` removes (`str.isspace()`: ASCII whitespace, U+001C-U+001F, U+0085, U+00A0,
    /// U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000).
    @inline(__always)
    static func strip(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (Int, Int) {
        var start = start
        var end = end
        while start < end {
            let width = spaceWidth(startingAt: start, in: text, end: end)
            if width == 0 { break }
            start += width
        }
        while start < end {
            let width = spaceWidth(endingAt: end, in: text, start: start)
            if width == 0 { break }
            end -= width
        }
        return (start, end)
    }

    /// Whether `byte` is an ASCII character Python's `isspace()` accepts.
    @inline(__always)
    static func isASCIISpace(_ byte: UInt8) -> Bool {
        (byte >= 0x09 && byte <= 0x0D) || (byte >= 0x1C && byte <= 0x20)
    }

    /// The width of the whitespace character starting at `i`, or 0.
    @inline(__always)
    static func spaceWidth(startingAt i: Int, in text: UnsafeBufferPointer<UInt8>, end: Int) -> Int {
        let byte = text[i]
        if byte < 0x80 { return isASCIISpace(byte) ? 1 : 0 }
        if byte == 0xC2, i + 1 < end { return text[i + 1] == 0x85 || text[i + 1] == 0xA0 ? 2 : 0 }
        if byte >= 0xE1, byte <= 0xE3, i + 2 < end {
            return isWideSpace(byte, text[i + 1], text[i + 2]) ? 3 : 0
        }
        return 0
    }

    /// The width of the whitespace character ending right before `end`, or 0.
    @inline(__always)
    static func spaceWidth(endingAt end: Int, in text: UnsafeBufferPointer<UInt8>, start: Int) -> Int {
        let byte = text[end - 1]
        if byte < 0x80 { return isASCIISpace(byte) ? 1 : 0 }
        if end - start >= 2, text[end - 2] == 0xC2, byte == 0x85 || byte == 0xA0 { return 2 }
        if end - start >= 3, isWideSpace(text[end - 3], text[end - 2], byte) { return 3 }
        return 0
    }

    /// U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000 as three UTF-8 bytes.
    @inline(__always)
    private static func isWideSpace(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Bool {
        switch (a, b) {
        case (0xE1, 0x9A): return c == 0x80
        case (0xE2, 0x80): return c <= 0x8A || c == 0xA8 || c == 0xA9 || c == 0xAF
        case (0xE2, 0x81): return c == 0x9F
        case (0xE3, 0x80): return c == 0x80
        default: return false
        }
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// ASCII lowercase of a letter; other bytes as they are.
    @inline(__always)
    static func lower(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }
}
