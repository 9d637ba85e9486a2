import FastCop
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Raw lines (issue 6): a file of generated email lines validated block by block with
/// `UTF8LineReader` and `Batch.matchLines(_:in:wholeLine:)`, for two file sizes side by side.
///
/// Each size is read by a child process (see ``ChildProcess``), whose peak resident memory
/// (`VmHWM`) counts nothing but the reading, so the two peaks show whether memory grows with
/// the file. The file is unlinked as soon as it is created: it has no name while it is
/// written and read (the children get it as standard input), and the system frees it when
/// the last descriptor closes, however the run ends.
enum LinesSection {
    static let childJob = "lines"

    /// One size's results.
    private struct Reading {
        var bytes = 0
        var lines = 0
        var matches = 0
        var seconds = 0.0
        var peak = 0
        var startResident = 0
        var blockSize = 0
        /// The child's CPU time (all threads, user and system), in seconds.
        var cpuSeconds = 0.0
    }

    static func run(_ arguments: Arguments) throws -> Table {
        let sizes = [max(1, arguments.linesBytes / 10), arguments.linesBytes]
        let file = try LinesFile()
        var readings: [Reading] = []
        for size in sizes {
            try file.grow(to: size)
            try file.rewind()
            let values = try ChildProcess.run(["--child", childJob], input: file.handle)
            func value(_ key: String) throws -> Int { try ChildProcess.integer(key, in: values) }
            let reading = Reading(
                bytes: try value("bytes"), lines: try value("lines"), matches: try value("matches"),
                seconds: Double(try value("nanoseconds")) / 1e9, peak: try value("peak"),
                startResident: try value("rss_start"), blockSize: try value("block_size"),
                cpuSeconds: Double(try value("cpu_nanoseconds")) / 1e9)
            guard reading.bytes == file.bytes, reading.lines == file.lines, reading.matches == file.matches,
                try value("problems") == 0
            else {
                throw Disagreement(
                    description: "lines: matchLines read \(reading.bytes) bytes, \(reading.lines) lines, "
                        + "\(reading.matches) matches, \(values["problems"] ?? "?") problems; the file has "
                        + "\(file.bytes) bytes, \(file.lines) lines, \(file.matches) matching one by one")
            }
            readings.append(reading)
        }

        var table = Table(
            title: "Validate a file of email lines: UTF8LineReader + Batch().matchLines(email, in:, wholeLine: true)",
            headers: ["Measure"] + readings.map { "\(ProcessMemory.megabytes($0.bytes)) file" })
        func row(_ name: String, _ cell: (Reading) -> String) { table.rows.append([name] + readings.map(cell)) }
        row("lines") { Format.grouped(Double($0.lines)) }
        row("matching lines") { Format.grouped(Double($0.matches)) }
        row("seconds") { Format.fixed($0.seconds, 2) }
        row("lines/s") { Format.grouped(Double($0.lines) / $0.seconds) }
        row("MB/s") { Format.grouped(Double($0.bytes) / $0.seconds / 1e6) }
        row("ns/line") { Format.fixed($0.seconds * 1e9 / Double($0.lines), 1) }
        row("cores busy (CPU time ÷ time)") { Format.fixed($0.cpuSeconds / $0.seconds, 2) }
        row("child RSS before reading") { ProcessMemory.megabytes($0.startResident) }
        row("child peak RSS (VmHWM)") { ProcessMemory.megabytes($0.peak) }
        table.notes.append(
            "Check: matchLines' count of matching lines equals Pattern.hasWholeMatch(in:) on each line, counted as the "
                + "file was written; no line was invalid UTF-8 or hit a limit.")
        table.notes.append(
            "Peak RSS is the whole child process (Swift runtime included), which did nothing but read the file; the file "
                + "was just written, so it is read from the page cache. Blocks of "
                + "\(Format.fixed(Double(readings.first?.blockSize ?? 0) / 1_048_576, 0)) MiB (the reader's default), "
                + "\(ProcessInfo.processInfo.activeProcessorCount) cores.")
        if readings.count == 2 {
            let growth = Double(readings[1].peak) / Double(max(1, readings[0].peak))
            table.notes.append(
                "Bounded memory: a \(Format.ratio(Double(readings[1].bytes) / Double(max(1, readings[0].bytes)))) "
                    + "larger file took \(Format.ratio(growth)) the peak RSS.")
        }
        return table
    }

    /// This process's CPU time so far, all threads, user and system.
    private static func cpuNanoseconds() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Int(usage.ru_utime.tv_sec) * 1_000_000_000 + Int(usage.ru_utime.tv_usec) * 1_000
        let system = Int(usage.ru_stime.tv_sec) * 1_000_000_000 + Int(usage.ru_stime.tv_usec) * 1_000
        return user + system
    }

    /// The child's side: reads standard input to the end and reports what it found.
    static func child(_ arguments: Arguments) throws {
        let pattern = try Pattern(Pattern.emailSource)
        let batch = Batch()
        let startResident = ProcessMemory.resident ?? 0
        let reader = try UTF8LineReader(path: "-")
        var lines = 0
        var matches = 0
        var problems = 0
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = cpuNanoseconds()
        while let block = try reader.nextBlock() {
            let result = block.withUnsafeBytes { batch.matchLines(pattern, in: $0, wholeLine: true) }
            lines += result.lines.count
            matches += result.matchCount
            problems += result.problems.count
        }
        let elapsed = clock.now - start
        let cpu = cpuNanoseconds() - cpuStart
        ChildProcess.report("bytes", reader.bytesRead)
        ChildProcess.report("lines", lines)
        ChildProcess.report("matches", matches)
        ChildProcess.report("problems", problems)
        ChildProcess.report("nanoseconds", Int(elapsed.seconds * 1e9))
        ChildProcess.report("cpu_nanoseconds", cpu)
        ChildProcess.report("rss_start", startResident)
        ChildProcess.report("block_size", reader.blockSize)
        ChildProcess.report("peak", ProcessMemory.peak ?? 0)
    }
}
