import Dispatch
import Synchronization

/// Splits `0..<count` into chunks and runs them on up to `parallelism` workers with
/// `DispatchQueue.concurrentPerform`; each worker takes the next chunk from a shared atomic
/// counter, so fast workers take more chunks. Matching inside a worker uses that thread's own
/// PCRE2 match data (see `MatchScratch`), so workers share nothing but the counter.
struct ChunkRunner {
    let options: BatchOptions

    /// The number of chunks `count` items make.
    func chunkCount(for count: Int) -> Int {
        count == 0 ? 0 : (count + options.chunkSize - 1) / options.chunkSize
    }

    /// Calls `body(chunkIndex, range)` once for every chunk of `0..<count`, concurrently
    /// unless `count` is below the sequential threshold. Returns when all chunks are done.
    func run(count: Int, _ body: @Sendable (_ chunk: Int, _ range: Range<Int>) -> Void) {
        let size = options.chunkSize
        let chunks = chunkCount(for: count)
        let progress = options.progress
        let workers = min(options.parallelism, chunks)
        if count < options.sequentialThreshold || workers <= 1 {
            for chunk in 0..<chunks {
                let range = (chunk * size)..<min(count, (chunk + 1) * size)
                body(chunk, range)
                progress?(range.upperBound, count)
            }
            return
        }
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let chunk = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard chunk < chunks else { return }
                let range = (chunk * size)..<min(count, (chunk + 1) * size)
                body(chunk, range)
                if let progress {
                    progress(done.wrappingAdd(range.count, ordering: .relaxed).newValue, count)
                }
            }
        }
    }

    /// Computes `transform(i)` for every `i` in `0..<count` and returns the results in order.
    ///
    /// - Complexity: O(*count*) work spread over the workers; memory is the result array only.
    func map<T>(count: Int, _ transform: @Sendable (Int) -> T) -> [T] {
        [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = DisjointSlots(base: buffer.baseAddress)
            run(count: count) { _, range in
                for index in range { slots.initialize(index, to: transform(index)) }
            }
            initialized = count
        }
    }

    /// Runs `body` on every chunk and collects what each chunk appends, in chunk order; the
    /// values are moved into the result, not copied (see ``ChunkValues``).
    func collect<T>(count: Int, _ body: @Sendable (Range<Int>, ChunkValues<T>) -> Void) -> [T] {
        let chunks = (0..<chunkCount(for: count)).map { _ in ChunkValues<T>() }
        run(count: count) { chunk, range in body(range, chunks[chunk]) }
        let total = chunks.reduce(0) { $0 + $1.count }
        return [T](unsafeUninitializedCapacity: total) { buffer, initialized in
            var next = buffer.baseAddress
            for values in chunks {
                let moved = values.count
                if let destination = next { values.move(to: destination) }
                next = next.map { $0 + moved }
            }
            initialized = total
        }
    }
}
