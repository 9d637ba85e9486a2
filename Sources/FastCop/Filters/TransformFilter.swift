/// A filter that runs a `String` closure: the closure form of ``StringFilter``.
///
/// A FastCop addition. The closure is given when the filter is made and never changes, so the
/// filter is an immutable, `Sendable` value:
///
/// ```swift
/// let initials = TransformFilter { value in
///     String(value.split(separator: " ").compactMap(\.first))
/// }
/// let chain = FilterChain() <~~ TrimFilter() <~~ initials
/// try chain.apply(to: " Ada Lovelace ")   // "AL"
/// ```
///
/// Returning nil ends a chain with nil; an error thrown by the closure propagates. For values
/// of any type, not only `String`, use ``CallbackFilter``.
public struct TransformFilter: StringFilter {
    /// The closure applied to each `String` value.
    public let transform: @Sendable (String) throws -> String?

    /// Creates the filter from `transform`.
    public init(_ transform: @escaping @Sendable (String) throws -> String?) {
        self.transform = transform
    }

    /// Returns `transform(value)`.
    public func apply(to value: String) throws -> String? {
        try transform(value)
    }
}
