import Testing

@testable import FastCop

/// A counter changed only under the lock (ThreadSanitizer would see a race if the lock let
/// two threads in).
private final class Counted: @unchecked Sendable {
    let lock = FlagLock(flag: false)
    var count = 0
}

@Suite("FlagLock: the lock of @Validate, with its flag")
struct FlagLockTests {
    @Test("the flag is read without the lock and changes only as the lock is freed")
    func flag() {
        let lock = FlagLock(flag: true)
        #expect(lock.flag)
        lock.lock()
        #expect(lock.flag)  // held: as it was when taken
        lock.unlock(setting: false)
        #expect(!lock.flag)
        lock.withLock { #expect(!lock.flag) }
        #expect(!lock.flag)  // withLock leaves it
        lock.lock()
        lock.unlock(setting: true)
        #expect(lock.flag)
    }

    @Test("concurrent increments under the lock are all counted")
    func concurrentIncrements() async {
        let counted = Counted()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for step in 0..<5_000 {
                        counted.lock.lock()
                        counted.count += 1
                        counted.lock.unlock(setting: (task + step).isMultiple(of: 2))
                    }
                }
            }
        }
        #expect(counted.lock.withLock { counted.count } == 40_000)
    }
}
