/// Which length rule ``Trial/length(_:_:)`` applies.
///
/// Mirrors SwiftCop's `Lenght` enum (sic); the original spelling is kept as the alias
/// ``Lenght`` so old code compiles. Lengths count `Character`s (extended grapheme clusters),
/// as `String.count` does: "e\u{301}" and "👨‍👩‍👧" are one character each.
public enum Length: Sendable, Hashable, CaseIterable {
    /// The evidence has exactly *n* characters (payload `Int`).
    case `is`
    /// The evidence has at most *n* characters (payload `Int`).
    case maximum
    /// The evidence has at least *n* characters (payload `Int`).
    case minimum
    /// The character count lies in a range (payload `Range<Int>` or `ClosedRange<Int>`).
    case `in`
}

/// SwiftCop's original, misspelled name for ``Length``, kept so that code written for
/// SwiftCop 1.1.0 (`Trial.length(Lenght.minimum, 4)`) compiles.
public typealias Lenght = Length
