#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension PatternCache {
    /// Everything but the text that tells cached patterns apart: a few words, compared first.
    struct Settings: Hashable, Sendable {
        var wholeMatch: Bool
        var options: Pattern.Options
        var jit: Pattern.JITMode
        var limits: Pattern.Limits
    }

    /// What the cache keys a pattern by.
    struct Key: Hashable, Sendable {
        // The cheap fields first: synthesized == compares in declaration order.
        var settings: Settings
        var source: ExactText
    }
}

/// A string compared and hashed by its UTF-8 bytes.
///
/// Swift's `String ==` treats canonically equivalent text as equal ("é" and "e\u{301}"), but
/// as patterns they match different bytes, so the cache must not hand one out for the other.
struct ExactText: Hashable, Sendable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        let left = lhs.text.utf8
        let right = rhs.text.utf8
        guard left.count == right.count else { return false }
        // Native strings are contiguous: compare their bytes at once; others (bridged) slowly.
        let fast = left.withContiguousStorageIfAvailable { leftBytes in
            right.withContiguousStorageIfAvailable { rightBytes in
                guard let leftStart = leftBytes.baseAddress, let rightStart = rightBytes.baseAddress else {
                    return true  // both empty
                }
                return leftStart == rightStart || memcmp(leftStart, rightStart, leftBytes.count) == 0
            }
        }
        return (fast ?? nil) ?? left.elementsEqual(right)
    }

    func hash(into hasher: inout Hasher) {
        var copy = text
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// The representation of a `String` value (its two words), to tell in one comparison that a
/// string is the very value seen before.
///
/// Equal identities mean equal strings: a small string's representation holds its bytes, and
/// a large one's holds its count and the address of its storage, whose bytes cannot change
/// while a copy of the string refers to it (strings are values). Different identities say
/// nothing (the same text may be stored twice), so callers fall back to ``ExactText``. Whoever
/// keeps an identity must keep the string too, or the storage could be freed and reused for
/// another text at the same address.
struct TextIdentity: Equatable, Sendable {
    private var words: (UInt64, UInt64) = (0, 0)

    /// Whether two words hold a whole `String` here (16 bytes on 64-bit platforms, 12 on
    /// 32-bit ones); if not, no two identities are considered equal.
    /// (Computed, not stored: a constant the optimizer folds, with no lazy initialization.)
    private static var isComplete: Bool {
        MemoryLayout<String>.size <= MemoryLayout<(UInt64, UInt64)>.size
    }

    @inline(__always)
    init(_ text: String) {
        words = withUnsafeBytes(of: text) { source in
            if source.count == 16 {  // 64-bit platforms: two loads
                return (
                    source.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
                    source.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                )
            }
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { target in
                target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source.prefix(target.count)))
            }
            return words
        }
    }

    @inline(__always)
    static func == (lhs: TextIdentity, rhs: TextIdentity) -> Bool {
        // Padding bytes (on 32-bit platforms) can only make equal strings look different.
        isComplete && lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1
    }
}
