import FastCop

/// `fastcop match PATTERN [FILE...]`: line filtering on PCRE2, the job of `grep -P`.
enum MatchCommand {
    static let spec = CommandSpec(
        name: "match",
        summary: "Print the lines that match a PCRE2 pattern, like grep -P, on all cores.",
        usage: ["match PATTERN [FILE...] [--count] [--invert] [--whole-line] [--ignore-case]"],
        discussion: """
            Reads each FILE (or stdin when there is none, or for '-') line by line and prints
            the lines in which PATTERN matches, in input order. With several files each line is
            prefixed with its file name. A line that is not valid UTF-8, or on which the
            pattern gives up (match limit), does not match and is reported on stderr.

            Patterns are PCRE2 (Perl) syntax, compiled once and JIT-compiled, Unicode-aware
            (\\w, \\d, case folding). Exit status: 0 when a line was selected, 1 when none was,
            2 for an error (a bad pattern, a missing file).
            """,
        options: [
            .flag("count", short: "c", help: "Print only the number of selected lines (per file)."),
            .flag("invert", short: "v", help: "Select the lines that do not match."),
            .flag("whole-line", short: "x", help: "The pattern must match the whole line."),
            .flag("ignore-case", short: "i", help: "Letters match both cases (Unicode case folding)."),
            .flag("fixed-strings", short: "F", help: "PATTERN is literal text, not a regular expression."),
            .flag("line-number", short: "n", help: "Prefix each line with its line number."),
            .flag("quiet", short: "q", help: "Print nothing; the exit status says whether a line matched."),
        ],
        positionals: 1...Int.max)

    /// What to do with each line.
    struct Settings: Sendable {
        let pattern: Pattern
        let invert: Bool
        let wholeLine: Bool
        let countOnly: Bool
        let lineNumbers: Bool
        /// `name:` before each line, when several files are searched.
        let prefix: [UInt8]
    }

    static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
        var options: Pattern.Options = []
        if arguments.flag("ignore-case") { options.insert(.caseInsensitive) }
        if arguments.flag("fixed-strings") { options.insert(.literal) }
        let source = arguments.positionals[0]
        let pattern: Pattern
        do {
            pattern = try Pattern(source, options: options)
        } catch let error as PatternError {
            throw ToolError.input("the pattern does not compile:\n\(error.description)")
        }
        var files = Array(arguments.positionals.dropFirst())
        if files.isEmpty { files = ["-"] }
        let output = try OutputSink.open("-")
        var selectedAny = false
        var failed = false
        for file in files {
            let input: InputSource
            do {
                input = try InputSource.open(file)
            } catch let error as ToolError {
                Console.error("fastcop: \(error.message)\n")
                failed = true
                continue
            }
            let settings = Settings(
                pattern: pattern, invert: arguments.flag("invert"), wholeLine: arguments.flag("whole-line"),
                countOnly: arguments.flag("count") || arguments.flag("quiet"),
                lineNumbers: arguments.flag("line-number"),
                prefix: files.count > 1 ? Array("\(input.name):".utf8) : [])
            let selected = try search(input, settings: settings, output: arguments.flag("quiet") ? .discard : output)
            if arguments.flag("count") && !arguments.flag("quiet") {
                try output.write(settings.prefix + Array("\(selected)\n".utf8))
            }
            selectedAny = selectedAny || selected > 0
        }
        if failed { return .failure }
        return selectedAny ? .success : .rejected
    }

    /// Searches one input; returns the number of selected lines.
    private static func search(_ input: InputSource, settings: Settings, output: OutputSink) throws -> Int {
        let reader = RecordReader(source: input, splitter: LineSplitter(skipsBlankLines: false))
        var selected = 0
        var problemsReported = 0
        while let block = try reader.next() {
            let records = block.records
            let count = records.count
            let tasks = max(1, min(ParallelMap.workerCount * 4, count / 1024))
            let results = block.bytes.withUnsafeBufferPointer { buffer in
                let shared = SharedBytes(buffer: buffer)
                return ParallelMap.map(count: tasks) { task in
                    searchLines(
                        shared.buffer, records: records, range: (count * task / tasks)..<(count * (task + 1) / tasks),
                        settings: settings)
                }
            }
            for result in results {
                selected += result.selected
                if !result.output.isEmpty { try output.write(result.output) }
                for problem in result.problems where problemsReported < 10 {
                    problemsReported += 1
                    Console.error("fastcop: \(input.name): \(problem)\n")
                }
            }
        }
        return selected
    }

    private struct SearchResult: Sendable {
        var selected = 0
        var output: [UInt8] = []
        var problems: [String] = []
    }

    private static func searchLines(
        _ bytes: UnsafeBufferPointer<UInt8>, records: [RecordSpan], range: Range<Int>, settings: Settings
    ) -> SearchResult {
        var result = SearchResult()
        let pattern = settings.pattern
        for index in range {
            let span = records[index]
            let line = UnsafeBufferPointer(rebasing: bytes[span.start..<span.end])
            var matched: Bool
            do {
                matched = try settings.wholeLine ? pattern.hasWholeMatch(in: line) : pattern.hasMatch(in: line)
            } catch let error as PatternError {
                matched = false
                if result.problems.count < 10 {
                    let reason = error.kind == .invalidUTF8 ? error.description : "\(error.kind)"
                    result.problems.append("line \(span.line): \(reason); the line does not match")
                }
                // A line that cannot be judged is selected by neither the pattern nor --invert.
                continue
            } catch {
                continue
            }
            if settings.invert { matched.toggle() }
            guard matched else { continue }
            result.selected += 1
            guard !settings.countOnly else { continue }
            result.output.append(contentsOf: settings.prefix)
            if settings.lineNumbers { result.output.append(contentsOf: "\(span.line):".utf8) }
            result.output.append(contentsOf: line)
            if span.endedWithCRLF { result.output.append(ASCII.carriageReturn) }
            result.output.append(ASCII.newline)
        }
        return result
    }
}
