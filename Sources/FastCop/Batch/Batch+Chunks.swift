extension Batch {
    /// A result array of one element per input, filled chunk by chunk: `chunk(range, inputs,
    /// results)` runs once per chunk (concurrently, see ``ChunkRunner``) and must initialize
    /// `results` at every index of `range`.
    ///
    /// The per-input loop is written inside `chunk` by each batch method, so that the work on
    /// one input is inlined into it: a closure called per input (what ``map(_:_:)`` does)
    /// costs the call and a retain and release of the string handed to it.
    @inline(__always)
    func fill<T>(
        _ inputs: [String],
        _ chunk: @Sendable (_ range: Range<Int>, _ inputs: SharedElements<String>, _ results: DisjointSlots<T>) -> Void
    ) -> [T] {
        inputs.withUnsafeBufferPointer { buffer in
            let elements = SharedElements(buffer: buffer)
            return [T](unsafeUninitializedCapacity: buffer.count) { results, initialized in
                let slots = DisjointSlots(base: results.baseAddress)
                runner.run(count: buffer.count) { _, range in chunk(range, elements, slots) }
                initialized = buffer.count
            }
        }
    }
}

/// The first error of a batch in input order, from chunks that finish in any order.
///
/// Each chunk reports only its own first error (one lock per failing chunk, none per input);
/// the smallest index wins.
final class FirstFailure: Sendable {
    private let found = Locked<(index: Int, error: any Error)?>(nil)

    /// Records `error` at input `index` unless an earlier one is known.
    func record(_ error: any Error, at index: Int) {
        found.withLock { first in
            if first.map({ index < $0.index }) ?? true { first = (index, error) }
        }
    }

    /// Throws the first recorded error, if any.
    func check() throws {
        if let first = found.withLock({ $0 }) { throw first.error }
    }
}
