import FastCop
import FastCopRecords

/// `fastcop match PATTERN [FILE...]`: line filtering on PCRE2, the job of `grep -P`.
enum MatchCommand {
    static let spec = CommandSpec(
        name: "match",
        summary: "Print the lines that match a PCRE2 pattern, like grep -P, on all cores.",
        usage: [
            "match PATTERN [FILE...] [OPTIONS]",
            "match -e PATTERN [-e PATTERN...] [-f FILE] [FILE...] [OPTIONS]",
        ],
        discussion: """
            Reads each FILE (or stdin when there is none, or for '-') line by line and prints
            the lines in which a pattern matches, in input order, as grep -P does. With several
            files each line is prefixed with its file name (-H, -h change that).

            A line is everything up to LF, as in grep and ripgrep: $ matches only at a line's
            end, ^ only at its start, and . matches every character but LF (a CR, VT, FF, NEL,
            LS or PS is an ordinary character; --crlf makes CR LF the line end, as rg's flag
            does). Lines that are not valid UTF-8 (Latin-1, say) are searched as grep -P
            searches them: the invalid bytes match nothing, the rest of the line matches as
            usual; a file holding such lines is reported once on stderr. Binary files are
            searched as text (like grep -a).

            Patterns are PCRE2 (Perl) syntax, compiled once and JIT-compiled, Unicode-aware
            (\\w, \\d, \\b and case folding know non-ASCII letters, as in rg and grep 3.10+).
            Several patterns (-e repeated, -f FILE, or a pattern with newlines) are one search:
            (?:P1)|(?:P2)|... compiled once; numbered back references, calls and conditions
            (\\1, \\g<1>, (?1), (?(1)...)), (*COMMIT), (*PRUNE), (*SKIP), a leading (*VERB) and
            (?x) comments cannot be joined and are refused with an error (use named groups, or
            relative references such as \\g{-1}).

            A line may be 16 MiB long: a file holding a longer line is reported on stderr with
            the line's number and searched only up to it (the exit status is then 2); the files
            after it are searched.

            A line whose search hits a match limit (a runaway pattern) is reported on stderr and
            left out, neither selected nor printed by -v; the search goes on with the next line,
            and the exit status is then 2, as grep's for its backtracking limit.

            Exit status: 0 when a line was selected, 1 when none was, 2 for an error (a bad
            pattern, a missing file, a line over the limits), as grep's; with -q, 0 as soon as a
            line is selected.
            """,
        options: MatchOptions.declarations,
        positionals: 0...Int.max)

