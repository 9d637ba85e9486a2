import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A lock for very short critical sections whose word also holds one flag, which readers
/// read without taking the lock: a `@Validate` wrapper's lock and its "valid" answer.
///
/// **The trick.** One atomic word: bit 0 is "locked", bit 1 the flag. ``lock()`` is one
/// compare-and-exchange (acquiring); ``unlock(setting:)`` is one plain releasing store that
/// writes the new flag and frees the lock at once; ``flag`` is one acquiring load. A
/// `pthread_mutex_t` with the flag beside it cost two atomic read-modify-writes and about 55
/// instructions per round trip: a tenth of a `@Validate` set (issue 34).
///
/// **Why it is safe.** The word only moves from unlocked to locked by the compare-and-exchange,
/// so one thread at a time holds it; the releasing store that unlocks publishes everything
/// written under the lock to the next thread that locks (acquiring) or reads the flag. Waiters
/// spin a little and then yield the processor, so a holder that was preempted gets to finish.
/// Only for sections that do not block and end quickly (no I/O, no other lock, no user code
/// that might reach this lock again). ThreadSanitizer sees the ordering of the atomic
/// operations, as it does not see `Synchronization.Mutex`'s futex calls.
final class FlagLock: Sendable {
    /// Bit 0: locked. Bit 1: the flag.
    private let word: Atomic<UInt8>

    /// An unlocked lock holding `flag`.
    init(flag: Bool) {
        word = Atomic(flag ? 2 : 0)
    }

    /// The flag as the last ``unlock(setting:)`` left it (while the lock is held: as it was
    /// when it was taken).
    var flag: Bool { word.load(ordering: .acquiring) & 2 != 0 }

    /// Takes the lock, waiting while another thread holds it.
    @inline(__always)
    func lock() {
        var current = word.load(ordering: .relaxed) & 2
        if word.compareExchange(expected: current, desired: current | 1, ordering: .acquiring).exchanged { return }
        var spins = 0
        while true {
            current = word.load(ordering: .relaxed)
            if current & 1 == 0,
                word.compareExchange(
                    expected: current, desired: current | 1, successOrdering: .acquiring, failureOrdering: .relaxed
                ).exchanged
            {
                return
            }
            spins += 1
            if spins >= 100 { sched_yield() }
        }
    }

    /// Sets the flag to `flag` and frees the lock, in one store.
    @inline(__always)
    func unlock(setting flag: Bool) {
        word.store(flag ? 2 : 0, ordering: .releasing)
    }

    /// Frees the lock, leaving the flag as it is.
    @inline(__always)
    func unlock() {
        // Nobody else changes the word while it is locked.
        word.store(word.load(ordering: .relaxed) & 2, ordering: .releasing)
    }

    /// Runs `body` under the lock, leaving the flag as it is.
    @inline(__always)
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }
}
