import Foundation

/// Byte-for-byte comparison of outputs. `String`'s `==` compares canonical equivalence ("é"
/// equals "e\u{301}"), and a generic `elementsEqual` over the UTF-8 views is slow enough to
/// dominate a benchmark run over a million strings, so this compares the UTF-8 with `memcmp`.
enum SameBytes {
    static func check(_ left: String, _ right: String) -> Bool {
        var left = left
        var right = right
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in equal(leftBytes, rightBytes) }
        }
    }

    static func check(_ string: String, _ bytes: ArraySlice<UInt8>) -> Bool {
        var string = string
        return string.withUTF8 { stringBytes in
            bytes.withUnsafeBufferPointer { equal(stringBytes, $0) }
        }
    }

    private static func equal(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
        return memcmp(leftBase, rightBase, left.count) == 0
    }
}
