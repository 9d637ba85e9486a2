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
///
/// Prefer ``init(_:returnInputOnFailure:)`` in new code, `ReplaceFilter(.replaceString(…))`:
/// the filter is configured once, when it is made. The original's
/// `ReplaceFilter { $0.replaceType = … }` and setting the properties later also work and are
/// safe while other threads use the filter (see ``FilterType``).
public final class ReplaceFilter: FilterProtocol, Sendable {
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
    public var replaceType: ReplaceType? {
        get { settings.settings.replaceType }
        set { settings.update { $0.replaceType = newValue } }
    }

    /// What a range outside the string gives (a negative offset, an offset past the end, or
    /// `advEnd < advStart`): the input unchanged when true (the default), nil when false.
    ///
    /// The original declared this setting but never read it, and trapped on such ranges;
    /// FastCop never traps on input.
    public var returnInputOnFailure: Bool {
        get { settings.settings.returnInputOnFailure }
        set { settings.update { $0.returnInputOnFailure = newValue } }
    }

    /// Both settings, which a call reads together, once.
    private struct Settings: Sendable {
        var replaceType: ReplaceType?
        var returnInputOnFailure = true
    }

    private let settings = SnapshotCell<FrozenSettings<Settings>>(Settings())

    /// Creates the filter and lets `initialize` set ``replaceType``.
    public init(_ initialize: (ReplaceFilter) -> Void = { _ in }) {
        initialize(self)
    }

    /// Creates a filter making the replacement `replaceType` says (a FastCop addition; the
    /// recommended form).
    public convenience init(_ replaceType: ReplaceType, returnInputOnFailure: Bool = true) {
        self.init {
            $0.replaceType = replaceType
            $0.returnInputOnFailure = returnInputOnFailure
        }
    }

    /// Returns the string with the replacement made, cast to `O`.
    ///
    /// - Throws: ``FilterError/noReplaceType`` ("No replacementType given in ReplaceFilter")
    ///   when ``replaceType`` is nil.
    public func filter<I, O>(_ value: I?, _ context: [String: Any]?) throws -> O? {
        try settings.withSnapshot { snapshot in
            let settings = try ReplaceFilter.configured(snapshot.settings)
            return filterString(value) { ReplaceFilter.replace(in: $0, settings) }
        }
    }

    /// Returns `value` with the replacement made.
    public func apply(to value: String, context: [String: Any]?) throws -> String? {
        try settings.withSnapshot { ReplaceFilter.replace(in: value, try ReplaceFilter.configured($0.settings)) }
    }

    /// The settings of one call, or the original's error without a `replaceType`.
    private static func configured(_ settings: Settings) throws -> (ReplaceType, returnInputOnFailure: Bool) {
        guard let replaceType = settings.replaceType else { throw FilterError.noReplaceType }
        return (replaceType, settings.returnInputOnFailure)
    }

    private static func replace(
        in string: String, _ settings: (ReplaceType, returnInputOnFailure: Bool)
    ) -> String? {
        let (replaceType, returnInputOnFailure) = settings
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
