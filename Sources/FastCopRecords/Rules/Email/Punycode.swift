/// Punycode (RFC 3492), the ASCII spelling of an internationalized domain label: `bücher` is
/// `bcher-kva`, written in a domain as the A-label `xn--bcher-kva`.
///
/// The email rule decodes an `xn--` label to check it, and encodes a Unicode label to measure
/// its A-label (RFC 5321 lengths count the ASCII form). Digits are read in either case and
/// written in lower case.
///
/// - Complexity: O(*n*²) in the label's length at worst, as RFC 3492's own algorithm; a label
///   is at most 63 characters.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 0x80
    /// A bound well above any label, so that the arithmetic below cannot overflow.
    private static let maxValue = Int(Int32.max)

    /// The code points that `encoded` (ASCII, the part after `xn--`) stands for; nil when it is
    /// not Punycode: a byte that is neither a basic code point nor a digit, a truncated number,
    /// an overflow, or a result that is not a Unicode scalar or encodes a basic code point.
    static func decode(_ encoded: some Collection<UInt8>) -> [Unicode.Scalar]? {
        let input = Array(encoded)
        guard input.allSatisfy({ $0 < 0x80 }) else { return nil }
        // The basic code points are those before the last delimiter, copied as they are.
        let delimiter = input.lastIndex(of: UInt8(ascii: "-"))
        var output = (delimiter.map { input[..<$0] } ?? []).map { Unicode.Scalar($0) }
        var position = delimiter.map { $0 + 1 } ?? 0
        var n = initialN
        var i = 0
        var bias = initialBias
        while position < input.count {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard position < input.count, let digit = digitValue(input[position]) else { return nil }
                position += 1
                guard digit <= (maxValue - i) / weight else { return nil }
                i += digit * weight
                let threshold = self.threshold(k, bias: bias)
                if digit < threshold { break }
                guard weight <= maxValue / (base - threshold) else { return nil }
                weight *= base - threshold
                k += base
            }
            let count = output.count + 1
            bias = adapt(i - oldI, count: count, first: oldI == 0)
            guard i / count <= maxValue - n else { return nil }
            n += i / count
            i %= count
            guard n >= initialN, let scalar = Unicode.Scalar(UInt32(n)) else { return nil }
            output.insert(scalar, at: i)
            i += 1
        }
        return output
    }

    /// The Punycode of `scalars` (without `xn--`): the ASCII ones first, as they are, then a
    /// delimiter and the digits that place the others.
    static func encode(_ scalars: [Unicode.Scalar]) -> [UInt8] {
        let values = scalars.map { Int($0.value) }
        var output = values.filter { $0 < initialN }.map { UInt8($0) }
        let basicCount = output.count
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN
        var delta = 0
        var bias = initialBias
        var handled = basicCount
        while handled < values.count {
            // Every value left is at least n, and one of them is smaller than the rest.
            let next = values.lazy.filter { $0 >= n }.min() ?? n
            delta += (next - n) * (handled + 1)
            n = next
            for value in values {
                if value < n { delta += 1 }
                guard value == n else { continue }
                var q = delta
                var k = base
                while true {
                    let threshold = self.threshold(k, bias: bias)
                    if q < threshold { break }
                    output.append(digit(threshold + (q - threshold) % (base - threshold)))
                    q = (q - threshold) / (base - threshold)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, count: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return output
    }

    /// The value of a digit: `a`-`z` (either case) 0-25, `0`-`9` 26-35.
    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0")) + 26
        default: return nil
        }
    }

    /// The digit for `value` (0-35), in lower case.
    private static func digit(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }

    /// The threshold of the digit at `k` (RFC 3492 section 6.2).
    private static func threshold(_ k: Int, bias: Int) -> Int {
        k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
    }

    /// The bias after a code point (RFC 3492 section 6.1).
    private static func adapt(_ delta: Int, count: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
