/// A filter that removes whitespace and line breaks at both ends of a string.
///
/// Mirrors SwiftFilter's `TrimFilter`, which calls Foundation's `trimmingCharacters(in:
/// .whitespacesAndNewlines)`. FastCop trims the same characters without Foundation (which
/// costs several microseconds per call on Linux): the Unicode White_Space characters (space,
/// tab, line breaks, NEL, no-break spaces, the other space separators, U+2028, U+2029) and
/// U+200B zero-width space, which swift-corelibs-foundation's set also holds. Not the byte
/// order mark or other invisible characters (see ``StripInvisiblesFilter``). As Foundation,
/// it trims Unicode scalars, not Characters: in " \u{301}x" the space goes and the combining
/// accent stays. Whitespace inside the string is kept; "" gives "".
///
/// ```swift
/// try TrimFilter().apply(to: " \t Some foo \n")   // "Some foo"
/// ```
public final class TrimFilter: FilterProtocol, Sendable {
    /// Creates the filter (it has no settings).
    public init(_ initialize: (TrimFilter) -> Void = { _ in }) {
        initialize(self)
    }

    /// Returns the trimmed string cast to `O`; nil for a value that is not a `String`.
    public func filter<I, O>(_ value: I?, _ context: [String: Any]?) throws -> O? {
        filterString(value) { TrimFilter.trim($0) }
    }

    /// Returns `value` trimmed.
    public func apply(to value: String, context: [String: Any]?) throws -> String? {
        TrimFilter.trim(value)
    }

    static func trim(_ string: String) -> String {
        // Common case: the ends are printable ASCII, so there is nothing to trim and no copy.
        if let first = string.utf8.first, let last = string.utf8.last, (0x21..<0x7F).contains(first),
            (0x21..<0x7F).contains(last)
        {
            return string
        }
        let scalars = string.unicodeScalars
        guard let start = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        guard let end = scalars.lastIndex(where: { !isTrimmed($0) }) else { return "" }
        return String(scalars[start...end])
    }

    /// Foundation's `CharacterSet.whitespacesAndNewlines` on Linux: Unicode White_Space and
    /// U+200B.
    @inline(__always)
    static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == " " || (0x09...0x0D).contains(scalar.value) }
        return scalar.value == 0x200B || scalar.properties.isWhitespace
    }
}
