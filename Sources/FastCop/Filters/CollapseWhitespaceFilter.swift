/// A filter that turns every run of whitespace into one space.
///
/// A FastCop addition. Whitespace is PCRE2's Unicode `\s`: spaces, tabs, line breaks (LF, CR,
/// CRLF, NEL, U+2028, U+2029), no-break spaces and the other Unicode space separators
/// (U+00A0, U+2009, U+3000…). Zero-width spaces are not whitespace (see
/// ``StripInvisiblesFilter``). Runs at the ends become one space too; chain a ``TrimFilter``
/// to remove them.
///
/// ```swift
/// try CollapseWhitespaceFilter().apply(to: "a \t\n b\u{A0}\u{A0}c")   // "a b c"
/// ```
public final class CollapseWhitespaceFilter: FilterProtocol, Sendable {
    /// Compiled once; `\s` is Unicode-aware under FastCop's default `PCRE2_UCP`. A single
    /// space is left alone (it would be replaced by itself), so text that needs no change is
    /// returned without a copy.
    private static let whitespaceRuns = Result { try Pattern(#"\s{2,}|[^\S ]"#) }
    /// The same pattern held by each filter: read from an immutable property of the filter,
    /// it is borrowed by every call, with no retain and release of an object that all threads
    /// share (``Result/get()`` on the static above returns a retained copy each time).
    private let runs: Pattern?

    /// Creates the filter (it has no settings).
    public init(_ initialize: (CollapseWhitespaceFilter) -> Void = { _ in }) {
        runs = try? CollapseWhitespaceFilter.whitespaceRuns.get()
        initialize(self)
    }

    /// Returns the string with whitespace runs collapsed, cast to `O`; nil for a value that is
    /// not a `String`.
    ///
    /// - Throws: a ``PatternError`` only if the match hits a limit (it cannot for `\s+`).
    public func filter<I, O>(_ value: I?, _ context: [String: Any]?) throws -> O? {
        try filterString(value) { try collapse($0) }
    }

    /// Returns `value` with whitespace runs collapsed.
    public func apply(to value: String, context: [String: Any]?) throws -> String? {
        try collapse(value)
    }

    private func collapse(_ string: String) throws -> String {
        // Optional chaining on the stored `let` borrows the pattern (no retain of a shared object).
        if let collapsed = try runs?.replacing(in: string, withLiteral: " ") { return collapsed }
        return try CollapseWhitespaceFilter.whitespaceRuns.get().replacing(in: string, withLiteral: " ")
    }
}
