/// The checks of a string field's `format`, each as the library frictionless-py 5.21 calls does
/// it, on UTF-8 bytes.
enum StringFormatChecks {
    /// "uri" (rfc3986 2.0 with the scheme required): the text starts with a scheme,
    /// `[A-Za-z][A-Za-z0-9+.-]*:`. rfc3986's validator checks nothing else by default.
    static func isURI(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = text.first, PythonText.lower(first) &- 0x61 < 26 else { return false }
        for byte in text.dropFirst() {
            if byte == UInt8(ascii: ":") { return true }
            let isSchemeByte =
                PythonText.lower(byte) &- 0x61 < 26 || PythonText.isDigit(byte) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
            if !isSchemeByte { return false }
        }
        return false
    }

    /// "uuid" (validators 0.36: Python's `UUID(text)`): every "urn:" and "uuid:" removed, then
    /// "{" and "}" at both ends, then every "-"; 32 characters left that Python's `int(_, 16)`
    /// reads (so surrounding whitespace, a sign, "0x" and single "_" between digits pass).
    static func isUUID(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !text.isEmpty, text.count <= 256 else { return false }
        // The common form, "12345678-1234-5678-1234-567812345678", first.
        if text.count == 36 {
            var canonical = true
            for i in 0..<36 {
                let byte = text[i]
                if i == 8 || i == 13 || i == 18 || i == 23 {
                    if byte != UInt8(ascii: "-") { canonical = false }
                } else if !(PythonText.isDigit(byte) || PythonText.lower(byte) &- 0x61 < 6) {
                    canonical = false
                }
            }
            if canonical { return true }
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count) { buffer in
            // Python: hex.replace('urn:', '').replace('uuid:', ''): two passes, in that order.
            var count = removeAll("urn:", from: text, into: buffer)
            count = removeAll(
                "uuid:", from: UnsafeBufferPointer(rebasing: UnsafeBufferPointer(buffer)[..<count]), into: buffer)
            var start = 0
            var end = count
            while start < end, buffer[start] == UInt8(ascii: "{") || buffer[start] == UInt8(ascii: "}") { start += 1 }
            while end > start, buffer[end - 1] == UInt8(ascii: "{") || buffer[end - 1] == UInt8(ascii: "}") { end -= 1 }
            var kept = 0
            var characters = 0
            for i in start..<end where buffer[i] != UInt8(ascii: "-") {
                buffer[kept] = buffer[i]
                kept += 1
                if buffer[i] & 0xC0 != 0x80 { characters += 1 }
            }
            guard characters == 32 else { return false }
            return isPythonHexInteger(UnsafeBufferPointer(rebasing: buffer[..<kept]))
        }
    }

    /// Copies `text` without the occurrences of `word` (left to right, no overlaps) into `buffer`.
    private static func removeAll(
        _ word: StaticString, from text: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        let length = word.utf8CodeUnitCount
        var count = 0
        var i = 0
        while i < text.count {
            if i + length <= text.count, (0..<length).allSatisfy({ text[i + $0] == word.utf8Start[$0] }) {
                i += length
                continue
            }
            buffer[count] = text[i]
            count += 1
            i += 1
        }
        return count
    }

    /// Python's `int(text, 16)`: whitespace around, a sign, an optional "0x" (then an optional
    /// "_"), hex digits with single "_" between them.
    private static func isPythonHexInteger(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var (i, end) = PythonText.strip(text, 0, text.count)
        if i < end, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") { i += 1 }
        func isHex(_ byte: UInt8) -> Bool { PythonText.isDigit(byte) || PythonText.lower(byte) &- 0x61 < 6 }
        if i + 1 < end, text[i] == UInt8(ascii: "0"), PythonText.lower(text[i + 1]) == UInt8(ascii: "x") {
            i += 2
            if i < end, text[i] == UInt8(ascii: "_") { i += 1 }
        }
        guard i < end, isHex(text[i]) else { return false }
        while i < end {
            if text[i] == UInt8(ascii: "_") {
                i += 1
                guard i < end, isHex(text[i]) else { return false }
            } else if !isHex(text[i]) {
                return false
            }
            i += 1
        }
        return true
    }

