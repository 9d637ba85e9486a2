/// Filters applied one after the other, each to the previous one's output.
///
/// Mirrors SwiftFilter's `FilterChain` (internal there, public here so that the README's usage
/// works outside the module). Build it with ``<~~(_:_:)`` or ``registerFilter(_:)``:
///
/// ```swift
/// let chain = FilterChain()
///     <~~ TrimFilter()
///     <~~ ReplaceFilter { $0.replaceType = .replaceString(searchStr: "foo", replacementStr: "bar") }
/// let out: String? = try chain.filter("  a foo  ", nil)   // "a bar"
/// try chain.apply(to: "  a foo  ")                       // "a bar", typed
/// ```
///
/// - Filters run in the order they were added; an empty chain gives its input back.
/// - A filter that gives nil ends the chain with nil; the filters after it do not run.
/// - An error from a filter ends the chain and propagates.
/// - A chain is a filter itself, so a chain can be added to another chain.
/// - As in the original, each intermediate value is cast to the chain's input type `I`: in a
///   chain filtering a `String`, a step that gives something else gives nil.
///
/// A chain may be applied from many threads at once once it is built, as the batch layer does:
/// every built-in filter is safe to share after configuration.
public final class FilterChain: FilterProtocol, @unchecked Sendable {
    // @unchecked: `filters` changes only through registerFilter / <~~ while the chain is being
    // built; filtering only reads it, and every element is itself Sendable (FilterType: Sendable).
    // Adding filters while other threads apply the chain is not supported (as for any setting).

    /// The filters, in the order they run.
    public private(set) var filters: [any FilterType] = []

    /// Creates an empty chain and lets `initialize` configure it.
    public init(_ initialize: (FilterChain) -> Void = { _ in }) {
        initialize(self)
    }

    /// Appends `filter`; it runs after the filters already in the chain.
    ///
    /// Mirrors SwiftFilter's `registerFilter(_:)`.
    public func registerFilter(_ filter: any FilterType) {
        filters.append(filter)
    }

    /// Runs the filters in order on `value` and returns the last one's result cast to `O`.
    ///
    /// - Returns: nil as soon as a filter gives nil, or when the result does not cast to `O`.
    /// - Throws: the first error a filter throws.
    public func filter<I, O>(_ value: I?, _ context: [String: Any]?) throws -> O? {
        var current = value
        for filter in filters {
            let next: I? = try filter.filter(current, context)
            guard let next else { return nil }
            current = next
        }
        guard let current else { return nil }
        return current as? O
    }

    /// Runs the filters in order on a `String`, calling each one's typed
    /// ``FilterType/apply(to:context:)``.
    public func apply(to value: String, context: [String: Any]?) throws -> String? {
        // Each filter is called where it lies in the array, not copied out of it: a copy
        // retains and releases the filter, an object that every thread applying this chain
        // shares, and those contended atomics were the largest cost of a chain on many cores.
        try filters.withUnsafeBufferPointer { filters in
            var current = value
            guard var filter = filters.baseAddress else { return current }
            for _ in filters.indices {
                guard let next = try FilterChain.apply(filter.pointee, to: current, context: context) else {
                    return nil
                }
                current = next
                filter += 1
            }
            return current
        }
    }

    /// Calls `filter` without copying it (a `borrowing` parameter).
    @inline(__always)
    private static func apply(
        _ filter: borrowing any FilterType, to value: String, context: [String: Any]?
    ) throws -> String? {
        try filter.apply(to: value, context: context)
    }
}
