/// Integers and years, as frictionless-py reads them with Python's `int()`.
enum IntegerReader {
    /// The integer in `text`: Python whitespace around it is dropped; then, when `bareNumber` is
    /// false, the leading characters other than "-" and digits and the trailing non-digits
    /// ("$", " EUR") and the whitespace this uncovers; then an optional sign and ASCII digits with
    /// single underscores between them ("1_000"). Leading zeros are fine ("007" is 7). Nil for
    /// anything else, and for values outside Int64.
    ///
    /// - Complexity: O(n), no allocation.
    @inline(__always)
    static func read(_ text: UnsafeBufferPointer<UInt8>, bareNumber: Bool) -> Int64? {
        var (start, end) = (0, text.count)
        // Fast path: plain ASCII digits with an optional "-", the common case.
        if end > 0, end <= 18, bareNumber {
            var i = 0
            let negative = text[0] == UInt8(ascii: "-")
            if negative { i = 1 }
            if i < end {
                var value: Int64 = 0
                while i < end, PythonText.isDigit(text[i]) {
                    value = value &* 10 &+ Int64(text[i] &- 0x30)
                    i += 1
                }
                if i == end { return negative ? -value : value }
            }
        }
        (start, end) = PythonText.strip(text, start, end)
        if !bareNumber {
            (start, end) = stripNonNumeric(text, start, end)
            (start, end) = PythonText.strip(text, start, end)
        }
        return parseInt(text, start, end)
    }

    /// Drops what frictionless-py's `((^[^-\d]*)|(\D*$))` removes from a number that is not
    /// bare: the leading characters other than "-" and digits, and the trailing non-digits.
    @inline(__always)
    static func stripNonNumeric(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (Int, Int) {
        var start = start
        var end = end
        while start < end, text[start] != UInt8(ascii: "-"), !PythonText.isDigit(text[start]) { start += 1 }
        while end > start, !PythonText.isDigit(text[end - 1]) { end -= 1 }
        return (start, end)
    }

    /// Python's `int(text)` on an already stripped range: a sign, then digits with single "_"
    /// between them. Nil outside Int64.
    @inline(__always)
    static func parseInt(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int64? {
        var i = start
        guard i < end else { return nil }
        var negative = false
        if text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            negative = text[i] == UInt8(ascii: "-")
            i += 1
        }
        guard i < end, PythonText.isDigit(text[i]) else { return nil }
        // Accumulated negatively so that Int64.min fits.
        var value: Int64 = 0
        while i < end {
            var byte = text[i]
            if byte == UInt8(ascii: "_") {
                i += 1
                guard i < end, PythonText.isDigit(text[i]) else { return nil }
                byte = text[i]
            } else if !PythonText.isDigit(byte) {
                return nil
            }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = times10.subtractingReportingOverflow(Int64(byte &- 0x30))
            if o1 || o2 { return nil }
            value = next
            i += 1
        }
        if negative { return value }
        return value == Int64.min ? nil : -value
    }

    /// A year as frictionless-py reads it: exactly four characters (not stripped) that Python's
    /// `int()` reads (so " 123", "+123", "1_00" and "0099" are years), in 0...9999.
    @inline(__always)
    static func readYear(_ text: UnsafeBufferPointer<UInt8>) -> Int32? {
        if text.count == 4, PythonText.isDigit(text[0]), PythonText.isDigit(text[1]),
            PythonText.isDigit(text[2]), PythonText.isDigit(text[3])
        {
            return Int32(text[0] &- 0x30) * 1000 + Int32(text[1] &- 0x30) * 100 + Int32(text[2] &- 0x30) * 10
                + Int32(text[3] &- 0x30)
        }
        // Four characters: count the UTF-8 lead bytes (whitespace such as U+00A0 is allowed).
        var characters = 0
        for byte in text where byte & 0xC0 != 0x80 { characters += 1 }
        guard characters == 4 else { return nil }
        let (start, end) = PythonText.strip(text, 0, text.count)
        guard let value = parseInt(text, start, end), value >= 0, value <= 9999 else { return nil }
        return Int32(value)
    }
}
