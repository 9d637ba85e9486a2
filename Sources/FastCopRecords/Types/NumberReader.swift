import Glibc

/// Numbers, as frictionless-py 5.21 reads them with Python's `Decimal()`.
///
/// A field's text is stripped of Python whitespace; when `bareNumber` is false its leading
/// characters other than "-" and digits and its trailing non-digits are dropped; every
/// `groupChar` is removed; with a `decimalChar` other than "." a remaining "." makes it no number;
/// the `decimalChar` becomes "."; then Decimal's grammar: a sign, digits with an optional "." and
/// fraction (".5" and "5." are numbers), an optional exponent ("1e3", "1E+03"), or "Infinity"/"inf"
/// or "NaN"/"sNaN" (any case, NaN with digits after it). Decimal ignores every "_".
struct NumberReader: Sendable {
    let bareNumber: Bool
    let decimalChar: [UInt8]
    let groupChar: [UInt8]
    /// No copy is needed: bare, no group separator, "." for decimals.
    let plain: Bool

    init(_ type: FieldType) throws(TypeFormatError) {
        bareNumber = type.bareNumber
        decimalChar = Array(type.decimalChar.utf8)
        groupChar = Array(type.groupChar.utf8)
        guard !decimalChar.isEmpty else {
            throw TypeFormatError("the decimalChar of a number field cannot be empty")
        }
        plain = bareNumber && groupChar.isEmpty && decimalChar == [UInt8(ascii: ".")]
        // One-byte separators that are not digits, signs or each other: the separated quick path.
        let separator = { (bytes: [UInt8]) in
            bytes.count == 1 && bytes[0] < 0x80 && !PythonText.isDigit(bytes[0])
                && ![UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "_")].contains(bytes[0])
        }
        if bareNumber && separator(decimalChar) && (groupChar.isEmpty || separator(groupChar))
            && groupChar != decimalChar
        {
            quickSeparators = (decimalChar[0], groupChar.first)
        } else {
            quickSeparators = nil
        }
    }

    /// The one-byte decimal and group separators of a bare number field ("." and none, or
    /// `1.234,56`'s), read by ``quickRead(_:decimal:group:)``; nil otherwise.
    let quickSeparators: (decimal: UInt8, group: UInt8?)?

    /// The value of `text`, or nil when it is no number.
    @inline(__always)
    func read(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        if let (decimal, group) = quickSeparators, let value = Self.quickRead(text, decimal: decimal, group: group) {
            return value
        }
        return withNormalized(text) { normalized in
            guard let parsed = ParsedNumber(normalized) else { return nil }
            return parsed.doubleValue(normalized)
        }
    }

    /// Appends the canonical text of `text`'s number (nothing when it is no number).
    func writeCanonical(_ text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        _ = withNormalized(text) { normalized -> Bool? in
            guard let parsed = ParsedNumber(normalized) else { return nil }
            parsed.writePlain(normalized, to: &output)
            return true
        }
    }

    /// The common case in one pass, read exactly (Clinger's fast path: at most 16 digits, below
    /// 2^53, over a power of ten that is exact): `-?` then digits, every `group` byte dropped
    /// wherever it is (as frictionless-py drops them), one `decimal` byte. Anything else (another
    /// ".", spaces, a "+", an exponent) is left to the full reader: nil.
    @inline(__always)
    static func quickRead(_ text: UnsafeBufferPointer<UInt8>, decimal: UInt8, group: UInt8?) -> Double? {
        let end = text.count
        guard end > 0, end <= 32 else { return nil }
        var i = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        var significand: UInt64 = 0
        var digits = 0
        var fraction = -1
        while i < end {
            let byte = text[i]
            if PythonText.isDigit(byte) {
                significand = significand &* 10 &+ UInt64(byte &- 0x30)
                digits += 1
                if fraction >= 0 { fraction += 1 }
            } else if byte == group {
                // dropped
            } else if byte == decimal && fraction < 0 {
                fraction = 0
            } else {
                return nil
            }
            i += 1
        }
        guard digits > 0, digits <= 16, significand <= 1 << 53 else { return nil }
        let value = Double(significand) / ParsedNumber.powerOfTen(max(0, fraction))
        return negative ? -value : value
    }

    /// Calls `body` with the text as Decimal would see it: stripped, prefix and suffix dropped,
    /// group separators removed, the decimal separator made ".". Nil when the text has a "." and
    /// another decimal separator.
    @inline(__always)
    func withNormalized<R>(_ text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R?) -> R? {
        var (start, end) = PythonText.strip(text, 0, text.count)
        if plain { return body(UnsafeBufferPointer(rebasing: text[start..<end])) }
        if !bareNumber { (start, end) = IntegerReader.stripNonNumeric(text, start, end) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(end - start, 1)) { buffer in
            var count = 0
            var i = start
            let dot = UInt8(ascii: ".")
            let customDecimal = decimalChar != [dot]
            // Group separators first (Python's `replace`, left to right, no overlaps).
            while i < end {
                if !groupChar.isEmpty, matches(groupChar, text, at: i, end: end) {
                    i += groupChar.count
                    continue
                }
                buffer[count] = text[i]
                count += 1
                i += 1
            }
            if customDecimal {
                // A "." left over is no number; then the decimal separator becomes ".".
                var j = 0
                var out = 0
                while j < count {
                    if buffer[j] == dot { return nil }
                    if buffer[j] == decimalChar[0], j + decimalChar.count <= count,
                        (1..<decimalChar.count).allSatisfy({ buffer[j + $0] == decimalChar[$0] })
                    {
                        buffer[out] = dot
                        out += 1
                        j += decimalChar.count
                        continue
                    }
                    buffer[out] = buffer[j]
                    out += 1
                    j += 1
                }
                count = out
            }
            let (s, e) = PythonText.strip(UnsafeBufferPointer(buffer), 0, count)
            return body(UnsafeBufferPointer(rebasing: UnsafeBufferPointer(buffer)[s..<e]))
        }
    }

    @inline(__always)
    private func matches(_ needle: [UInt8], _ text: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> Bool {
        guard text[i] == needle[0], i + needle.count <= end else { return false }
        for k in 1..<needle.count where text[i + k] != needle[k] { return false }
        return true
    }
}

