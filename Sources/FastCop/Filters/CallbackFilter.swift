/// A filter that runs a closure of your own on the value.
///
/// Mirrors SwiftFilter's `CallbackFilter`. The value is passed as it is, of any type and nil
/// included; the closure's result is cast to the type the caller asks for.
///
/// ```swift
/// let double = CallbackFilter { $0.callback = { ($0 as? Int).map { $0 * 2 } } }
/// let out: Int? = try double.filter(21, nil)   // 42
/// ```
///
/// The callback is `@Sendable` (the original's was not): a chain may run it on many threads at
/// once. Setting ``callback`` again later is safe while other threads use the filter (see
/// ``FilterType``). For a `String` to `String` closure, ``TransformFilter`` is the simpler
/// form: `TransformFilter { $0.uppercased() }`.
public final class CallbackFilter: FilterProtocol, Sendable {
    /// A callback: any value in, any value out; its errors propagate.
    public typealias Callback = @Sendable (Any?) throws -> Any?

    /// The closure applied to the value; its errors propagate.
    public var callback: Callback? {
        get { settings.settings }
        set { settings.update { $0 = newValue } }
    }

    private let settings = SnapshotCell<FrozenSettings<Callback?>>(nil)

    /// Creates the filter and lets `initialize` set ``callback``.
    public init(_ initialize: (CallbackFilter) -> Void = { _ in }) {
        initialize(self)
    }

    /// Returns `callback(value)` cast to `O`.
    ///
    /// - Throws: ``FilterError/noCallback`` ("No callback given for CallbackFilter") without a
    ///   callback; the callback's own error unchanged.
    public func filter<I, O>(_ value: I?, _ context: [String: Any]?) throws -> O? {
        try settings.withSnapshot { snapshot in
            guard let callback = snapshot.settings else { throw FilterError.noCallback }
            guard let result = try callback(value) else { return nil }
            return result as? O
        }
    }
}
