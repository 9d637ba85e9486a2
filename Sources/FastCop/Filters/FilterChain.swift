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
/// A chain may be applied from many threads at once, as the batch layer does: it is
/// `Sendable`, and so is every filter in it. Build it first; adding a filter while other
/// threads apply the chain is safe too (each application runs the list of filters it started
/// with), but each addition after the chain was applied keeps the old list until the chain
/// goes.
public final class FilterChain: FilterProtocol, Sendable {
    /// The filters, in the order they run.
    public var filters: [any FilterType] { list.settings }

    /// The filters, and the same filters as a ``FilterList`` for ``apply(to:context:)``, which
    /// borrows them: reading a stored array would retain it, and calling a filter from it would
    /// copy (retain) the filter, objects every thread applying the chain shares; contended
    /// reference counts were the largest cost of a chain on two cores.
    ///
    /// The list is made on the first apply after a change, so building a chain makes no list;
    /// a list replaced after the chain was applied is kept (another thread may still be
    /// reading it): at most one per filter registered after the first apply.
    private let list = SnapshotCell<FilterList>([])

    /// How many replaced lists the chain keeps (for tests).
    var retiredListCount: Int { list.retiredCount }

    /// Creates an empty chain and lets `initialize` configure it.
    public init(_ initialize: (FilterChain) -> Void = { _ in }) {
        initialize(self)
    }

    /// Appends `filter`; it runs after the filters already in the chain.
    ///
    /// Mirrors SwiftFilter's `registerFilter(_:)`.
    public func registerFilter(_ filter: any FilterType) {
        list.update { $0.append(filter) }
    }

    /// Runs the filters in order on `value` and returns the last one's result cast to `O`.
    ///
    /// - Returns: nil as soon as a filter gives nil, or when the result does not cast to `O`.
    /// - Throws: the first error a filter throws.
    public func filter<I, O>(_ value: I?, _ context: [String: Any]?) throws -> O? {
        try list.withSnapshot { list in
            var current = value
            for filter in list.filters {
                let next: I? = try filter.filter(current, context)
                guard let next else { return nil }
                current = next
            }
            guard let current else { return nil }
            return current as? O
        }
    }

    /// Runs the filters in order on a `String`, calling each one's typed
    /// ``FilterType/apply(to:context:)``.
    public func apply(to value: String, context: [String: Any]?) throws -> String? {
        try list.withSnapshot { list in
            var current = value
            for index in list.filters.indices {
                let next: String?
                if let object = list.objects[index] {
                    next = try FilterList.apply(object, to: current, context: context)
                } else {
                    next = try list.filters[index].apply(to: current, context: context)
                }
                guard let next else { return nil }
                current = next
            }
            return current
        }
    }
}

/// An immutable list of filters, shared by every thread applying a chain.
///
/// A filter that is an object (every built-in filter) is also kept as an unretained reference,
/// which a call borrows, whereas calling through `any FilterType` copies the filter first (a
/// retain and a release on an object every thread shares).
final class FilterList: SettingsSnapshot {
    let filters: [any FilterType]
    /// The filters that are objects, unretained, with their types: ``filters`` keeps them
    /// alive as long as the list lives, and a call through ``apply(_:to:context:)`` neither
    /// retains nor releases them (a call through an existential does, the optimizer cannot
    /// tell that the list outlives it).
    let objects: [Object?]

    struct Object: @unchecked Sendable {
        // @unchecked: `raw` is an unretained reference to a Sendable filter that ``filters``
        // keeps alive.
        let raw: UnsafeMutableRawPointer
        let type: any (FilterType & AnyObject).Type
    }

    init(_ filters: [any FilterType]) {
        self.filters = filters
        objects = filters.map { filter in
            guard let object = filter as? any FilterType & AnyObject else { return nil }
            return Object(raw: Unmanaged.passUnretained(object as AnyObject).toOpaque(), type: type(of: object))
        }
    }

    /// Calls the filter `object` refers to, borrowing it.
    @inline(__always)
    static func apply(_ object: Object, to value: String, context: [String: Any]?) throws -> String? {
        try apply(object.type, object.raw, to: value, context: context)
    }

    @inline(__always)
    private static func apply<Filter: FilterType & AnyObject>(
        _: Filter.Type, _ raw: UnsafeMutableRawPointer, to value: String, context: [String: Any]?
    ) throws -> String? {
        try Unmanaged<Filter>.fromOpaque(raw).borrow { try $0.apply(to: value, context: context) }
    }
}
