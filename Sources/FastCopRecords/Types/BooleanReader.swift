import Glibc

/// Booleans: exact, case-sensitive membership in the field's `trueValues` and `falseValues` (no
/// whitespace is stripped), as frictionless-py reads them. A text in both lists is false
/// (frictionless-py builds its mapping true values first, then false values).
struct BooleanReader: Sendable {
    /// Every value's bytes, one after another.
    private let bytes: [UInt8]
    /// Each value's place in `bytes` and what it means, false values after true values.
    private let entries: [(offset: Int, count: Int, value: Bool)]

    init(_ type: FieldType) {
        var values: [(bytes: [UInt8], value: Bool)] = []
        for (texts, value) in [(type.trueValues, true), (type.falseValues, false)] {
            for text in texts {
                let bytes = Array(text.utf8)
                values.removeAll { $0.bytes == bytes }
                values.append((bytes, value))
            }
        }
        var bytes: [UInt8] = []
        var entries: [(offset: Int, count: Int, value: Bool)] = []
        for (text, value) in values {
            entries.append((bytes.count, text.count, value))
            bytes += text
        }
        self.bytes = bytes
        self.entries = entries
    }

    /// - Complexity: O(number of values × length), no allocation.
    @inline(__always)
    func read(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        bytes.withUnsafeBufferPointer { bytes in
            entries.withUnsafeBufferPointer { entries in
                for entry in entries where entry.count == text.count {
                    if text.count == 0 || memcmp(bytes.baseAddress! + entry.offset, text.baseAddress!, text.count) == 0
                    {
                        return entry.value
                    }
                }
                return nil
            }
        }
    }
}
