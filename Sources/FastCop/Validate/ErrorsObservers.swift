import Synchronization

/// The handlers of one ``Validate`` wrapper (and its copies), called when its errors change.
///
/// Independent of the wrapped value's type, so it is `Sendable` whatever the value is.
@usableFromInline
final class ErrorsObservers: Sendable {
    typealias Handler = @Sendable (_ errors: [any Error]) -> Void

    private struct State {
        var handlers: [(id: UInt64, handler: Handler)] = []
        var nextID: UInt64 = 0
    }

    private let state = Locked(State())
    /// The number of handlers, kept beside them so that a set can skip comparing errors
    /// without taking this lock (``isObserved``).
    private let handlerCount = Atomic<Int>(0)

    /// Registers `handler` and returns its id.
    func add(_ handler: @escaping Handler) -> UInt64 {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.handlers.append((id, handler))
            handlerCount.store(state.handlers.count, ordering: .releasing)
            return id
        }
    }

    /// Unregisters the handler with this id (nothing happens if it is already gone).
    func remove(_ id: UInt64) {
        state.withLock { state in
            state.handlers.removeAll { $0.id == id }
            handlerCount.store(state.handlers.count, ordering: .releasing)
        }
    }

    /// Whether a handler is registered: one load, no lock.
    var isObserved: Bool { handlerCount.load(ordering: .acquiring) > 0 }

    /// Calls every handler, in registration order, outside the lock (a handler may register
    /// or remove handlers and read the wrapper).
    @usableFromInline
    func notify(_ errors: [any Error]) {
        let handlers = state.withLock { $0.handlers.map(\.handler) }
        for handler in handlers { handler(errors) }
    }
}
