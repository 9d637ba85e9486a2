/// The handlers of one ``Validate`` wrapper (and its copies), called when its errors change.
///
/// Independent of the wrapped value's type, so it is `Sendable` whatever the value is.
final class ErrorsObservers: Sendable {
    typealias Handler = @Sendable (_ errors: [any Error]) -> Void

    private struct State {
        var handlers: [(id: UInt64, handler: Handler)] = []
        var nextID: UInt64 = 0
    }

    private let state = Locked(State())

    /// Registers `handler` and returns its id.
    func add(_ handler: @escaping Handler) -> UInt64 {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.handlers.append((id, handler))
            return id
        }
    }

    /// Unregisters the handler with this id (nothing happens if it is already gone).
    func remove(_ id: UInt64) {
        state.withLock { state in state.handlers.removeAll { $0.id == id } }
    }

    /// The number of handlers registered.
    var count: Int { state.withLock { $0.handlers.count } }

    /// Calls every handler, in registration order, outside the lock (a handler may register
    /// or remove handlers and read the wrapper).
    func notify(_ errors: [any Error]) {
        let handlers = state.withLock { $0.handlers.map(\.handler) }
        for handler in handlers { handler(errors) }
    }
}
