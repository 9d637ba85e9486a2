import Foundation

/// A filter that removes whitespace and line breaks at both ends of a string.
///
/// Mirrors SwiftFilter's `TrimFilter`: Foundation's `trimmingCharacters(in:
/// .whitespacesAndNewlines)`, which also trims no-break spaces (U+00A0), the other Unicode
/// space separators, U+2028/U+2029, NEL and, on Linux, U+200B zero-width space; not the
/// byte order mark or other invisible characters (see ``StripInvisiblesFilter``). Foundation
/// trims Unicode scalars, not Characters: in " \u{301}x" the space goes and the combining
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
        filterString(value) { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// Returns `value` trimmed.
    public func apply(to value: String, context: [String: Any]?) throws -> String? {
        value.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
