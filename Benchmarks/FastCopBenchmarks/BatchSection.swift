import Dispatch
import FastCop
import Foundation
import Synchronization

/// Every `Batch` shape (issue 15) against the plain loop a user would write in its place, on
/// the email data set, from this separate module as a user calls it. Four ways per shape:
///
/// - **loop**: the user's loop on the calling thread (the baseline);
/// - **batch, 1 worker**: `Batch(options: BatchOptions(parallelism: 1))`, the batch's own cost;
/// - **batch, all cores**: `Batch()`;
/// - **ceiling**: the same user loop cut in one part per core with `concurrentPerform`, no
///   batch code at all: what the cores give at this moment.
///
/// Each at one call on 1,000,000 strings and at 1,000 strings per call (below the batch's
/// sequential threshold); then the batch's memory (see ``BatchMemory``).
enum BatchSection {
    /// How timed ranges of items turn into calls: one call on the whole data set, or the same
    /// small array again and again.
    struct Workload: Sendable {
        /// Strings per call.
        let perCall: Int
        /// Items timed in all (calls × strings per call).
        let items: Int
        /// The stopwatch's chunk and rounds for this workload.
        let chunk: Int
        let rounds: Int
        /// The strings of a call on `range`, and how many calls the range makes.
        let calls: @Sendable (Range<Int>) -> (inputs: [String], repeats: Int)
    }

    /// Targets: one worker within this multiple of the loop's time; all cores at least this
    /// multiple of the loop's throughput (large calls) and this share of the ceiling's.
    static let oneWorkerTarget = 1.05
    static let largeTarget = 1.8
    static let ceilingTarget = 0.95
    /// "No slower than the loop" on small calls, allowing this machine's noise between two
    /// runs of one loop.
    static let smallTolerance = 0.97

    static func run(_ arguments: Arguments) throws -> [Table] {
        let strings = DataSets.emails(count: arguments.count)
        let large = Workload(
            perCall: strings.count, items: strings.count, chunk: strings.count, rounds: 4 * arguments.rounds
        ) { _ in (strings, 1) }
        let smallCount = min(1_000, strings.count)
        let small = Array(strings.prefix(smallCount))
        let smallCalls = max(1, strings.count / smallCount)
        let smallChunk = max(1, arguments.chunk / smallCount) * smallCount
        let few = Workload(
            perCall: smallCount, items: smallCount * smallCalls, chunk: smallChunk, rounds: arguments.rounds
        ) { range in (small, range.count / smallCount) }

        let cores = ProcessInfo.processInfo.activeProcessorCount
        var table = Table(
            title: "Batch shapes vs the loop a user writes, email data set, \(cores) cores",
            headers: [
                "Shape (Batch method; the loop)", "strings per call", "loop strings/s", "1 worker: time vs loop",
                "1 worker: CPU time vs loop",
                "all cores: throughput vs loop", "all cores: CPU time vs loop", "ceiling: throughput vs loop",
                "all cores vs ceiling", "targets",
            ])
        let shapes = try BatchShape.all()
        for workload in [large, few] {
            for shape in shapes {
                let timer = ShapeTimer(shape: shape.name, workload: workload, arguments: arguments, cores: cores)
                let (timings, cpu) = try shape.time(timer)
                if let row = Self.row(shape, workload, timings, cpu) { table.rows.append(row) }
            }
        }
        table.notes.append(
            "loop: the user's loop (the Shape column's second part) on the calling thread; 1 worker: "
                + "Batch(options: BatchOptions(parallelism: 1)); all cores: Batch(); ceiling: the same loop cut in "
                + "\(cores) parts on \(cores) threads with DispatchQueue.concurrentPerform, no batch code.")
        table.notes.append(
            "1 worker: CPU time vs loop: the same two methods by the calling thread's CPU clock "
                + "(CLOCK_THREAD_CPUTIME_ID, least per chunk like the times): the batch's own cost even while other "
                + "work holds the cores; all cores: CPU time vs loop: the process's CPU clock (every thread added up) "
                + "against the loop's, what running in parallel costs beyond the work. Informational; the targets use "
                + "the times.")
        table.notes.append(
            "Check: every method gives the loop's answers, in the same order, on every chunk of every round.")
        table.notes.append(
            "Targets at \(Format.grouped(Double(large.perCall))) strings: 1 worker within "
                + "\(Format.ratio(oneWorkerTarget)) the loop's time, all cores at least \(Format.ratio(largeTarget)) its "
                + "throughput and at least \(Format.fixed(ceilingTarget * 100, 0))% of the ceiling's; at "
                + "\(Format.grouped(Double(smallCount))) strings (below the sequential threshold of "
                + "\(Format.grouped(Double(BatchOptions().sequentialThreshold)))): no slower than the loop (met at "
                + "\(Format.ratio(smallTolerance)) and above, this machine's noise between identical loops).")
        table.notes.append(
            "\(Format.grouped(Double(large.perCall)))-string calls: one call per method and round, best of "
                + "\(large.rounds) rounds, the first method rotating; \(Format.grouped(Double(smallCount)))-string calls: "
                + "\(Format.grouped(Double(smallCalls))) calls on the same strings, in chunks of "
                + "\(Format.grouped(Double(smallChunk / smallCount))) calls interleaved, best of \(few.rounds) rounds.")
        // --method is for profiling the timed calls: the memory children are left out then.
        return arguments.methods == nil ? [table, try BatchMemory.table(arguments)] : [table]
    }

