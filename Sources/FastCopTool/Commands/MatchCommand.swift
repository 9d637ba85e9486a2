import FastCop
import FastCopRecords

/// `fastcop match PATTERN [FILE...]`: line filtering on PCRE2, the job of `grep -P`.
enum MatchCommand {
    static let spec = CommandSpec(
        name: "match",
        summary: "Print the lines that match a PCRE2 pattern, like grep -P, on all cores.",
        usage: [
            "match PATTERN [FILE...] [--count] [--invert] [--whole-line] [--ignore-case]",
            "match --pattern PATTERN [FILE...] [...]",
        ],
        discussion: """
            Reads each FILE (or stdin when there is none, or for '-') line by line and prints
            the lines in which PATTERN matches, in input order. With several files each line is
            prefixed with its file name. A line that is not valid UTF-8, or on which the
            pattern gives up (match limit), does not match and is reported on stderr.

            Patterns are PCRE2 (Perl) syntax, compiled once and JIT-compiled, Unicode-aware
            (\\w, \\d, case folding). Exit status: 0 when a line was selected, 1 when none was,
            2 for an error (a bad pattern, a missing file).
            """,
        options: MatchOptions.declarations,
        positionals: 0...Int.max)

    static func run(_ options: MatchOptions) throws -> ExitStatus {
        let search: LineSearch
        do {
            search = try LineSearch(
                source: options.pattern, options: options.compileOptions, wholeLine: options.wholeLine,
                invert: options.invert, countOnly: options.count || options.quiet, lineNumbers: options.lineNumbers)
        } catch let error as PatternError {
            throw ToolError.input("the pattern does not compile:\n\(error.description)")
        }
        let files = options.files
        let output = try OutputSink.open("-")
        var selectedAny = false
        var failed = false
        for file in files {
            let input: InputSource
            do {
                input = try InputSource.open(file)
            } catch let error as RecordsError {
                Console.error("fastcop: \(error.message)\n")
                failed = true
                continue
            }
            let prefix = files.count > 1 ? "\(input.name):" : ""
            let selected = try searchInput(
                input, search: search.prefixed(prefix), output: options.quiet ? .discard : output)
            if options.count && !options.quiet {
                try output.write(prefix + "\(selected)\n")
            }
            selectedAny = selectedAny || selected > 0
        }
        if failed { return .failure }
        return selectedAny ? .success : .rejected
    }

    /// Searches one input; returns the number of selected lines.
    ///
    /// Each block's pieces are searched in parallel, and the next block is read meanwhile (as
    /// one more task), so reading and searching overlap.
    private static func searchInput(_ input: InputSource, search: LineSearch, output: OutputSink) throws -> Int {
        do {
            return try searchBlocks(input, search: search, output: output)
        } catch let error as LineBlockReader.LineTooLong {
            throw ToolError.input(error.description)
        }
    }

    /// Searches one input block by block with the library's line engine (``LineBlockReader``,
    /// ``LineSearch``).
    private static func searchBlocks(_ input: InputSource, search: LineSearch, output: OutputSink) throws -> Int {
        let reader = LineBlockReader { try input.read(into: $0, count: $1) }
        var selected = 0
        var problemsReported = 0
        var nextLine = 1
        var buffers: [LineSearch.OutputBuffer] = []
        // Asked once: each call reads /proc and /sys through Foundation (tens of microseconds).
        let pieceCount = ParallelMap.workerCount * 4
        guard try reader.start() else { return 0 }
        repeat {
            let buffer = reader.block
            let blockOffset = reader.blockOffset
            let pieces = LineBlockReader.pieces(buffer, count: pieceCount)
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
            while buffers.count < pieces.count { buffers.append(LineSearch.OutputBuffer()) }
            let outputs = buffers
            // Task 0 reads the next block; task 1 + i searches piece i.
            let results = ParallelMap.map(count: pieces.count + 1) { task -> LineSearch.Result? in
                guard task > 0 else {
                    reader.readAhead()
                    return nil
                }
                return search.search(
                    shared.buffer, range: pieces[task - 1], firstLine: starts[task - 1], blockOffset: blockOffset,
                    into: outputs[task - 1])
            }
            for (piece, result) in results.dropFirst().enumerated() {
                guard let result else { continue }
                selected += result.selected
                let buffer = outputs[piece]
                if !buffer.bytes.isEmpty {
                    try output.write(buffer.bytes)
                    buffer.bytes.removeAll(keepingCapacity: true)
                }
                for problem in result.problems where problemsReported < 10 {
                    problemsReported += 1
                    Console.error("fastcop: \(input.name): \(problem)\n")
                }
            }
        } while try reader.advance()
        return selected
    }
}
