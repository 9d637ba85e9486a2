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

    static func run(_ arguments: ParsedArguments) throws -> ExitStatus {
        var options: Pattern.Options = []
        if arguments.flag("ignore-case") { options.insert(.caseInsensitive) }
        if arguments.flag("fixed-strings") { options.insert(.literal) }
        let source = arguments.positionals[0]
        let search: LineSearch
        do {
            search = try LineSearch(
                source: source, options: options, wholeLine: arguments.flag("whole-line"),
                invert: arguments.flag("invert"), countOnly: arguments.flag("count") || arguments.flag("quiet"),
                lineNumbers: arguments.flag("line-number"))
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
            let prefix = files.count > 1 ? "\(input.name):" : ""
            let selected = try searchInput(
                input, search: search.prefixed(prefix), output: arguments.flag("quiet") ? .discard : output)
            if arguments.flag("count") && !arguments.flag("quiet") {
                try output.write(prefix + "\(selected)\n")
            }
            selectedAny = selectedAny || selected > 0
        }
        if failed { return .failure }
        return selectedAny ? .success : .rejected
    }

    /// Searches one input; returns the number of selected lines.
    private static func searchInput(_ input: InputSource, search: LineSearch, output: OutputSink) throws -> Int {
        let reader = RecordReader(source: input, splitter: WholeLinesSplitter())
        var selected = 0
        var problemsReported = 0
        var nextLine = 1
        while let block = try reader.next() {
            let end = block.records[0].end
            let pieces = block.bytes.withUnsafeBufferPointer {
                WholeLinesSplitter.pieces($0, end: end, count: ParallelMap.workerCount * 4)
            }
            let blockOffset = reader.bytesRead - reader.carried - block.bytes.count
            let results: [LineSearch.Result] = block.bytes.withUnsafeBufferPointer { buffer in
                let shared = SharedBytes(buffer: buffer)
                // With -n, each piece's first line number, from the newlines before it.
                var firstLines: [Int?] = Array(repeating: nil, count: pieces.count)
                if search.lineNumbers {
                    let counts = ParallelMap.map(count: pieces.count) {
                        ByteScan.newlines(shared.buffer, in: pieces[$0])
                    }
                    for (index, count) in counts.enumerated() {
                        firstLines[index] = nextLine
                        nextLine += count
                    }
                }
                let starts = firstLines
                return ParallelMap.map(count: pieces.count) { piece in
                    search.search(
                        shared.buffer, range: pieces[piece], firstLine: starts[piece], blockOffset: blockOffset)
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
}

/// Cuts input into blocks of whole lines: one span per block, up to and including its last
/// newline (the end of the input ends the last block).
struct WholeLinesSplitter: RecordSplitter {
    mutating func split(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, atEnd: Bool, maxRecordBytes: Int,
        into records: inout [RecordSpan]
    ) throws -> Int {
        var end = ByteScan.lastNewline(bytes, in: from..<bytes.count).map { $0 + 1 } ?? from
        if atEnd { end = bytes.count }
        if end == from {
            if bytes.count - from > maxRecordBytes {
                throw ToolError.input("a line is longer than \(maxRecordBytes / (1024 * 1024)) MiB: is this text?")
            }
            return from
        }
        records.append(RecordSpan(start: from, end: end, line: 0, problem: nil, endedWithCRLF: false))
        return end
    }

    /// About `count` ranges of whole lines covering `0..<end`.
    static func pieces(_ bytes: UnsafeBufferPointer<UInt8>, end: Int, count: Int) -> [Range<Int>] {
        let target = max(64 * 1024, end / max(1, count))
        var pieces: [Range<Int>] = []
        var start = 0
        while start < end {
            var stop = min(end, start + target)
            if stop < end { stop = ByteScan.nextNewline(bytes, in: (stop - 1)..<end).map { $0 + 1 } ?? end }
            pieces.append(start..<stop)
            start = stop
        }
        return pieces
    }
}
