import FastCop
import FastCopRecords

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The options of `fastcop match`, decoded once. Letters and meanings follow GNU grep's.
struct MatchOptions {
    static let pattern = CommonOptions.pattern(
        help: "A pattern (like grep -e); may be repeated: a line is selected when any matches.")
    static let patternFile = OptionSpec.option(
        "file", short: "f", value: "FILE", help: "Read patterns from FILE, one per line (like grep -f; - is stdin).")
    static let count = OptionSpec.flag("count", short: "c", help: "Print only the number of selected lines (per file).")
    static let invert = OptionSpec.flag("invert", short: "v", help: "Select the lines that do not match.")
    static let wholeLine = OptionSpec.flag("whole-line", short: "x", help: "The pattern must match the whole line.")
    static let words = OptionSpec.flag(
        "word-regexp", short: "w", help: "The match must be a whole word (no word character on either side).")
    static let ignoreCase = OptionSpec.flag(
        "ignore-case", short: "i", help: "Letters match both cases (Unicode case folding).")
    static let fixedStrings = OptionSpec.flag(
        "fixed-strings", short: "F", help: "The patterns are literal text, not regular expressions.")
    static let lineNumber = OptionSpec.flag("line-number", short: "n", help: "Prefix each line with its line number.")
    static let onlyMatching = OptionSpec.flag(
        "only-matching", short: "o", help: "Print only the matching parts, each on its own line.")
    static let filesWithMatches = OptionSpec.flag(
        "files-with-matches", short: "l", help: "Print only the names of the files with a selected line.")
    static let withFileName = OptionSpec.flag(
        "with-filename", short: "H", help: "Prefix each line with its file name (the default for several files).")
    static let noFileName = OptionSpec.flag("no-filename", short: "h", help: "Never prefix lines with file names.")
    static let maxCount = OptionSpec.option(
        "max-count", short: "m", value: "NUM", help: "Stop reading a file after NUM selected lines.")
    static let after = OptionSpec.option(
        "after-context", short: "A", value: "NUM", help: "Print NUM lines after each selected line.")
    static let before = OptionSpec.option(
        "before-context", short: "B", value: "NUM", help: "Print NUM lines before each selected line.")
    static let context = OptionSpec.option(
        "context", short: "C", value: "NUM", help: "Print NUM lines before and after each selected line.")
    static let color = OptionSpec.option(
        "color", value: "WHEN", bareValue: "auto",
        help:
            "Highlight matches, names and numbers: auto (on a terminal; the default, and bare --color), always, never.",
        hidden: ["--colour"])
    static let crlf = OptionSpec.flag(
        "crlf",
        help: "A CR before LF (or ending the input) is part of the line end: $ and -x do not see it (like rg --crlf).")
    static let quiet = OptionSpec.flag(
        "quiet", short: "q", help: "Print nothing; the exit status says whether a line matched.")

    /// The declarations, in the order help lists them.
    static let declarations: [OptionSpec] = [
        pattern, patternFile, count, invert, wholeLine, words, ignoreCase, fixedStrings, lineNumber, onlyMatching,
        filesWithMatches, withFileName, noFileName, maxCount, after, before, context, color, crlf, quiet,
    ]

    /// The patterns, as given (from `-e`, `-f`, or the first argument), each line one pattern.
    let patterns: [String]
    /// The files to search; `-` is stdin (the default).
    let files: [String]
    let ignoreCase: Bool
    let fixedStrings: Bool
    let count: Bool
    let invert: Bool
    let wholeLine: Bool
    let words: Bool
    let lineNumbers: Bool
    let onlyMatching: Bool
    let filesWithMatches: Bool
    /// Whether lines are prefixed with their file's name.
    let withFileNames: Bool
    let maxCount: Int?
    let afterContext: Int
    let beforeContext: Int
    /// Whether -A, -B or -C was given (even as 0): groups of lines are then separated by `--`,
    /// as grep separates them (also with -o, which prints no context line).
    let separatesGroups: Bool
    let color: Bool
    let crlf: Bool
    let quiet: Bool

