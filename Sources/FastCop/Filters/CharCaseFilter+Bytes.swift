extension CharCaseFilter: ByteFilter {
    /// Appends `bytes` with their case changed: ASCII and Latin-1 lower and upper case on the
    /// bytes, everything else through ``convert(_:_:)``.
    package func apply(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) throws {
        guard let charCase = currentCase, charCase == .lowercase || charCase == .uppercase else {
            try applyThroughString(utf8: bytes, to: &output)
            return
        }
        CharCaseFilter.append(bytes, charCase, to: &output)
    }

    /// Appends the UTF-8 `bytes` converted as ``convert(_:_:)`` does (nil, for "", appends
    /// nothing).
    ///
    /// Lower and upper case are mapped on the bytes when every character is below U+0100 and
    /// maps one to one there: ASCII letters, and the Latin-1 letters U+00C0…U+00DE (but ×) and
    /// U+00E0…U+00FE (but ÷), whose cases differ by 0x20 in the second byte. The characters
    /// whose mapping leaves the range or grows (ß → "SS", ÿ → Ÿ, µ → Μ in upper case) and any
    /// text above U+00FF go through ``convert(_:_:)`` (Foundation, full Unicode mappings), as
    /// does Latin-1 text with a NUL (Foundation's mapping drops what follows it).
    @inline(__always)
    package static func append(_ bytes: UnsafeBufferPointer<UInt8>, _ charCase: Case, to output: inout [UInt8]) {
        if charCase == .lowercase || charCase == .uppercase {
            let lowercase = charCase == .lowercase
            let start = output.count
            output.append(contentsOf: bytes)
            let mapped = output.withUnsafeMutableBufferPointer { all in
                isAllASCII(UnsafeBufferPointer(rebasing: all[start...]))
                    ? mapASCII(&all, from: start, lowercase: lowercase)
                    : mapLatin1(&all, from: start, lowercase: lowercase)
            }
            if mapped { return }
            output.removeSubrange(start...)
        }
        guard var converted = convert(String(decoding: bytes, as: UTF8.self), charCase) else { return }
        converted.withUTF8 { output.append(contentsOf: $0) }
    }

    /// Changes the case of the ASCII letters of `all[start...]`; returns true.
    @inline(__always)
    private static func mapASCII(_ all: inout UnsafeMutableBufferPointer<UInt8>, from start: Int, lowercase: Bool)
        -> Bool
    {
        let (low, high): (UInt8, UInt8) = lowercase ? (0x41, 0x5A) : (0x61, 0x7A)
        for index in start..<all.count where all[index] >= low && all[index] <= high { all[index] ^= 0x20 }
        return true
    }

    /// Changes the case of `all[start...]` when all of it is ASCII or Latin-1 that maps one to
    /// one (see ``append(_:_:to:)``); returns false, with the bytes partly changed, otherwise.
    private static func mapLatin1(_ all: inout UnsafeMutableBufferPointer<UInt8>, from start: Int, lowercase: Bool)
        -> Bool
    {
        let (low, high): (UInt8, UInt8) = lowercase ? (0x41, 0x5A) : (0x61, 0x7A)
        var index = start
        while index < all.count {
            let byte = all[index]
            if byte < 0x80 {
                // Foundation's mapping ends the text at a NUL: leave that to it.
                if byte == 0 { return false }
                if byte >= low && byte <= high { all[index] = byte ^ 0x20 }
                index += 1
                continue
            }
            // U+0080…U+00BF are C2 xx, U+00C0…U+00FF are C3 xx; anything else goes to Foundation.
            guard byte == 0xC2 || byte == 0xC3 else { return false }
            let scalar = UInt32(byte & 0x1F) << 6 | UInt32(all[index + 1] & 0x3F)
            switch scalar {
            case 0xC0...0xDE where lowercase && scalar != 0xD7:
                all[index + 1] += 0x20
            case 0xE0...0xFE where !lowercase && scalar != 0xF7:
                all[index + 1] -= 0x20
            case 0xB5, 0xDF,
                0xFF where !lowercase:
                return false  // µ → Μ, ß → SS, ÿ → Ÿ
            default:
                break  // no case, or already in the asked case
            }
            index += 2
        }
        return true
    }
}
