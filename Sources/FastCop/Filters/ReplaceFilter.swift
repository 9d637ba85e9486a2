import Foundation

/// A filter that replaces text: every occurrence of a string, or a range of Characters.
///
/// Mirrors SwiftFilter's `ReplaceFilter`.
///
/// ```swift
/// let words = ReplaceFilter { $0.replaceType = .replaceString(searchStr: "foo", replacementStr: "bar") }
/// try words.apply(to: "foo food")   // "bar bard"
/// let head = ReplaceFilter { $0.replaceType = .replaceRange(advStart: 0, advEnd: 3, replacementStr: "bar") }
/// try head.apply(to: "fooé")        // "baré"
/// ```
public final class ReplaceFilter: FilterProtocol, @unchecked Sendable {
    // @unchecked: the settings are set while the filter is built and only read afterwards.

    /// What to replace. Mirrors SwiftFilter's `ReplaceFilter.ReplaceType`
    /// (`.ReplaceString`, `.ReplaceRange` in Swift 2).
    public enum ReplaceType: Sendable, Hashable {
        /// Every occurrence of `searchStr`, left to right, without overlaps, case-sensitive,
        /// becomes `replacementStr` (Foundation's `replacingOccurrences(of:with:)`, which
        /// compares canonically equivalent text as equal). An empty `searchStr` changes
        /// nothing.
        case replaceString(searchStr: String, replacementStr: String)
        /// The Characters from offset `advStart` up to, not including, offset `advEnd` become
        /// `replacementStr`. Offsets count Characters (grapheme clusters) from the start;
        /// `advStart == advEnd` inserts.
        case replaceRange(advStart: Int, advEnd: Int, replacementStr: String)
    }

    /// What to replace; nil makes the filter throw.
    public var replaceType: ReplaceType?

    /// What a range outside the string gives (a negative offset, an offset past the end, or
    /// `advEnd < advStart`): the input unchanged when true (the default), nil when false.
    ///
    /// The original declared this setting but never read it, and trapped on such ranges;
    /// FastCop never traps on input.
    public var returnInputOnFailure = true

    /// Creates the filter and lets `initialize` set ``replaceType``.
    public init(_ initialize: (ReplaceFilter) -> Void = { _ in }) {
        initialize(self)
    }

    /// Creates a filter making the replacement `replaceType` says (a FastCop addition).
    public convenience init(_ replaceType: ReplaceType) {
        self.init { $0.replaceType = replaceType }
    }

    /// Returns the string with the replacement made, cast to `O`.
    ///
    /// - Throws: ``FilterError/noReplaceType`` ("No replacementType given in ReplaceFilter")
    ///   when ``replaceType`` is nil.
    public func filter<I, O>(_ value: I?, _ context: [String: Any]?) throws -> O? {
        let replaceType = try configured()
        return filterString(value) { replace(in: $0, replaceType) }
    }

    /// Returns `value` with the replacement made.
    public func apply(to value: String, context: [String: Any]?) throws -> String? {
        replace(in: value, try configured())
    }

    private func configured() throws -> ReplaceType {
        guard let replaceType else { throw FilterError.noReplaceType }
        return replaceType
    }

    private func replace(in string: String, _ replaceType: ReplaceType) -> String? {
        switch replaceType {
        case .replaceString(let search, let replacement):
            guard !search.isEmpty else { return string }
            return string.replacingOccurrences(of: search, with: replacement)
        case .replaceRange(let start, let end, let replacement):
            guard start >= 0, end >= start,
                let lower = string.index(string.startIndex, offsetBy: start, limitedBy: string.endIndex),
                let upper = string.index(lower, offsetBy: end - start, limitedBy: string.endIndex)
            else { return returnInputOnFailure ? string : nil }
            var result = string
            result.replaceSubrange(lower..<upper, with: replacement)
            return result
        }
    }
}