    static func run(_ options: MatchOptions) throws -> ExitStatus {
        if options.selectsNothing { return .rejected }
        let patterns = try MatchPatterns(options)
        let countOnly = options.count || options.quiet || options.filesWithMatches
        let printing = options.needsPrinter && !countOnly
        let literals = patterns.fixedStrings.isEmpty ? nil : patterns.fixedStrings
        func lineSearch(_ source: String) throws -> LineSearch {
            try LineSearch(
                source: source, options: patterns.options, wholeLine: options.wholeLine,
                words: options.words, crlf: options.crlf, invert: options.invert, countOnly: countOnly,
                lineNumbers: options.lineNumbers, recordsLines: printing, literals: literals)
        }
        /// The -F literals searched by their set alone, when lines are selected by them alone
        /// (no -o, colour, -w, -x, --crlf: no match positions or edges to find).
        func literalSearch() -> LineSearch? {
            guard let literals, !options.onlyMatching, !options.color, !options.words, !options.wholeLine,
                !options.crlf
            else { return nil }
            let confirmed = literals.filter { LiteralSet.needsConfirmation($0, options: patterns.options) }
            let sources =
                confirmed.isEmpty
                ? ["(?!)"]
                : [
                    confirmed.map(LiteralTrie.escaped).joined(separator: "|"),
                    LiteralTrie.source(confirmed, caseInsensitive: patterns.options.contains(.caseInsensitive)),
                ]
            for confirming in sources {
                if let search = try? LineSearch.literalsOnly(
                    literals, confirming: confirming, options: patterns.options, invert: options.invert,
                    countOnly: countOnly, lineNumbers: options.lineNumbers, recordsLines: printing)
                {
                    return search
                }
            }
            return nil
        }
        /// The -F literals, too many for one pattern even as a trie, split into tries that each
        /// compile, when match positions or edges are needed (-o, colour, -w, -x, --crlf).
        func splitSearch() -> LineSearch? {
            guard let literals else { return nil }
            return try? LineSearch.splitLiterals(
                literals, options: patterns.options, wholeLine: options.wholeLine, words: options.words,
                crlf: options.crlf, invert: options.invert, countOnly: countOnly, lineNumbers: options.lineNumbers,
                recordsLines: printing)
        }
        let search: LineSearch
        do {
            search = try lineSearch(patterns.source)
        } catch let error as PatternError {
            // Several -F literals too many for one alternation: their set, with a pattern of the
            // few it cannot decide alone, when only lines are selected; else the same literals as
            // a trie, or as several tries when one is too large; if none compiles, the
            // alternation's error is the one reported.
            guard
                let found = literalSearch() ?? patterns.trieSource.flatMap({ try? lineSearch($0) })
                    ?? splitSearch()
            else {
                throw ToolError.input("the pattern does not compile:\n\(error.description)")
            }
            search = found
        }
        let output = try OutputSink.open("-")
        var selectedAny = false
        var failed = false
        // Whether a printer printed lines of an input before (grep's `--` between files' groups).
        var printedAny = false
        for file in options.files {
            let input: InputSource
            do {
                input = try InputSource.open(file)
            } catch let error as RecordsError {
                Console.error("fastcop: \(error.message)\n")
                failed = true
                continue
            }
            // grep's name for stdin in -H, -l and -c output.
            let shownName = file == "-" ? "(standard input)" : input.name
            let name = options.withFileNames ? shownName : nil
            // -q and -l need one selected line; -c -m NUM counts up to NUM.
            let enough = options.quiet || options.filesWithMatches ? 1 : options.maxCount
            let printer =
                printing
                ? MatchPrinter(
                    style: MatchPrinter.Style(
                        name: name, lineNumbers: options.lineNumbers, color: options.color,
                        onlyMatching: options.onlyMatching, before: options.beforeContext,
                        after: options.afterContext, separators: options.separatesGroups,
                        maxCount: options.maxCount),
                    search: search, followsOutput: printedAny) : nil
            let plain = search.prefixed(name.map { "\($0):" } ?? "")
            // -q prints nothing but errors: no invalid UTF-8 notice (grep -q prints no notices).
            let searched = try searchBlocks(
                input, path: file, search: plain, output: options.quiet ? .discard : output, printer: printer,
                enough: enough, reportsInvalid: !options.quiet)
            var selected = searched.selected
            printedAny = printedAny || printer?.hasPrinted == true
            failed = failed || !searched.complete
            if let max = options.maxCount { selected = min(selected, max) }
            selectedAny = selectedAny || selected > 0
            if options.quiet && selectedAny { return .success }
            // (Names in grep's colors with --color, as grep -l and -c print them.)
            if options.filesWithMatches {
                if selected > 0 {
                    try output.write(MatchPrinter.fileName(shownName, separator: nil, color: options.color) + [0x0A])
                }
            } else if options.count && !options.quiet {
                let prefix = name.map { MatchPrinter.fileName($0, separator: ":", color: options.color) } ?? []
                try output.write(prefix + Array("\(selected)\n".utf8))
            }
        }
        if failed { return .failure }
        return selectedAny ? .success : .rejected
    }

