import Dispatch
import FastCop
import Synchronization

extension BatchSection {
    /// What one method of a shape gives: the loop's rows, or the batch call's answer (turned
    /// into rows by the check, outside the timed region).
    enum Output<Row, Answer> {
        case rows([Row])
        case answer(Answer)
    }

    /// Times one shape's four ways on one workload, interleaved (``Stopwatch/bestOf``), and
    /// checks that they all give the loop's rows.
    struct ShapeTimer {
        static let loop = "loop"
        static let oneWorker = "batch on 1 worker"
        static let allCores = "batch on all cores"
        static let ceiling = "ceiling"

        /// The method name `--method` matches: "hasWholeMatch: batch on 1 worker".
        static func name(_ shape: String, _ way: String) -> String { "\(shape): \(way)" }

        let shape: String
        let workload: Workload
        let arguments: Arguments
        let cores: Int

        /// - Parameters:
        ///   - loop: the user's loop on a part of the input (rows with absolute indices).
        ///   - batch: the batch call on the whole input.
        ///   - rows: the batch's answer as the loop's rows.
        ///   - same: whether two rows agree.
        func time<Row: Sendable, Answer>(
            loop: @escaping @Sendable (ArraySlice<String>) throws -> [Row],
            batch: @escaping (Batch, [String]) throws -> Answer,
            rows: @escaping (Answer) -> [Row],
            same: @escaping (Row, Row) -> Bool
        ) throws -> (timings: [Timing], cpu: LeastCPUTimes) {
            let workload = self.workload
            let cpu = LeastCPUTimes()
            func method(
                _ way: String, _ body: @escaping ([String]) throws -> Output<Row, Answer>
            ) -> Method<Output<Row, Answer>> {
                let name = ShapeTimer.name(shape, way)
                return Method(name: name) { range in
                    let (inputs, repeats) = workload.calls(range)
                    // The ways that run on this thread by its CPU clock, the others by the process's.
                    let oneThread = way == ShapeTimer.loop || way == ShapeTimer.oneWorker
                    return try cpu.measure(name, chunk: range.lowerBound, wholeProcess: !oneThread) {
                        var output = try body(inputs)
                        for _ in 1..<max(1, repeats) { output = try body(inputs) }
                        return output
                    }
                }
            }
            let one = Batch(options: BatchOptions(parallelism: 1))
            let all = Batch()
            let cores = self.cores
            let methods = [
                method(ShapeTimer.loop) { .rows(try loop($0[...])) },
                method(ShapeTimer.oneWorker) { .answer(try batch(one, $0)) },
                method(ShapeTimer.allCores) { .answer(try batch(all, $0)) },
                method(ShapeTimer.ceiling) { .rows(try ShapeTimer.split($0, parts: cores, loop)) },
            ]
            var settings = arguments
            settings.chunk = workload.chunk
            settings.rounds = workload.rounds
            var first: [Int: [Row]] = [:]
            let timings = try Stopwatch.bestOf(settings, items: workload.items, methods: methods) {
                name, chunk, range, output in
                let found: [Row]
                switch output {
                case .rows(let loopRows): found = loopRows
                case .answer(let answer): found = rows(answer)
                }
                guard let expected = first[chunk] else {
                    first[chunk] = found
                    return
                }
                if found.count != expected.count || !zip(found, expected).allSatisfy(same) {
                    throw Disagreement(
                        description: "batch: \(name) gave other answers than the loop on strings \(range)")
                }
            }
            return (timings, cpu)
        }

        /// `loop` on `parts` parts of `inputs`, one per thread (`concurrentPerform`), joined
        /// in order: the ceiling.
        static func split<Row: Sendable>(
            _ inputs: [String], parts: Int, _ loop: @Sendable (ArraySlice<String>) throws -> [Row]
        ) throws -> [Row] {
            let results = Mutex([Result<[Row], any Error>?](repeating: nil, count: parts))
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let range = (inputs.count * part / parts)..<(inputs.count * (part + 1) / parts)
                let result = Result { try loop(inputs[range]) }
                results.withLock { $0[part] = result }
            }
            return try results.withLock { all in try all.flatMap { try $0!.get() } }
        }
    }
}
