#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts threads with `pthread_create(3)`, saying when the system refuses one.
///
/// Not Foundation's `Thread.detachNewThread`: it ignores a failed `pthread_create` (a thread
/// limit, a container's pids limit, an address-space limit with many 8 MiB stacks), so a
/// caller that waits for the thread to finish waited forever.
package enum SystemThread {
    /// The system's refusal to start a thread: `pthread_create`'s error number.
    package struct Refusal: Error {
        package let code: Int32

        package init(code: Int32) { self.code = code }
    }

    /// A thread started joinable. Either ``join()`` (which returns once the thread has ended,
    /// its thread-local values released) or ``detach()`` (which lets it end on its own) must be
    /// called, once.
    package struct Joinable: @unchecked Sendable {  // a pthread_t is a plain handle
        fileprivate let thread: pthread_t

        package func join() { pthread_join(thread, nil) }
        package func detach() { pthread_detach(thread) }
    }

    /// Runs `body` on a new detached thread, on the CPUs `cpus` only when they are given
    /// (where the system binds threads: ``ThreadPlacement``).
    ///
    /// - Returns: 0 when the thread started, else `pthread_create`'s error number (then
    ///   `body` never runs).
    package static func start(on cpus: [Int32]? = nil, _ body: @escaping @Sendable () -> Void) -> Int32 {
        switch startJoinable(on: cpus, body) {
        case .success(let thread):
            thread.detach()
            return 0
        case .failure(let refusal):
            return refusal.code
        }
    }

    /// Runs `body` on a new thread, to be joined or detached, on the CPUs `cpus` only when they
    /// are given (where the system binds threads: ``ThreadPlacement``).
    ///
    /// - Returns: the thread, or the system's refusal (then `body` never runs).
    package static func startJoinable(
        on cpus: [Int32]? = nil, _ body: @escaping @Sendable () -> Void
    ) -> Result<Joinable, Refusal> {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if let cpus { ThreadPlacement.bind(&attributes, to: cpus) }
        let result = pthread_create(
            &thread, &attributes,
            { context in
                Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return .failure(Refusal(code: result))
        }
        #if canImport(Darwin)
            return .success(Joinable(thread: thread!))
        #else
            return .success(Joinable(thread: thread))
        #endif
    }

    /// The closure a new thread runs, boxed to pass through `pthread_create`'s context pointer.
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
