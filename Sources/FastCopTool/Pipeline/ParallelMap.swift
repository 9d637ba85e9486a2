import Dispatch

/// An ordered parallel map over task indices, on all cores.
///
/// Each index is computed by exactly one worker (`DispatchQueue.concurrentPerform`) and the
/// results come back in index order, so output keeps the input's order.
enum ParallelMap {
    /// The number of workers: the machine's active cores.
    static var workerCount: Int { max(1, System.activeProcessorCount) }

    /// `(0..<count).map(body)`, computed in parallel.
    static func map<T: Sendable>(count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        guard count > 1 else { return (0..<count).map(body) }
        let slots = ResultSlots<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.store(body(index), at: index)
        }
        return slots.collect()
    }
}

/// One slot per task result.
///
/// `@unchecked Sendable` is safe here: every slot is written by exactly one task (its index),
/// no slot is read until `concurrentPerform` has returned, and `concurrentPerform` orders the
/// tasks' writes before its return.
private final class ResultSlots<T>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<T?>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = UnsafeMutablePointer<T?>.allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    func store(_ value: T, at index: Int) {
        slots[index] = value
    }

    func collect() -> [T] {
        (0..<count).map { slots[$0]! }
    }
}

/// A read-only view of a block's bytes that tasks share.
///
/// `@unchecked Sendable` is safe here: the bytes are not modified while tasks run, and the
/// array they point into outlives the `ParallelMap.map` call that uses them.
struct SharedBytes: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Facts about the machine.
enum System {
    /// Cores available to this process.
    static var activeProcessorCount: Int {
        Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