    /// Searches one input block by block with the library's line engine (``LineBlockReader``,
    /// ``LineSearch``), printing through `printer` when there is one; stops after the block in
    /// which `enough` lines were selected (or the printer is done); reports the input's invalid
    /// UTF-8 lines when `reportsInvalid`. Returns the number of
    /// selected lines, and whether the input was searched to its end (or to `enough`): a line
    /// longer than the reader's limit ends the search there, reported on stderr.
    ///
    /// Each block's pieces are searched in parallel, and the next block is read meanwhile (as
    /// one more task), so reading and searching overlap.
    private static func searchBlocks(
        _ input: InputSource, path: String, search: LineSearch, output: OutputSink, printer: MatchPrinter?,
        enough: Int?,
        reportsInvalid: Bool
    ) throws -> (selected: Int, complete: Bool) {
        let reader: LineBlockReader
        if input.readsAtOffsets {
            // A file smaller than a block gets buffers its size (plus a page, to see its end in
            // one read): a 1-line file touched one 2 MiB huge page of each 4 MiB buffer.
            let blockSize = min(
                LineBlockReader.defaultBlockSize, input.totalBytes.map { $0 / 4096 * 4096 + 4096 } ?? .max)
            reader = LineBlockReader(blockSize: blockSize, firstBlockSize: LineBlockReader.defaultFirstBlockSize) {
                try input.read(into: $0, count: $1, at: $2)
            }
        } else {
            reader = LineBlockReader(
                firstBlockSize: LineBlockReader.defaultFirstBlockSize, nothingWaiting: { !input.readsWithoutWaiting },
                read: { try input.read(into: $0, count: $1) })
        }
        var selected = 0
        var problemsReported = 0
        /// Lines whose search failed (a match limit): neither selected nor left out by -v.
        var problemsMet = 0
        var invalid = InvalidLines()
        var nextLine = 1
        var buffers: [LineSearch.OutputBuffer] = []
        // Each block is read by `workers` tasks at once (a regular file) and searched in
        // 4 * `workers` pieces. The count is asked at the first block larger than one piece
        // (64 KiB): a small file is searched on this thread (reading the cgroup files for the
        // count was 4% of a 1-line search's samples).
        var workers = 1
        var askedWorkers = false
        // A line too long to read: its input offset (it follows the current block) and the limit.
        var tooLong: (offset: Int, limit: Int)?
        func next(_ step: () throws -> Bool) throws -> Bool {
            do {
                return try step()
            } catch let error as LineBlockReader.LineTooLong {
                tooLong = (reader.blockOffset + reader.block.count, error.maxLineBytes)
                return false
            }
        }
        /// Reports what the input met; returns the selected lines and whether the input was
        /// searched to its end with every line judged (a line whose search hit a limit was not).
        func finish() -> (selected: Int, complete: Bool) {
            if reportsInvalid { invalid.report(input: input, path: path) }
            if let tooLong {
                // With -n the lines were counted; else a file is read again up to the line.
                let line = search.lineNumbers ? nextLine : InvalidLines.lineNumber(ofOffset: tooLong.offset, in: path)
                Console.error(
                    "fastcop: \(input.name): \(line.map { "line \($0)" } ?? "the line at byte \(tooLong.offset)")"
                        + " is longer than \(tooLong.limit / (1024 * 1024)) MiB, the longest line match reads: the rest"
                        + " of the input was not searched\n")
            }
            return (printer?.selected ?? selected, tooLong == nil && problemsMet == 0)
        }
        guard try next(reader.start) else { return finish() }
        repeat {
            let buffer = reader.block
            let blockOffset = reader.blockOffset
            if !askedWorkers && buffer.count > 64 * 1024 {
                workers = ParallelMap.workerCount
                askedWorkers = true
            }
            let pieces = LineBlockReader.pieces(buffer, count: 4 * workers)
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
            let blockFirstLine = search.lineNumbers ? firstLines.first ?? nil : nil
            while buffers.count < pieces.count { buffers.append(LineSearch.OutputBuffer()) }
            let outputs = buffers
            // Tasks 0..<parts read the next block; task parts + i searches piece i. A block
            // that ended because the input waits (a pipe fed slowly) is answered first and the
            // next one read after: read at once, it would hold this block's output until more
            // input came.
            let readsAhead = !reader.blockCameEarly
            let parts = readsAhead ? reader.planReadAhead(parts: workers) : 0
            let task: @Sendable (Int) -> LineSearch.Result? = { task in
                guard task >= parts else {
                    reader.readAhead(part: task)
                    return nil
                }
                return search.search(
                    shared.buffer, range: pieces[task - parts], firstLine: starts[task - parts],
                    blockOffset: blockOffset,
                    into: outputs[task - parts])
            }
            // A block of one piece (under 64 KiB: a small file) is done on this thread: no
            // worker thread is started for it (clone3 and the pool's start were 4% of a 1-line
            // search's samples).
            let results =
                pieces.count == 1
                ? (0..<(parts + 1)).map(task) : ParallelMap.map(count: pieces.count + parts, task)
            reader.finishReadAhead()
            for result in results.dropFirst(parts) {
                guard let result else { continue }
                selected += result.selected
                invalid.add(result, blockOffset: blockOffset)
                problemsMet += result.problems.count
                for problem in result.problems where problemsReported < 10 {
                    problemsReported += 1
                    Console.error("fastcop: \(input.name): \(problem)\n")
                }
            }
            // The pieces' output in one call (writev), then the buffers are emptied for reuse.
            let pieceOutputs = outputs.prefix(pieces.count)
            if pieceOutputs.contains(where: { !$0.bytes.isEmpty }) {
                try output.write(contentsOf: pieceOutputs.map(\.bytes))
                for buffer in pieceOutputs { buffer.bytes.removeAll(keepingCapacity: true) }
            }
            if let printer {
                printer.print(
                    buffer, offset: blockOffset, firstLine: blockFirstLine,
                    lines: outputs.prefix(pieces.count).lazy.flatMap(\.lines))
                for piece in outputs { piece.lines.removeAll(keepingCapacity: true) }
                try output.write(printer.output)
                printer.output.removeAll(keepingCapacity: true)
                if printer.isDone { break }
            } else if let enough, selected >= enough {
                break
            }
            if !readsAhead { reader.readAhead() }
        } while try next(reader.advance)
        return finish()
    }
}