/// A number in Decimal's grammar, as ranges of its (normalized) text.
struct ParsedNumber {
    enum Kind { case finite, infinity, nan }
    var kind: Kind
    var negative: Bool
    /// The digits before the "." (may hold "_").
    var integerDigits: Range<Int>
    /// The digits after the "." (may hold "_").
    var fractionDigits: Range<Int>
    /// The exponent written after "e", clamped to ±1_000_000_000.
    var exponent: Int

    /// Parses Decimal's grammar; every "_" is ignored, as Decimal does.
    @inline(__always)
    init?(_ text: UnsafeBufferPointer<UInt8>) {
        let end = text.count
        var i = 0
        @inline(__always) func skipUnderscores() { while i < end, text[i] == UInt8(ascii: "_") { i += 1 } }
        skipUnderscores()
        negative = false
        if i < end, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
            negative = text[i] == UInt8(ascii: "-")
            i += 1
        }
        skipUnderscores()
        exponent = 0
        guard i < end else { return nil }
        if !PythonText.isDigit(text[i]), text[i] != UInt8(ascii: ".") {
            integerDigits = i..<i
            fractionDigits = i..<i
            guard let special = Self.special(text, from: i) else { return nil }
            kind = special
            return
        }
        kind = .finite
        let integerStart = i
        var digits = 0
        while i < end, PythonText.isDigit(text[i]) || text[i] == UInt8(ascii: "_") {
            if text[i] != UInt8(ascii: "_") { digits += 1 }
            i += 1
        }
        integerDigits = integerStart..<i
        fractionDigits = i..<i
        if i < end, text[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            while i < end, PythonText.isDigit(text[i]) || text[i] == UInt8(ascii: "_") {
                if text[i] != UInt8(ascii: "_") { digits += 1 }
                i += 1
            }
            fractionDigits = fractionStart..<i
        }
        guard digits > 0 else { return nil }
        if i < end, text[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            skipUnderscores()
            var negativeExponent = false
            if i < end, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
                negativeExponent = text[i] == UInt8(ascii: "-")
                i += 1
            }
            var exponentDigits = 0
            var value = 0
            while i < end, PythonText.isDigit(text[i]) || text[i] == UInt8(ascii: "_") {
                if text[i] != UInt8(ascii: "_") {
                    exponentDigits += 1
                    value = min(value * 10 + Int(text[i] &- 0x30), 1_000_000_000)
                }
                i += 1
            }
            guard exponentDigits > 0 else { return nil }
            exponent = negativeExponent ? -value : value
        }
        guard i == end else { return nil }
    }

    /// "inf", "infinity", "nan", "snan" (any case; NaN may have digits after it) from `start`
    /// on, underscores ignored.
    private static func special(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Kind? {
        var i = start
        /// The next byte that is not "_", lowercased, or nil at the end.
        func next() -> UInt8? {
            while i < text.count {
                let byte = text[i]
                i += 1
                if byte != UInt8(ascii: "_") { return PythonText.lower(byte) }
            }
            return nil
        }
        func follows(_ word: StaticString) -> Bool {
            for k in 0..<word.utf8CodeUnitCount where next() != word.utf8Start[k] { return false }
            return true
        }
        let saved = i
        if follows("inf") {
            if next() == nil { return .infinity }
            i = saved
            return follows("infinity") && next() == nil ? .infinity : nil
        }
        i = saved
        if !follows("nan") {
            i = saved
            guard follows("snan") else { return nil }
        }
        while let byte = next() {
            guard PythonText.isDigit(byte) else { return nil }
        }
        return .nan
    }

    /// Calls `body` with each digit (not "_") of the integer part, then of the fraction.
    @inline(__always)
    private func forEachDigit(_ text: UnsafeBufferPointer<UInt8>, _ body: (UInt8, Bool) -> Void) {
        for k in integerDigits where text[k] != UInt8(ascii: "_") { body(text[k] &- 0x30, false) }
        for k in fractionDigits where text[k] != UInt8(ascii: "_") { body(text[k] &- 0x30, true) }
    }

    /// The nearest Double.
    @inline(__always)
    func doubleValue(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        switch kind {
        case .infinity: return negative ? -.infinity : .infinity
        case .nan: return .nan
        case .finite: break
        }
        // Significant digits (leading zeros dropped) into a UInt64 while they fit.
        var significand: UInt64 = 0
        var significantDigits = 0
        var fractionCount = 0
        forEachDigit(text) { digit, isFraction in
            if isFraction { fractionCount += 1 }
            if significantDigits == 0, digit == 0 { return }
            significantDigits += 1
            if significantDigits <= 19 { significand = significand &* 10 &+ UInt64(digit) }
        }
        let sign: Double = negative ? -1 : 1
        if significand == 0 { return sign * 0 }
        let power = exponent - fractionCount
        if significantDigits <= 19, significand <= 1 << 53, power >= -22, power <= 22 {
            let value = Double(significand)
            return sign * (power < 0 ? value / Self.powerOfTen(-power) : value * Self.powerOfTen(power))
        }
        return sign * slowDoubleValue(text, power: power)
    }

    /// 10^k for k in 0...22, all exact in a Double (a tuple: no array to retain).
    @inline(__always)
    static func powerOfTen(_ k: Int) -> Double {
        withUnsafeBytes(of: powersOfTen) { $0.load(fromByteOffset: k &* 8, as: Double.self) }
    }

    private static let powersOfTen:
        (
            Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double,
            Double, Double, Double, Double, Double, Double, Double, Double, Double, Double
        ) = (
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
            1e19, 1e20, 1e21, 1e22
        )

    /// strtod on "<digits>e<power>" (no "." so the C locale's radix character does not matter),
    /// written to stack memory.
    private func slowDoubleValue(_ text: UnsafeBufferPointer<UInt8>, power: Int) -> Double {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 24) { buffer in
            var count = 0
            forEachDigit(text) { digit, _ in
                buffer[count] = CChar(digit + 0x30)
                count += 1
            }
            buffer[count] = CChar(UInt8(ascii: "e"))
            count += 1
            if power < 0 {
                buffer[count] = CChar(UInt8(ascii: "-"))
                count += 1
            }
            var magnitude = power.magnitude
            var reversedStart = count
            repeat {
                buffer[count] = CChar(UInt8(magnitude % 10) + 0x30)
                count += 1
                magnitude /= 10
            } while magnitude > 0
            var reversedEnd = count - 1
            while reversedStart < reversedEnd {
                buffer.swapAt(reversedStart, reversedEnd)
                reversedStart += 1
                reversedEnd -= 1
            }
            buffer[count] = 0
            return strtod(buffer.baseAddress!, nil)
        }
    }
}

