import Dispatch
import FastCop
import Foundation
import Synchronization

/// `Batch` (issue 6) against the one-by-one loops it replaces, on the email data set: whole
/// matches and a trial on all cores, a filter chain on all cores, each with its plain loop
/// timed side by side, one call on the whole data set; then the same with 1,000 strings per
/// call, below the batch's sequential threshold; then the batch's memory (see ``BatchMemory``).
enum BatchSection {
    /// How timed ranges of items turn into calls: one call on the whole data set, or the same
    /// small array again and again.
    struct Workload {
        let title: String
        /// Strings per call.
        let perCall: Int
        /// Items timed in all (calls × strings per call).
        let items: Int
        /// The stopwatch's chunk for this workload.
        let chunk: Int
        /// The stopwatch's rounds for this workload.
        let rounds: Int
        /// The strings of a call on `range`, and how many calls the range makes.
        let calls: (Range<Int>) -> (inputs: [String], repeats: Int)
    }

    /// A one-by-one loop and the batch call that replaces it.
    struct Pair {
        let task: String
        let loop: String
        let batch: String
    }

    /// Minimum batch throughput over the loop's, for calls of many strings and for small calls.
    static let largeTarget = 1.8
    static let smallTarget = 1.0
    /// What "no slower" allows for noise: two runs of one loop differ by about this much here.
    static let smallTolerance = 0.97

    static func run(_ arguments: Arguments) throws -> [Table] {
        let strings = DataSets.emails(count: arguments.count)
        // One call on everything, as a user would make it; with no chunks to interleave, more
        // rounds (a million strings take well under a second per method and round).
        let large = Workload(
            title: "\(Format.grouped(Double(strings.count))) strings", perCall: strings.count, items: strings.count,
            chunk: strings.count, rounds: 4 * arguments.rounds
        ) { _ in (strings, 1) }
        let smallCount = min(1_000, strings.count)
        let small = Array(strings.prefix(smallCount))
        let smallCalls = max(1, strings.count / smallCount)
        let smallChunk = max(1, arguments.chunk / smallCount) * smallCount
        let few = Workload(
            title:
                "\(Format.grouped(Double(smallCount))) strings per call, \(Format.grouped(Double(smallCalls))) calls",
            perCall: smallCount, items: smallCount * smallCalls, chunk: smallChunk, rounds: arguments.rounds
        ) { range in (small, range.count / smallCount) }

        var table = Table(
            title: "Batch (all cores) vs one-by-one loops, email data set",
            headers: [
                "Task", "strings per call", "one-by-one strings/s", "batch strings/s", "batch throughput vs one-by-one",
                "target",
            ])
        for workload in [large, few] {
            try time(workload, arguments, into: &table)
        }
        table.notes.append(
            "Check: each batch call gives the same answers, in the same order, as its loop, on every chunk of every round."
        )
        table.notes.append(
            "Targets: at least \(Format.ratio(largeTarget)) the loop's throughput on \(Format.grouped(Double(large.perCall)))-string "
                + "calls; no slower than the loop on \(Format.grouped(Double(smallCount)))-string calls (the batch stays "
                + "sequential below \(Format.grouped(Double(BatchOptions().sequentialThreshold))) strings; met at "
                + "\(Format.ratio(smallTolerance)) and above, this machine's noise between identical loops).")
        table.notes.append(
            "\(Format.grouped(Double(large.perCall)))-string calls: one call on the whole data set per method and round, "
                + "best of \(large.rounds) rounds, the first method rotating; \(Format.grouped(Double(smallCount)))-string "
                + "calls: \(Format.grouped(Double(smallCalls))) calls on the same strings, in chunks of "
                + "\(Format.grouped(Double(smallChunk / smallCount))) calls interleaved as in the other sections, best of "
                + "\(few.rounds) rounds.")
        // --method is for profiling the timed calls: the memory children are left out then.
        return arguments.methods == nil ? [table, try BatchMemory.table(arguments)] : [table]
    }

