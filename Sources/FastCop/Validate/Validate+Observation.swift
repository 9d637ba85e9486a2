extension Validate {
    /// Calls `handler` with the new errors after each validation whose errors differ from the
    /// previous ones (a different count, or an error of another type or message).
    ///
    /// FastCop's replacement for the original's `ObservableObject` publishing, which needs
    /// Combine (not available on Linux). The handler is shared by every copy of the wrapper,
    /// runs on the thread that set the value, after the new value and errors are stored (so
    /// it may read them), and is not called for the validation at creation.
    ///
    /// ```swift
    /// let observation = $email.onErrorsChange { errors in
    ///     print(errors.localizedDescriptions)
    /// }
    /// email = "ada@example.com"   // prints []  if it was invalid before
    /// observation.cancel()
    /// ```
    ///
    /// The wrapper keeps the handler alive. A handler that captures the wrapper itself (or the
    /// value holding it) makes a reference cycle that outlives the value: read what it needs
    /// from its `errors` argument instead, or call ``ErrorsChangeObservation/cancel()`` when
    /// done.
    ///
    /// - Returns: an observation whose ``ErrorsChangeObservation/cancel()`` unregisters the
    ///   handler. Dropping it does not unregister.
    @discardableResult
    public func onErrorsChange(
        _ handler: @escaping @Sendable (_ errors: [any Error]) -> Void
    ) -> ErrorsChangeObservation {
        let observers = storage.state.observers
        let id = observers.add(handler)
        return ErrorsChangeObservation { observers.remove(id) }
    }
}

/// A handler registered with ``Validate/onErrorsChange(_:)``. (FastCop addition.)
public struct ErrorsChangeObservation: Sendable {
    private let removal: @Sendable () -> Void

    init(removal: @escaping @Sendable () -> Void) {
        self.removal = removal
    }

    /// Unregisters the handler: it is not called again. Cancelling twice does nothing.
    public func cancel() {
        removal()
    }
}