    /// The table row of one shape on one workload, with its verdicts; nil when `--method`
    /// left out the loop.
    private static func row(
        _ shape: BatchShape, _ workload: Workload, _ timings: [Timing], _ cpu: LeastCPUTimes
    ) -> [String]? {
        func timing(_ way: String) -> Timing? { timings.first { $0.name == ShapeTimer.name(shape.name, way) } }
        guard let loop = timing(ShapeTimer.loop) else { return nil }
        let oneWorker = timing(ShapeTimer.oneWorker).map { Target.printed($0.best.seconds / loop.best.seconds) }
        func cpuRatio(_ way: String) -> Double? {
            cpu.total(ShapeTimer.name(shape.name, way)).flatMap { used in
                cpu.total(ShapeTimer.name(shape.name, ShapeTimer.loop)).map {
                    Target.printed(used.seconds / $0.seconds)
                }
            }
        }
        let oneWorkerCPU = cpuRatio(ShapeTimer.oneWorker)
        let allCoresCPU = cpuRatio(ShapeTimer.allCores)
        let allCores = timing(ShapeTimer.allCores).map { Target.printed(loop.best.seconds / $0.best.seconds) }
        let ceiling = timing(ShapeTimer.ceiling).map { Target.printed(loop.best.seconds / $0.best.seconds) }
        let share = timing(ShapeTimer.allCores).flatMap { all in
            timing(ShapeTimer.ceiling).map { Target.printed($0.best.seconds / all.best.seconds) }
        }
        var verdicts: [String] = []
        func verdict(_ what: String, _ met: Bool?) {
            if let met { verdicts.append(what + (met ? " met" : " NOT met")) }
        }
        if workload.perCall > BatchOptions().sequentialThreshold {
            verdict("1 worker ≤ \(Format.ratio(oneWorkerTarget))", oneWorker.map { $0 <= oneWorkerTarget })
            verdict("≥ \(Format.ratio(largeTarget))", allCores.map { $0 >= largeTarget })
            verdict("≥ \(Format.ratio(ceilingTarget)) ceiling", share.map { $0 >= ceilingTarget })
        } else {
            let slowest = [oneWorker.map { 1 / $0 }, allCores].compactMap { $0 }.min()
            verdict("no slower than the loop", slowest.map { $0 >= smallTolerance })
        }
        return [
            "\(shape.batchCode); \(shape.loopCode)", Format.grouped(Double(workload.perCall)),
            Format.grouped(loop.itemsPerSecond), oneWorker.map(Format.ratio) ?? "-",
            oneWorkerCPU.map(Format.ratio) ?? "-", allCores.map(Format.ratio) ?? "-",
            allCoresCPU.map(Format.ratio) ?? "-",
            ceiling.map(Format.ratio) ?? "-", share.map(Format.ratio) ?? "-", verdicts.joined(separator: "; "),
        ]
    }
}
