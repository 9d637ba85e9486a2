/// Checks that bytes read from a file are valid UTF-8, fast on ASCII.
enum UTF8Validation {
    /// The offset of the first byte that is not part of a valid UTF-8 sequence, or nil when all
    /// of `bytes` is valid.
    ///
    /// Rejects what the Unicode standard rejects: stray continuation bytes, truncated
    /// sequences, overlong forms, surrogates (U+D800–U+DFFF) and code points above U+10FFFF.
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        while index < count {
            // ASCII fast path, eight bytes at a time.
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
            guard index < count else { return nil }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            let second = base[index + 1]
            guard second >= low && second <= high else { return index }
            for offset in 2..<length where base[index + offset] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }
}
