/// A filter of your own that turns a `String` into a `String` (or nil): write a `struct` with
/// ``apply(to:)``, and it works everywhere a filter does.
///
/// The protocol gives the rest: the original's generic ``FilterType/filter(_:_:)`` (nil for a
/// value that is not a `String`, the result cast to the caller's type) and
/// ``FilterType/apply(to:context:)``. A struct whose stored properties are `Sendable` values is
/// `Sendable` without further ado, so it needs no `@unchecked Sendable`, and it is safe to
/// share between threads: its settings cannot change once it is made.
///
/// ```swift
/// struct SuffixFilter: StringFilter {
///     let suffix: String
///     func apply(to value: String) throws -> String? { value + suffix }
/// }
///
/// let chain = FilterChain() <~~ TrimFilter() <~~ SuffixFilter(suffix: "!")
/// try chain.apply(to: "  hi ")                      // "hi!"
/// let out: String? = try SuffixFilter(suffix: "?").filter("why", nil)   // "why?"
/// ```
///
/// For a one-off, ``TransformFilter`` takes a closure instead. Forgetting ``apply(to:)`` is a
/// compile error ("unavailable instance method 'apply(to:)' was used to satisfy a
/// requirement"), not a filter that calls itself forever.
public protocol StringFilter: FilterType {
    /// Filters `value`; nil ends a chain with nil.
    func apply(to value: String) throws -> String?
}

extension StringFilter {
    /// Calls ``apply(to:)`` for a `String` value and casts its result to `O`; nil for any
    /// other value.
    public func filter<I, O>(_ value: I?, _ context: [String: Any]?) throws -> O? {
        try filterString(value) { try apply(to: $0) }
    }

    /// Calls ``apply(to:)``; the context is not used.
    public func apply(to value: String, context: [String: Any]?) throws -> String? {
        try apply(to: value)
    }

    /// Not a default: a type conforming to ``StringFilter`` implements ``apply(to:)`` itself.
    ///
    /// Without this, ``FilterType``'s `apply(to:)` (which calls ``apply(to:context:)``, which
    /// calls ``apply(to:)``…) would satisfy the requirement and recurse forever.
    @available(*, unavailable, message: "a StringFilter implements apply(to:) itself")
    public func apply(to value: String) throws -> String? {
        fatalError("unreachable: unavailable")
    }
}
