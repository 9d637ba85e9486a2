/// The uninitialized storage of a result array, written by several workers at once.
///
/// @unchecked Sendable: every slot is initialized by exactly one worker (chunks do not
/// overlap), and the array is read only after `concurrentPerform` has returned (or, in
/// ``WorkerPool``, after the map's last task was counted done under the pool's mutex), which
/// orders all the workers' writes before the read.
///
/// **What it buys.** Workers write their results straight into the final array's storage:
/// no per-chunk arrays to allocate and concatenate, and no lock.
struct DisjointSlots<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>?

    @inline(__always)
    func initialize(_ index: Int, to value: T) {
        (base! + index).initialize(to: value)
    }
}
