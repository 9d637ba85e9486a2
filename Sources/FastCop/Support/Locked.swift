#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a `pthread_mutex_t`.
///
/// FastCop uses this rather than `Synchronization.Mutex` because ThreadSanitizer understands
/// pthread mutexes: on Linux `Mutex` is built on raw futex calls that TSan cannot see, so every
/// access under it is reported as a race, which would hide real ones in `scripts/test`'s TSan run.
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only read or written between lock and unlock.
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