extension ParsedNumber {
    /// Appends the number as Python's `format(Decimal(text), "f")` writes it: plain decimal
    /// digits, the exponent applied ("1.5e3" is "1500", "1e-2" is "0.01"), the fraction's
    /// written zeros kept ("1.50" stays "1.50"), leading zeros dropped, "-" kept on zero ("-0").
    /// Infinities are "Infinity" and "-Infinity", NaN is "NaN" (its sign and digits dropped).
    /// An exponent that would take more than 400 zeros is written as Decimal's `str` does
    /// ("1E+500").
    func writePlain(_ text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        switch kind {
        case .nan:
            output.append(static: "NaN")
            return
        case .infinity:
            output.append(static: negative ? "-Infinity" : "Infinity")
            return
        case .finite: break
        }
        // Written on the stack (digits, at most 400 zeros, "-0." and an exponent), appended once.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * text.count + 440) { buffer in
            var count = 0
            func put(_ byte: UInt8) {
                buffer[count] = byte
                count += 1
            }
            if negative { put(UInt8(ascii: "-")) }
            // The coefficient: every digit, leading zeros dropped.
            let coefficientStart = count
            var fractionCount = 0
            for k in integerDigits where text[k] != UInt8(ascii: "_") {
                if count == coefficientStart, text[k] == UInt8(ascii: "0") { continue }
                put(text[k])
            }
            for k in fractionDigits where text[k] != UInt8(ascii: "_") {
                fractionCount += 1
                if count == coefficientStart, text[k] == UInt8(ascii: "0") { continue }
                put(text[k])
            }
            let coefficientCount = count - coefficientStart
            let power = exponent - fractionCount
            if coefficientCount == 0, power >= -400 {
                // Zero: "0", or "0." and the places the exponent leaves.
                put(UInt8(ascii: "0"))
                if power < 0 {
                    put(UInt8(ascii: "."))
                    for _ in 0..<(-power) { put(UInt8(ascii: "0")) }
                }
            } else if power > 400 || power < -400 {
                if coefficientCount == 0 { put(UInt8(ascii: "0")) }
                count = Self.writeScientific(buffer, coefficientStart: coefficientStart, end: count, power: power)
            } else if power >= 0 {
                for _ in 0..<power { put(UInt8(ascii: "0")) }
            } else if coefficientCount > -power {
                // "12345" with 2 places: "123.45".
                let pointAt = count + power
                var k = count
                while k > pointAt {
                    buffer[k] = buffer[k - 1]
                    k -= 1
                }
                buffer[pointAt] = UInt8(ascii: ".")
                count += 1
            } else {
                // "45" with 4 places: "0.0045".
                let shift = 2 + (-power - coefficientCount)
                var k = count - 1
                while k >= coefficientStart {
                    buffer[k + shift] = buffer[k]
                    k -= 1
                }
                buffer[coefficientStart] = UInt8(ascii: "0")
                buffer[coefficientStart + 1] = UInt8(ascii: ".")
                for z in 0..<(shift - 2) { buffer[coefficientStart + 2 + z] = UInt8(ascii: "0") }
                count += shift
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: UnsafeBufferPointer(buffer)[..<count]))
        }
    }

    /// Decimal's `str` for a coefficient written at `coefficientStart..<end` and an exponent:
    /// "1.5E+500". Returns the new end.
    private static func writeScientific(
        _ buffer: UnsafeMutableBufferPointer<UInt8>, coefficientStart: Int, end: Int, power: Int
    ) -> Int {
        var count = end
        let digits = count - coefficientStart
        let adjusted = power + digits - 1
        if digits > 1 {
            var k = count
            while k > coefficientStart + 1 {
                buffer[k] = buffer[k - 1]
                k -= 1
            }
            buffer[coefficientStart + 1] = UInt8(ascii: ".")
            count += 1
        }
        buffer[count] = UInt8(ascii: "E")
        buffer[count + 1] = adjusted < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
        count += 2
        for byte in String(adjusted.magnitude).utf8 {
            buffer[count] = byte
            count += 1
        }
        return count
    }
}
