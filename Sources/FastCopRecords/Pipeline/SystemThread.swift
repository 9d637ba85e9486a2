#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts detached threads with `pthread_create(3)`, saying when the system refuses one.
///
/// Not Foundation's `Thread.detachNewThread`: it ignores a failed `pthread_create` (a thread
/// limit, a container's pids limit, an address-space limit with many 8 MiB stacks), so a
/// caller that waits for the thread to finish waited forever.
enum SystemThread {
    /// Runs `body` on a new detached thread.
    ///
    /// - Returns: 0 when the thread started, else `pthread_create`'s error number (then
    ///   `body` never runs).
    static func start(_ body: @escaping @Sendable () -> Void) -> Int32 {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let result = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return result
        }
        #if canImport(Darwin)
            if let thread { pthread_detach(thread) }
        #else
            pthread_detach(thread)
        #endif
        return 0
    }

    /// The closure a new thread runs, boxed to pass through `pthread_create`'s context pointer.
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