    /// "binary" (Python's `base64.b64decode(text)`, not strict): ASCII only; bytes outside the
    /// base64 alphabet are skipped; a complete "=" padding ends the data; the data characters
    /// must come in fours otherwise.
    static func isBase64(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var position = 0  // data characters in the current group of four
        var pads = 0
        for byte in text {
            if byte >= 0x80 { return false }
            if byte == UInt8(ascii: "=") {
                if position >= 2 {
                    pads += 1
                    if position + pads >= 4 { return text.allSatisfy { $0 < 0x80 } }
                }
                continue
            }
            let isAlphabet =
                PythonText.lower(byte) &- 0x61 < 26 || PythonText.isDigit(byte) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "/")
            guard isAlphabet else { continue }
            pads = 0
            position = (position + 1) & 3
        }
        return position == 0
    }

    /// "email" (validators 0.36 `email`, default options): one "@"; the user part at most 64
    /// characters and the domain at most 253; the user part a dot-atom (letters, digits,
    /// ``!#$%&'*+/=?^_`{}|~-`` and U+00A0-U+024F, single dots between), a quoted string, or a
    /// single U+00A0-U+024F character; the domain without whitespace or "__", labels of 1-63
    /// letters, digits and inner "-", at least two, the last ending with a letter.
    /// A non-ASCII domain label is checked as its punycode form ("xn--…" of the lowercased label;
    /// validators uses Python's IDNA 2003 codec, whose nameprep rules FastCop does not check).
    static func isEmail(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var at = -1
        for (i, byte) in text.enumerated() where byte == UInt8(ascii: "@") {
            guard at < 0 else { return false }
            at = i
        }
        guard at >= 0 else { return false }
        let user = UnsafeBufferPointer(rebasing: text[..<at])
        let domain = UnsafeBufferPointer(rebasing: text[(at + 1)...])
        guard characterCount(user) <= 64, characterCount(domain) <= 253 else { return false }
        return isEmailUser(user) && isEmailDomain(domain)
    }

    private static func characterCount(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in text where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// The scalar at `i` and its width (valid UTF-8).
    private static func scalar(_ text: UnsafeBufferPointer<UInt8>, _ i: Int) -> (UInt32, Int) {
        let byte = text[i]
        if byte < 0x80 { return (UInt32(byte), 1) }
        if byte < 0xE0 { return (UInt32(byte & 0x1F) << 6 | UInt32(text[i + 1] & 0x3F), 2) }
        if byte < 0xF0 {
            return (UInt32(byte & 0x0F) << 12 | UInt32(text[i + 1] & 0x3F) << 6 | UInt32(text[i + 2] & 0x3F), 3)
        }
        return (
            UInt32(byte & 0x07) << 18 | UInt32(text[i + 1] & 0x3F) << 12 | UInt32(text[i + 2] & 0x3F) << 6
                | UInt32(text[i + 3] & 0x3F), 4
        )
    }

    /// ASCII letters, digits and ``!#$%&'*+/=?^_`{}|~-``: a bit per byte.
    private static let atomBytes: (UInt64, UInt64) = {
        var masks: (UInt64, UInt64) = (0, 0)
        for byte in Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{}|~-".utf8) {
            if byte < 64 { masks.0 |= 1 << UInt64(byte) } else { masks.1 |= 1 << UInt64(byte - 64) }
        }
        return masks
    }()

    @inline(__always)
    private static func isAtomByte(_ byte: UInt8) -> Bool {
        byte < 64 ? atomBytes.0 >> UInt64(byte) & 1 == 1 : byte < 128 && atomBytes.1 >> UInt64(byte - 64) & 1 == 1
    }

    private static func isExtendedLatin(_ scalar: UInt32) -> Bool { scalar >= 0xA0 && scalar <= 0x24F }

    /// validators' user-part regular expression (Python's `$` also matches before a final "\n").
    private static func isEmailUser(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = text.count
        if end > 0, text[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        let user = UnsafeBufferPointer(rebasing: text[..<end])
        guard !user.isEmpty else { return false }
        // A single extended-Latin character.
        let (first, width) = scalar(user, 0)
        if width == user.count, isExtendedLatin(first) { return true }
        // A quoted string.
        if user[0] == UInt8(ascii: "\""), user.count >= 2, user[user.count - 1] == UInt8(ascii: "\"") {
            var i = 1
            var quotedOK = true
            while i < user.count - 1 {
                let (value, width) = scalar(user, i)
                if value == 0x5C, i + 1 < user.count - 1,
                    user[i + 1] == UInt8(ascii: "\t") || user[i + 1] == UInt8(ascii: ".")
                {
                    i += 2
                    continue
                }
                let allowed =
                    isExtendedLatin(value) || (value >= 1 && value <= 8) || value == 0x0B || value == 0x0C
                    || (value >= 0x0E && value <= 0x1F) || value == 0x21 || (value >= 0x23 && value <= 0x5B)
                    || (value >= 0x5D && value <= 0x7F)
                guard allowed else {
                    quotedOK = false
                    break
                }
                i += width
            }
            if quotedOK { return true }
        }
        // A dot-atom.
        var i = 0
        var atomLength = 0
        while i < user.count {
            let (value, width) = scalar(user, i)
            if value == 0x2E {
                guard atomLength > 0 else { return false }
                atomLength = 0
            } else {
                let allowed =
                    isExtendedLatin(value)
                    || (value < 0x80
                        && (PythonText.lower(UInt8(value)) &- 0x61 < 26 || PythonText.isDigit(UInt8(value))))
                    || "!#$%&'*+/=?^_`{}|~-".utf8.contains(where: { UInt32($0) == value })
                guard allowed else { return false }
                atomLength += 1
            }
            i += width
        }
        return atomLength > 0
    }

    /// validators' `hostname`/`domain` checks for an email's domain (default options).
    private static func isEmailDomain(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !text.isEmpty else { return false }
        // No whitespace (Python's `\s`) and no "__".
        var i = 0
        while i < text.count {
            if PythonText.spaceWidth(startingAt: i, in: text, end: text.count) > 0 { return false }
            if text[i] == UInt8(ascii: "_"), i + 1 < text.count, text[i + 1] == UInt8(ascii: "_") { return false }
            i += 1
        }
        // Labels: all but the last `[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?`, the last
        // `[a-z0-9][a-z0-9-]{0,61}[a-z]`, at least two; a non-ASCII label is its punycode form.
        var labels = 0
        var start = 0
        var end = 0
        while start <= text.count {
            end = start
            while end < text.count, text[end] != UInt8(ascii: ".") { end += 1 }
            let label = UnsafeBufferPointer(rebasing: text[start..<end])
            let isLast = end == text.count
            guard !label.isEmpty, label.count <= 63 else { return false }
            if label.contains(where: { $0 >= 0x80 }) {
                // Python's IDNA codec: "xn--" and the punycode of the (lowercased) label.
                guard !label.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return false }
                let scalars = Array(String(decoding: label, as: UTF8.self).lowercased().unicodeScalars)
                let encoded = Punycode.encode(scalars)
                guard encoded.count + 4 <= 63 else { return false }
                if isLast {
                    guard let last = encoded.last, PythonText.lower(last) &- 0x61 < 26, labels >= 1 else {
                        return false
                    }
                }
            } else {
                for byte in label {
                    guard PythonText.lower(byte) &- 0x61 < 26 || PythonText.isDigit(byte) || byte == UInt8(ascii: "-")
                    else { return false }
                }
                guard label[0] != UInt8(ascii: "-") else { return false }
                if isLast {
                    guard label.count >= 2, PythonText.lower(label[label.count - 1]) &- 0x61 < 26, labels >= 1 else {
                        return false
                    }
                } else {
                    guard label[label.count - 1] != UInt8(ascii: "-") else { return false }
                }
            }
            labels += 1
            if isLast { break }
            start = end + 1
        }
        return labels >= 2
    }
}