    /// - Throws: ``ToolError`` (usage) when there is no pattern or a number or color choice is
    ///   wrong; (input) when a pattern file cannot be read.
    init(_ arguments: ParsedArguments, isTerminal: Bool = isatty(STDOUT_FILENO) == 1) throws {
        var files = arguments.positionals
        let given = arguments.values(Self.pattern)
        let patternFiles = arguments.values(Self.patternFile)
        var patterns: [String] = []
        if given.isEmpty && patternFiles.isEmpty {
            guard !files.isEmpty else {
                throw arguments.usageError("missing argument: expected \(arguments.spec.usage.first ?? "PATTERN")")
            }
            patterns = Self.lines(of: files.removeFirst())
        } else {
            for text in given { patterns += Self.lines(of: text) }
            for path in patternFiles { patterns += try Self.readPatterns(path) }
        }
        self.patterns = patterns
        self.files = files.isEmpty ? ["-"] : files
        ignoreCase = arguments.flag(Self.ignoreCase)
        fixedStrings = arguments.flag(Self.fixedStrings)
        count = arguments.flag(Self.count)
        invert = arguments.flag(Self.invert)
        wholeLine = arguments.flag(Self.wholeLine)
        words = arguments.flag(Self.words)
        lineNumbers = arguments.flag(Self.lineNumber)
        onlyMatching = arguments.flag(Self.onlyMatching)
        filesWithMatches = arguments.flag(Self.filesWithMatches)
        withFileNames =
            arguments.flag(Self.withFileName) || (self.files.count > 1 && !arguments.flag(Self.noFileName))
        maxCount = try Self.number(arguments, Self.maxCount)
        let both = try Self.number(arguments, Self.context) ?? 0
        afterContext = try Self.number(arguments, Self.after) ?? both
        beforeContext = try Self.number(arguments, Self.before) ?? both
        separatesGroups = [Self.after, Self.before, Self.context].contains { arguments.value($0) != nil }
        // grep's spellings, in any case: yes and force are always, no and none never, tty and
        // if-tty auto; auto colors on a terminal unless TERM is unset or "dumb", as grep's.
        switch (arguments.value(Self.color) ?? "auto").lowercased() {
        case "auto", "tty", "if-tty": color = isTerminal && Self.terminalColors
        case "always", "yes", "force": color = true
        case "never", "no", "none": color = false
        case let other: throw arguments.usageError("--color takes auto, always or never, not '\(other)'")
        }
        crlf = arguments.flag(Self.crlf)
        quiet = arguments.flag(Self.quiet)
    }

    /// Whether no line can be selected, as grep sees it before reading anything: `-m 0`, no
    /// pattern at all (`-f` of an empty file), or `-v` with only empty patterns (which match
    /// every line; not with -x or -w). grep then prints nothing, not even `-c`'s counts, opens
    /// no file and exits 1; so does fastcop.
    var selectsNothing: Bool {
        maxCount == 0 || (patterns.isEmpty && !invert)
            || (invert && !patterns.isEmpty && patterns.allSatisfy(\.isEmpty) && !wholeLine && !words)
    }

    /// Whether the terminal takes colors: TERM is set and not `dumb` (grep's test).
    private static var terminalColors: Bool {
        guard let term = getenv("TERM") else { return false }
        return String(cString: term) != "dumb"
    }

    /// Whether a search's threads run each on a CPU of its own (`WorkerPool.bindThreads()`):
    /// yes unless the environment sets `FASTCOP_BIND_THREADS=0` (for a machine whose other
    /// CPUs are kept busy by other work).
    static var bindsThreads: Bool {
        guard let value = getenv("FASTCOP_BIND_THREADS") else { return true }
        return String(cString: value) != "0"
    }

    /// Whether lines go through ``MatchPrinter`` (options the block search's own output lacks).
    var needsPrinter: Bool { onlyMatching || color || separatesGroups || maxCount != nil }

    /// A pattern argument holding newlines is several patterns, as in grep. The text is split
    /// at each LF byte: a CR before it stays in the pattern, as in grep (split by Characters,
    /// CR LF is one Character that is not "\n", and was never split).
    static func lines(of text: String) -> [String] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(Substring($0))
        }
    }

    /// The patterns in a file, one per line (a final LF ends the last; CRLF is not special, as
    /// in grep: the CR is the pattern's last character).
    private static func readPatterns(_ path: String) throws -> [String] {
        var bytes = try InputSource.open(path).readAll()
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() } else if bytes.isEmpty { return [] }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ToolError.input("-f \(path): the patterns are not valid UTF-8")
        }
        return lines(of: text)
    }

    /// A count option's value: a whole number ≥ 0.
    private static func number(_ arguments: ParsedArguments, _ option: OptionSpec) throws -> Int? {
        guard let text = arguments.value(option) else { return nil }
        guard let value = Int(text), value >= 0 else {
            throw arguments.usageError("--\(option.name) takes a whole number ≥ 0, not '\(text)'")
        }
        return value
    }
}
