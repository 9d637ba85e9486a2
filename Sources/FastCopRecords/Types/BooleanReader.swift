import Glibc

/// Booleans: exact, case-sensitive membership in the field's `trueValues` and `falseValues` (no
/// whitespace is stripped), as frictionless-py reads them. A text in both lists is false
/// (frictionless-py builds its mapping true values first, then false values).
struct BooleanReader: Sendable {
    /// Each value's bytes and what it means, false values after true values, the later winning.
    private let values: [(bytes: [UInt8], value: Bool)]

    init(_ type: FieldType) {
        var values: [(bytes: [UInt8], value: Bool)] = []
        for (texts, value) in [(type.trueValues, true), (type.falseValues, false)] {
            for text in texts {
                let bytes = Array(text.utf8)
                values.removeAll { $0.bytes == bytes }
                values.append((bytes, value))
            }
        }
        self.values = values
    }

    /// - Complexity: O(number of values × length), no allocation.
    @inline(__always)
    func read(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        for entry in values where entry.bytes.count == text.count {
            let same = entry.bytes.withUnsafeBufferPointer { bytes in
                text.count == 0 || memcmp(bytes.baseAddress!, text.baseAddress!, text.count) == 0
            }
            if same { return entry.value }
        }
        return nil
    }
}
