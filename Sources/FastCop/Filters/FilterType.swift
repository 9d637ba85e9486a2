/// A value filter: takes a value and gives it back changed (trimmed, replaced, normalized…).
///
/// Mirrors SwiftFilter's `FilterType`. The caller chooses the output type by the type it
/// asks for; a result that does not cast to it is nil:
///
/// ```swift
/// let out: String? = try TrimFilter().filter("  hi  ", nil)   // "hi"
/// let n: Int? = try TrimFilter().filter("  hi  ", nil)        // nil: the result is a String
/// ```
///
/// Every built-in filter works on `String` values, except ``CallbackFilter`` which takes any
/// value. A built-in filter that is not configured throws a ``FilterError`` (before looking at
/// the value); given a value that is not a `String` (nil included) it returns nil.
///
/// ## Sharing filters between threads
///
/// Filters are `Sendable` (a departure from the original, which predates Swift concurrency):
/// a ``FilterChain`` is applied to many strings from many threads at once, so the compiler
/// checks that everything put in a chain may be shared.
///
/// - **Recommended:** configure a filter when it is made, with the value initializers:
///   `CharCaseFilter(.lowercase)`, `ReplaceFilter(.replaceString(searchStr: "a",
///   replacementStr: "b"))`, `RegexReplaceFilter(pattern:replacement:)`,
///   `UnicodeNormalizationFilter(.nfkc)`, `StripInvisiblesFilter(keepsWhitespaceControls:)`,
///   `DigitsOnlyFilter(convertsToASCII:)`; `TrimFilter()`, `CollapseWhitespaceFilter()` have
///   no settings.
/// - **Also safe:** the original's spelling, `CharCaseFilter { $0.charCase = .lowercase }`,
///   and setting a property later, even while other threads apply the filter. The built-in
///   filters keep their settings behind a lock and their work reads one immutable snapshot of
///   them per call, without the lock: a call runs with the settings from before a change or
///   after it, never a mix, and there is no data race. Each change made after the filter was
///   first used keeps its old snapshot (a few dozen bytes, more for a compiled pattern) until
///   the filter goes, which is why filters are best configured once.
/// - The byte paths of the record pipeline (`fastcop clean`, `FastCopRecords`) read a
///   filter's settings once, when the rules are loaded; a later change does not reach them.
/// - **Filters of your own:** a `struct` conforming to ``StringFilter``, which implements
///   only ``StringFilter/apply(to:)``, or a ``TransformFilter`` closure. Both are `Sendable`
///   without `@unchecked`. A class conforming to ``FilterProtocol`` with `var` settings is
///   not `Sendable` unless it synchronizes them itself (as the built-in filters do).
public protocol FilterType: Sendable {
    /// Filters `value` and returns the result cast to `O`, or nil.
    ///
    /// - Parameters:
    ///   - value: the value to filter; nil and values of types the filter does not handle
    ///     give nil.
    ///   - context: passed along by chains for filters of your own; the built-in filters
    ///     ignore it.
    /// - Throws: ``FilterError`` when the filter is not configured, or the error of the work
    ///   it does (a ``PatternError`` from ``RegexReplaceFilter``, a callback's own error).
    func filter<I, O>(_ value: I?, _ context: [String: Any]?) throws -> O?

    /// Filters a `String` and returns a `String`, or nil: the typed form of
    /// ``filter(_:_:)`` for the common case.
    ///
    /// The default implementation calls ``filter(_:_:)``; the built-in filters implement it
    /// directly, without the casts the generic form needs.
    func apply(to value: String, context: [String: Any]?) throws -> String?
}

extension FilterType {
    /// Calls ``filter(_:_:)`` with `String` as input and output type.
    public func apply(to value: String, context: [String: Any]?) throws -> String? {
        try filter(value, context)
    }

    /// Filters a `String` and returns a `String`, or nil, without a context.
    ///
    /// ```swift
    /// let chain = FilterChain() <~~ TrimFilter() <~~ CharCaseFilter { $0.charCase = .lowercase }
    /// try chain.apply(to: "  Hello ")   // "hello"
    /// ```
    ///
    /// A FastCop addition: the original only has the generic ``filter(_:_:)``.
    public func apply(to value: String) throws -> String? {
        try apply(to: value, context: nil)
    }
}

/// A filter that is built and configured in one expression: `X()` or `X { $0.setting = … }`.
///
/// Mirrors SwiftFilter's `FilterProtocol`; the closure runs inside `init` and receives the new
/// filter. Every built-in filter conforms, and its settings are safe to set at any time (see
/// ``FilterType``).
///
/// For a filter of your own, prefer a `struct` conforming to ``StringFilter``: it needs no
/// `init` closure and no `@unchecked Sendable`. A class with `var` settings configured through
/// this protocol's closure, as the original's README shows, must make its settings safe to
/// share itself to be `Sendable`, for example with a `Mutex` from the Synchronization module:
///
/// ```swift
/// import Synchronization
///
/// final class SuffixFilter: FilterProtocol, Sendable {
///     private let storage = Mutex("")
///     var suffix: String {
///         get { storage.withLock { $0 } }
///         set { storage.withLock { $0 = newValue } }
///     }
///     init(_ initialize: (SuffixFilter) -> Void = { _ in }) { initialize(self) }
///     func filter<I, O>(_ value: I?, _ context: [String: Any]?) throws -> O? {
///         guard let string = value as? String else { return nil }
///         return (string + suffix) as? O
///     }
/// }
/// ```
public protocol FilterProtocol: FilterType {
    /// Creates the filter and lets `initialize` configure it.
    init(_ initialize: (Self) -> Void)
}

/// The shape shared by the built-in `String` filters: nil for a non-`String` value, the
/// result cast to the caller's type.
@inline(__always)
func filterString<I, O>(_ value: I?, _ transform: (String) throws -> String?) rethrows -> O? {
    guard let string = value as? String, let result = try transform(string) else { return nil }
    return result as? O
}
