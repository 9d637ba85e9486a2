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
        WorkerPool.shared.bindsThreadsToCPUs = MatchOptions.bindsThreads
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
        /// The -F literals as a trie, or, too many for one pattern even so, split into tries that
        /// each compile, when match positions or edges are needed (-o, colour, -w, -x, --crlf).
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
                let found = literalSearch() ?? splitSearch()
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
            let destination = options.quiet ? OutputSink.discard : output
            let printer =
                printing
                ? MatchPrinter(
                    style: MatchPrinter.Style(
                        name: name, lineNumbers: options.lineNumbers, color: options.color,
                        onlyMatching: options.onlyMatching, before: options.beforeContext,
                        after: options.afterContext, separators: options.separatesGroups,
                        maxCount: options.maxCount),
                    search: search, followsOutput: printedAny, destination: destination, inputName: input.name)
                : nil
            let searcher = LineSearcher(search: search.prefixed(name.map { "\($0):" } ?? ""))
            let reader = blockReader(input)
            let sink: any LineSink =
                printer ?? MatchCopier(destination: destination, inputName: input.name, enough: enough)
            let outcome = try searcher.run(reader, into: sink)
            // -q prints nothing but errors: no invalid UTF-8 notice (grep -q prints no notices).
            if !options.quiet { InvalidLines(outcome).report(input: input, path: file) }
            if let tooLong = outcome.tooLong { report(tooLong, input: input, path: file) }
            var selected = printer?.selected ?? outcome.selected
            printedAny = printedAny || printer?.hasPrinted == true
            failed = failed || !outcome.complete
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

    /// The line engine's block reader for `input`: a regular file larger than two blocks
    /// mapped into memory (its blocks are windows of the map, not copies), a smaller one read at
    /// offsets (the next block in parts, by the workers at once), else a stream.
    private static func blockReader(_ input: InputSource) -> LineBlockReader {
        // (A map the system refuses leaves the file to be read.)
        if input.readsAtOffsets, (input.totalBytes ?? 0) > 2 * LineBlockReader.defaultBlockSize,
            let (bytes, owner) = try? input.mappedWhole()
        {
            return LineBlockReader(mapped: bytes, owner: owner, firstBlockSize: LineBlockReader.defaultFirstBlockSize)
        }
        if input.readsAtOffsets {
            // A file smaller than a block gets buffers its size (plus a page, to see its end in
            // one read): a 1-line file touched one 2 MiB huge page of each 4 MiB buffer.
            let blockSize = min(
                LineBlockReader.defaultBlockSize, input.totalBytes.map { $0 / 4096 * 4096 + 4096 } ?? .max)
            return LineBlockReader(blockSize: blockSize, firstBlockSize: LineBlockReader.defaultFirstBlockSize) {
                try input.read(into: $0, count: $1, at: $2)
            }
        }
        return LineBlockReader(
            firstBlockSize: LineBlockReader.defaultFirstBlockSize, nothingWaiting: { !input.readsWithoutWaiting },
            read: { try input.read(into: $0, count: $1) })
    }

    /// Reports on stderr the line too long to read that ended the search of `input`. Without
    /// `-n` its number is found by reading `path` again up to it.
    private static func report(_ tooLong: LineSearcher.TooLong, input: InputSource, path: String) {
        let line = tooLong.line ?? InvalidLines.lineNumber(ofOffset: tooLong.offset, in: path)
        Console.error(
            "fastcop: \(input.name): \(line.map { "line \($0)" } ?? "the line at byte \(tooLong.offset)")"
                + " is longer than \(tooLong.maxLineBytes / (1024 * 1024)) MiB, the longest line match reads: the rest"
                + " of the input was not searched\n")
    }
}
