import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A typed thread-local slot: each thread's own `Value`, made on first use and kept (retained
/// by a `pthread` key) until the thread ends, when the key's destructor releases it.
///
/// **The trick.** A use site declares two file-scope globals:
///
/// ```swift
/// private let recentKey = ThreadLocal<RecentLookups>.makeKey()  // lazy: created once
/// private let recentKeyPlusOne = Atomic<UInt>(0)                // statically initialized
/// ```
///
/// and reaches its slot with `ThreadLocal(cache: recentKeyPlusOne) { recentKey }`. Reading a
/// lazy global costs a `swift_once` call on every access; this reads a copy of the key from
/// the statically initialized atomic (one load) and touches the lazy global only the first
/// time. ``withValue(orMake:_:)`` then borrows the value (``Unmanaged/borrow(_:)``): no
/// retain or release per call, measurable on a short match (each match gets its thread's
/// ``MatchScratch`` this way).
///
/// **Why it is safe.** The key holds a +1 reference to the value until the thread ends, and a
/// thread cannot end inside `body`; only the owning thread reads its value.
struct ThreadLocal<Value: AnyObject> {
    let key: pthread_key_t

    /// The slot whose key `cache` holds (plus one), or that `create` makes the first time.
    @inline(__always)
    init(cache: borrowing Atomic<UInt>, key create: () -> pthread_key_t) {
        let cached = cache.load(ordering: .acquiring)
        if cached != 0 {
            key = pthread_key_t(truncatingIfNeeded: cached &- 1)
        } else {
            key = ThreadLocal.publish(create(), in: cache)
        }
    }

    @inline(never)
    private static func publish(_ key: pthread_key_t, in cache: borrowing Atomic<UInt>) -> pthread_key_t {
        cache.store(UInt(key) &+ 1, ordering: .releasing)
        return key
    }

    /// A new key whose destructor releases each thread's value.
    static func makeKey() -> pthread_key_t {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, releaseThreadLocal)
        precondition(status == 0, "FastCop: pthread_key_create failed (\(status))")
        return key
    }

    /// The calling thread's value, made with `make` on first use.
    @inline(__always)
    func value(orMake make: () -> Value) -> Value {
        if let raw = pthread_getspecific(key) { return Unmanaged<Value>.fromOpaque(raw).takeUnretainedValue() }
        return store(make())
    }

    /// Runs `body` with the calling thread's value (made with `make` on first use), borrowed.
    @inline(__always)
    func withValue<R>(orMake make: () -> Value, _ body: (Value) throws -> R) rethrows -> R {
        guard let raw = pthread_getspecific(key) else { return try body(store(make())) }
        return try Unmanaged<Value>.fromOpaque(raw).borrow(body)
    }

    @inline(never)
    private func store(_ value: Value) -> Value {
        pthread_setspecific(key, Unmanaged.passRetained(value).toOpaque())
        return value
    }
}

#if canImport(Darwin)
    private func releaseThreadLocal(_ raw: UnsafeMutableRawPointer) {
        Unmanaged<AnyObject>.fromOpaque(raw).release()
    }
#else
    private func releaseThreadLocal(_ raw: UnsafeMutableRawPointer?) {
        if let raw { Unmanaged<AnyObject>.fromOpaque(raw).release() }
    }
#endif
