import FastCop

/// What a `Batch` call costs in memory beyond its result, measured in child processes.
///
/// Each child generates the email data set, warms the call up on a few thousand strings
/// (worker threads, JIT code, match data), gives freed memory back, resets its peak
/// (`VmHWM`), makes the call once on the whole data set and reports its resident memory
/// before the call, its peak during it, and what stays resident after it (the result). The
/// claim to check: a batch needs no memory per input beyond its result.
enum BatchMemory {
    static let childJobPrefix = "batch-memory:"

    /// The filter chain of the batch section.
    static func chain() -> FilterChain {
        FilterChain() <~~ TrimFilter() <~~ CharCaseFilter(.lowercase) <~~ CollapseWhitespaceFilter()
    }

    /// The calls measured, by job name: what they are and what their result is.
    private static let calls: [(job: String, name: String, result: String)] = [
        ("loop", "loop of pattern.hasWholeMatch(in:)", "[Bool]"),
        ("hasWholeMatch", "Batch().hasWholeMatch(pattern, in:)", "[Bool]"),
        ("evaluate", "Batch().evaluate(Trial.email, on:)", "[Bool]"),
        ("chain-loop", "loop of chain.apply(to:)", "[String?]"),
        ("chain", "Batch().apply(chain, to:)", "[String?]"),
    ]

    /// Runs every call in its own child process and tabulates the results.
    static func table(_ arguments: Arguments) throws -> Table {
        var table = Table(
            title: "Batch memory: one call on \(Format.grouped(Double(arguments.count))) strings, in a fresh process",
            headers: [
                "Call", "result", "RSS before (inputs made)", "peak RSS rise during the call",
                "RSS kept after (the result)", "peak beyond what is kept, per input",
            ])
        for call in calls {
            let values = try ChildProcess.run([
                "--child", childJobPrefix + call.job, "--count", String(arguments.count),
            ])
            let before = try ChildProcess.integer("rss_before", in: values)
            let peak = try ChildProcess.integer("peak", in: values)
            let after = try ChildProcess.integer("rss_after", in: values)
            guard values["peak_reset"] == "true" else {
                throw ChildProcess.Failure(description: "the kernel refused to reset VmHWM (/proc/self/clear_refs)")
            }
            table.rows.append([
                call.name, call.result, ProcessMemory.megabytes(before), ProcessMemory.megabytes(peak - before),
                ProcessMemory.megabytes(after - before),
                Format.fixed(Double(peak - after) / Double(max(1, arguments.count)), 2) + " B",
            ])
        }
        table.notes.append(
            "Each call runs once in a child process that made the inputs and warmed the call up on 8,192 strings "
                + "(worker threads, JIT code, match data); peak = VmHWM after resetting it through "
                + "/proc/self/clear_refs just before the call; \"kept\" = VmRSS after the call, with the result alive "
                + "and freed memory returned (malloc_trim).")
        table.notes.append(
            "A [Bool] result is 1 byte per input (\(ProcessMemory.megabytes(arguments.count)) here); a [String?] "
                + "result is 16 bytes per input plus the storage of each string longer than 15 bytes.")
        return table
    }

    /// The child's side: one call, measured (see the type's description).
    static func child(_ job: String, _ arguments: Arguments) throws {
        let strings = DataSets.emails(count: arguments.count)
        let pattern = try Pattern(Pattern.emailSource)
        let chain = chain()
        let batch = Batch()
        let work: ([String]) throws -> Any
        switch job {
        case "loop": work = { inputs in inputs.map { (try? pattern.hasWholeMatch(in: $0)) ?? false } }
        case "hasWholeMatch": work = { inputs in batch.hasWholeMatch(pattern, in: inputs) }
        case "evaluate": work = { inputs in try batch.evaluate(Trial.email, on: inputs) }
        case "chain-loop": work = { inputs in try inputs.map { try chain.apply(to: $0) } }
        case "chain": work = { inputs in try batch.apply(chain, to: inputs) }
        default: throw ChildJobs.Unknown(description: "unknown batch memory job \"\(job)\"")
        }
        // Warm up above the sequential threshold, so that threads and per-thread match data exist.
        _ = try work(Array(strings.prefix(8_192)))
        ProcessMemory.trim()
        let before = ProcessMemory.resident ?? 0
        let reset = ProcessMemory.resetPeak()
        let result = try work(strings)
        let peak = ProcessMemory.peak ?? 0
        ProcessMemory.trim()
        let after = ProcessMemory.resident ?? 0
        // Both alive to the end: Swift may otherwise free the inputs after their last use.
        withExtendedLifetime((strings, result)) {
            ChildProcess.report("rss_before", before)
            ChildProcess.report("peak", peak)
            ChildProcess.report("peak_reset", reset)
            ChildProcess.report("rss_after", after)
        }
    }
}
