import FastCop
import FastCopRecords
import Foundation

/// `fastcop bench [FILE] [--pattern P]`: FastCop against NSRegularExpression and Swift `Regex`
/// on the user's own lines, as ratios from one run.
enum BenchCommand {
    static let spec = CommandSpec(
        name: "bench",
        summary: "Time FastCop, NSRegularExpression and Swift Regex on your own data, as ratios.",
        usage: ["bench [FILE] [--pattern PATTERN] [--whole-line] [--lines N]"],
        discussion: """
            Reads the first N lines of FILE (default 1,000,000; generated contact rows when
            there is no FILE) into memory, then counts the lines in which PATTERN matches
            (default: SwiftCop's email pattern) with each engine, one run each, on one core:
            FastCop (PCRE2 with JIT), NSRegularExpression and Swift Regex; then FastCop on all
            cores. Ratios compare lines per second. An engine that needs more than --budget
            seconds is stopped there and timed on the lines it finished.
            """,
        options: BenchOptions.declarations,
        positionals: 0...1)

    /// One engine's run.
    struct Timing {
        let engine: String
        let matches: Int
        let lines: Int
        let seconds: Double
        var linesPerSecond: Double { seconds > 0 ? Double(lines) / seconds : .infinity }
    }

    static func run(_ options: BenchOptions) throws -> ExitStatus {
        let source = options.pattern
        let wholeLine = options.wholeLine
        let budget = options.budget
        let (lines, name) = try loadLines(options.file, limit: options.limit)
        let bytes = lines.reduce(0) { $0 + $1.utf8.count + 1 }
        Console.out(
            "fastcop bench: \(name), \(Formatting.grouped(lines.count)) lines "
                + "(\(Formatting.fixed(Double(bytes) / 1_048_576, decimals: 1)) MiB), "
                + "\(wholeLine ? "whole-line" : "search") pattern \(source)\n")

        var timings: [Timing] = []
        let pattern: Pattern
        do {
            pattern = try Pattern(source)
        } catch let error as PatternError {
            throw ToolError.input("the pattern does not compile:\n\(error.description)")
        }
        timings.append(
            time("FastCop (1 core)", lines, budget: budget) { line in
                (try? wholeLine ? pattern.hasWholeMatch(in: line) : pattern.hasMatch(in: line)) ?? false
            })
        if let regex = try? NSRegularExpression(pattern: wholeLine ? "\\A(?:\(source))\\z" : source) {
            timings.append(
                time("NSRegularExpression", lines, budget: budget) { line in
                    regex.firstMatch(in: line, range: NSRange(location: 0, length: line.utf16.count)) != nil
                })
        } else {
            Console.out("  NSRegularExpression: the pattern does not compile there; skipped\n")
        }
        do {
            let regex = try Regex(source)
            timings.append(
                time("Swift Regex", lines, budget: budget) { line in
                    (try? wholeLine ? regex.wholeMatch(in: line) != nil : regex.firstMatch(in: line) != nil) ?? false
                })
        } catch {
            Console.out("  Swift Regex: the pattern does not compile there (\(error)); skipped\n")
        }
        timings.append(parallelTime(pattern, lines, wholeLine: wholeLine))
        Console.out(table(timings))
        if let warning = tooSmallWarning(lines: lines.count, timings: timings) { Console.out(warning) }
        return .success
    }

    /// Fewer lines than this are too few for a timing to mean anything.
    static let minimumLines = 10_000
    /// A run shorter than this (in seconds) is mostly clock and cache noise.
    static let minimumSeconds = 0.01

    /// A warning when the input is too small to time: too few lines, or an engine's run too
    /// short for its ratio to be more than noise.
    static func tooSmallWarning(lines: Int, timings: [Timing]) -> String? {
        let shortest = timings.map(\.seconds).min() ?? 0
        guard lines < minimumLines || shortest < minimumSeconds else { return nil }
        return "\n  warning: too small to time: \(Formatting.grouped(lines)) lines, the shortest run "
            + "\(Formatting.fixed(shortest, decimals: 3)) s; the ratios above are noise. Use at least "
            + "\(Formatting.grouped(minimumLines)) lines with runs over \(Formatting.fixed(minimumSeconds, decimals: 2)) s"
            + " (with no FILE, bench times 1,000,000 generated rows).\n"
    }