    private static func time(_ workload: Workload, _ arguments: Arguments, into table: inout Table) throws {
        let pattern = try Pattern(Pattern.emailSource)
        let judge = try Trial.email.makeEvaluator()
        let chain = BatchMemory.chain()
        let batch = Batch()

        func method<Output>(_ name: String, _ body: @escaping ([String]) throws -> Output) -> Method<Output> {
            Method(name: name) { range in
                let (inputs, repeats) = workload.calls(range)
                var output = try body(inputs)
                for _ in 1..<max(1, repeats) { output = try body(inputs) }
                return output
            }
        }
        let pairs = [
            Pair(
                task: "whole match", loop: "loop of pattern.hasWholeMatch(in:)",
                batch: "Batch().hasWholeMatch(pattern, in:)"),
            Pair(task: "trial", loop: "loop of the Trial.email evaluator", batch: "Batch().evaluate(Trial.email, on:)"),
            Pair(task: "filter chain", loop: "loop of chain.apply(to:)", batch: "Batch().apply(chain, to:)"),
        ]
        let large = workload.perCall > BatchOptions().sequentialThreshold
        var matching: [Method<[Bool]>] = [
            method(pairs[0].loop) { inputs in inputs.map { (try? pattern.hasWholeMatch(in: $0)) ?? false } },
            method(pairs[0].batch) { inputs in batch.hasWholeMatch(pattern, in: inputs) },
            method(pairs[1].loop) { inputs in inputs.map { (try? judge($0)) ?? false } },
            method(pairs[1].batch) { inputs in try batch.evaluate(Trial.email, on: inputs) },
        ]
        // What the cores give at this moment: the plain loop cut into one part per core, with
        // no batch code at all. On a machine that other work keeps busy, this is the ceiling.
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let ceiling = Pair(
            task: "ceiling", loop: pairs[0].loop,
            batch: "the loop in \(cores) parts on \(cores) threads (concurrentPerform)")
        if large {
            matching.append(
                method(ceiling.batch) { inputs in
                    let parts = Mutex([[Bool]](repeating: [], count: cores))
                    DispatchQueue.concurrentPerform(iterations: cores) { part in
                        let range = (inputs.count * part / cores)..<(inputs.count * (part + 1) / cores)
                        let answers = inputs[range].map { (try? pattern.hasWholeMatch(in: $0)) ?? false }
                        parts.withLock { $0[part] = answers }
                    }
                    return parts.withLock { Array($0.joined()) }
                })
        }
        let filtering: [Method<[String?]>] = [
            method(pairs[2].loop) { inputs in try inputs.map { try chain.apply(to: $0) } },
            method(pairs[2].batch) { inputs in try batch.apply(chain, to: inputs) },
        ]
        var settings = arguments
        settings.chunk = workload.chunk
        settings.rounds = workload.rounds
        let timings =
            try Stopwatch.bestOf(settings, items: workload.items, methods: matching, check: agreement(==))
            + Stopwatch.bestOf(settings, items: workload.items, methods: filtering, check: agreement(sameStrings))

        for pair in pairs + (large ? [ceiling] : []) {
            guard let loop = timings.first(where: { $0.name == pair.loop }),
                let batched = timings.first(where: { $0.name == pair.batch })
            else { continue }
            let speedup = Target.printed(loop.best.seconds / batched.best.seconds)
            let met = large ? speedup >= largeTarget : speedup >= smallTolerance
            let target =
                pair.task == ceiling.task
                ? "none: the machine's ceiling now"
                : "≥ \(Format.ratio(large ? largeTarget : smallTarget)) " + (met ? "(met)" : "(NOT met)")
            table.rows.append([
                "\(pair.batch) vs \(pair.loop)", Format.grouped(Double(workload.perCall)),
                Format.grouped(loop.itemsPerSecond), Format.grouped(batched.itemsPerSecond), Format.ratio(speedup),
                target,
            ])
        }
    }

    /// A stopwatch check that every method gives the first method's output on each chunk.
    private static func agreement<Output>(
        _ same: @escaping (Output, Output) -> Bool
    ) -> (String, Int, Range<Int>, Output) throws -> Void {
        var first: [Int: Output] = [:]
        return { name, chunk, range, output in
            guard let expected = first[chunk] else {
                first[chunk] = output
                return
            }
            if !same(expected, output) {
                throw Disagreement(description: "batch: \(name) gave other answers than the loop on strings \(range)")
            }
        }
    }

    private static func sameStrings(_ left: [String?], _ right: [String?]) -> Bool {
        left.count == right.count
            && zip(left, right).allSatisfy { pair in
                switch pair {
                case (nil, nil): return true
                case (let left?, let right?): return SameBytes.check(left, right)
                default: return false
                }
            }
    }
}
