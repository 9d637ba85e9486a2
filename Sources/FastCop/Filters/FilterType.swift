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
/// Filters are `Sendable` (a departure from the original, which predates Swift concurrency):
/// a ``FilterChain`` is applied to many strings from many threads at once, so the compiler
/// checks that everything put in a chain may be shared. A filter's settings are meant to be
/// set while it is built (`X { $0.setting = … }`) and not changed while other threads use it.
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
/// filter. A filter of your own:
///
/// ```swift
/// final class SuffixFilter: FilterProtocol, @unchecked Sendable {
///     // @unchecked: `suffix` is set while the filter is built and only read afterwards.
///     var suffix = ""
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