    /// Times `matches` over the lines, stopping after `budget` seconds.
    private static func time(_ engine: String, _ lines: [String], budget: Double, _ matches: (String) -> Bool)
        -> Timing
    {
        let start = ContinuousClock.now
        var count = 0
        var done = 0
        for line in lines {
            if matches(line) { count += 1 }
            done += 1
            if done & 1023 == 0 && (ContinuousClock.now - start).inSeconds > budget { break }
        }
        return Timing(engine: engine, matches: count, lines: done, seconds: (ContinuousClock.now - start).inSeconds)
    }

    private static func parallelTime(_ pattern: Pattern, _ lines: [String], wholeLine: Bool) -> Timing {
        let start = ContinuousClock.now
        let workers = ParallelMap.workerCount
        let tasks = workers * 4
        let counts = ParallelMap.map(count: tasks) { task in
            var count = 0
            for index in (lines.count * task / tasks)..<(lines.count * (task + 1) / tasks) {
                let line = lines[index]
                if (try? wholeLine ? pattern.hasWholeMatch(in: line) : pattern.hasMatch(in: line)) ?? false {
                    count += 1
                }
            }
            return count
        }
        return Timing(
            engine: "FastCop (\(workers) cores)", matches: counts.reduce(0, +), lines: lines.count,
            seconds: (ContinuousClock.now - start).inSeconds)
    }

    private static func table(_ timings: [Timing]) -> String {
        guard let base = timings.first else { return "" }
        var text = "\n  engine                  lines       matches     seconds    lines/s       vs FastCop (1 core)\n"
        for timing in timings {
            let ratio = timing.linesPerSecond / base.linesPerSecond
            let comparison =
                timing.engine == base.engine
                ? "1.00x"
                : ratio >= 1
                    ? "\(Formatting.fixed(ratio, decimals: 2))x faster"
                    : "\(Formatting.fixed(1 / ratio, decimals: 2))x slower"
            text += "  " + timing.engine.padding(22)
            text += Formatting.grouped(timing.lines).leftPadded(11) + "  "
            text += Formatting.grouped(timing.matches).leftPadded(11) + "  "
            text += Formatting.fixed(timing.seconds, decimals: 3).leftPadded(9) + "  "
            text += Formatting.grouped(Int(timing.linesPerSecond.clamped(to: 0...1e15))).leftPadded(11) + "   "
            text += comparison + "\n"
        }
        let counts = Set(timings.map { Double($0.matches) / Double(max(1, $0.lines)) })
        if counts.count > 1 {
            text += "\n  The engines disagree on some lines: their Unicode and syntax rules differ"
            text += " (see docs/differences-from-NSRegularExpression.md on \\w, \\d and case folding),"
            text += " or an engine stopped early.\n"
        }
        return text
    }

    /// The first `limit` lines of `path`, or generated contact rows.
    private static func loadLines(_ path: String?, limit: Int) throws -> ([String], String) {
        guard let path else { return (SampleData.contactLines(count: min(limit, 1_000_000)), "generated contacts") }
        let input = try InputSource.open(path)
        let reader = RecordReader(source: input, splitter: LineRecordSplitter(skipsBlankLines: false))
        var lines: [String] = []
        var invalid = 0
        reading: while let block = try reader.next() {
            for span in block.records {
                let bytes = block.bytes[span.start..<span.end]
                guard let line = String(validating: bytes, as: UTF8.self) else {
                    invalid += 1
                    continue
                }
                lines.append(line)
                if lines.count == limit { break reading }
            }
        }
        if invalid > 0 { Console.out("  skipped \(Formatting.grouped(invalid)) lines that are not valid UTF-8\n") }
        return (lines, input.name)
    }
}

extension String {
    /// The string right-aligned in `width` characters.
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
