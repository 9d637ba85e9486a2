import FastCop

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the lines a pattern selects in a piece of a block of lines (whole lines only).
///
/// Two ways, same result:
/// - **block search**: one JIT scan over many lines at once with the pattern compiled
///   `.multiline`, so lines without a match cost nothing but the scan (as `grep -P` does). The
///   line where the scan finds a match is then judged on its own with the per-line pattern,
///   and the scan resumes at the next line. A line the per-line pattern matches always gets a
///   scan match at or before it (line anchors, `\b` and `.` behave the same at a line edge as
///   at a newline), so no line is missed. Patterns for which that does not hold (`\A`, `\z`,
///   `\Z`, `\G`, lookarounds, `\K`, verbs) are judged line by line.
/// - **line by line**: one match per line, for those patterns, for blocks that are not valid
///   UTF-8 (each line is then checked and reported on its own), and when matches are so dense
///   that scanning would cost more.
struct LineSearch: Sendable {
    /// The pattern as given, for each line.
    let linePattern: Pattern
    /// The same pattern with `.multiline`, for block search; nil when block search is unsafe.
    let blockPattern: Pattern?
    /// The block pattern with `.lineFeedOnly` as well, for blocks with no other line ending
    /// (no CR, VT, FF, NEL, LS, PS): PCRE2's JIT then finds line starts much faster.
    let blockPatternLF: Pattern?
    let wholeLine: Bool
    let invert: Bool
    let countOnly: Bool
    let lineNumbers: Bool
    /// `name:` before each line, when several files are searched.
    let prefix: [UInt8]

    init(
        source: String, options: Pattern.Options, wholeLine: Bool, invert: Bool, countOnly: Bool, lineNumbers: Bool
    ) throws {
        linePattern = try Pattern(source, options: options)
        self.wholeLine = wholeLine
        self.invert = invert
        self.countOnly = countOnly
        self.lineNumbers = lineNumbers
        self.prefix = []
        let unsafe = [#"\A"#, #"\z"#, #"\Z"#, #"\G"#, "(?=", "(?!", "(?<=", "(?<!", #"\K"#, "(*"]
        if options.contains(.literal) || !unsafe.contains(where: { source.contains($0) }) {
            blockPattern = try Pattern(source, options: options.union(.multiline))
            blockPatternLF = try Pattern(source, options: options.union([.multiline, .lineFeedOnly]))
        } else {
            blockPattern = nil
            blockPatternLF = nil
        }
    }

    private init(_ other: LineSearch, prefix: [UInt8]) {
        linePattern = other.linePattern
        blockPattern = other.blockPattern
        blockPatternLF = other.blockPatternLF
        wholeLine = other.wholeLine
        invert = other.invert
        countOnly = other.countOnly
        lineNumbers = other.lineNumbers
        self.prefix = prefix
    }

    /// The same search, printing `prefix` before each line.
    func prefixed(_ prefix: String) -> LineSearch { LineSearch(self, prefix: Array(prefix.utf8)) }

    /// What one piece gave.
    struct Result: Sendable {
        var selected = 0
        var output: [UInt8] = []
        var problems: [String] = []
    }

    /// Searches the whole lines in `range` of `bytes`; `firstLine` is the number of the piece's
    /// first line when lines are counted (`-n`), and `blockOffset` the block's offset in the
    /// input (problems are reported by byte offset when lines are not counted). Valid UTF-8 (the usual case) is checked once for the whole piece, which is
    /// then searched as one String; otherwise each line is checked on its own.
    func search(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, firstLine: Int?, blockOffset: Int) -> Result {
        let text = String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        let onlyLineFeeds = ByteScan.hasOnlyLineFeeds(bytes, in: range)
        var scan = Scan(
            search: self, bytes: bytes, text: text, start: range.lowerBound, line: firstLine, blockOffset: blockOffset)
        guard let text, let blockPattern = onlyLineFeeds ? blockPatternLF : blockPattern else {
            scan.lineByLine(range)
            return scan.result
        }
        let utf8 = text.utf8
        var position = range.lowerBound
        var candidates = 0
        while position < range.upperBound {
            // Dense matches (a match every few lines): judging each line costs less than scanning.
            if candidates >= 64 && position - range.lowerBound < candidates * 256 {
                scan.lineByLine(position..<range.upperBound)
                break
            }
            let subject = Substring(
                utf8[
                    utf8.index(utf8.startIndex, offsetBy: position - range.lowerBound)..<utf8.endIndex])
            let match: Pattern.Match?
            do {
                match = try blockPattern.firstMatch(in: subject)
            } catch {
                // The scan gave up at a limit: judge the remaining lines one by one.
                scan.lineByLine(position..<range.upperBound)
                break
            }
            guard let found = match else {
                scan.skipLines(position..<range.upperBound)
                break
            }
            let offset = position + found.utf8Range.lowerBound
            let lineStart = ByteScan.lastNewline(bytes, in: position..<offset).map { $0 + 1 } ?? position
            scan.skipLines(position..<lineStart)
            position = scan.judgeLine(at: lineStart, end: range.upperBound)
            candidates += 1
        }
        return scan.result
    }

    /// The state of one piece's search: the line number reached and what was selected.
    private struct Scan {
        let search: LineSearch
        let bytes: UnsafeBufferPointer<UInt8>
        let text: String?
        var result = Result()
        /// Line numbers are counted only with `-n`: `countedLine` is the number of the line
        /// starting at `countedOffset` (nil when lines are not counted).
        private var countedOffset: Int
        private var countedLine: Int?
        /// The block's offset in the input.
        private let blockOffset: Int

        /// Where `text` starts in `bytes`.
        let textStart: Int

        init(
            search: LineSearch, bytes: UnsafeBufferPointer<UInt8>, text: String?, start: Int, line: Int?,
            blockOffset: Int
        ) {
            self.search = search
            self.bytes = bytes
            self.text = text
            self.blockOffset = blockOffset
            textStart = start
            countedOffset = start
            countedLine = line
        }

        /// The number of the line starting at `offset` (at or after the last one asked for).
        mutating func line(at offset: Int) -> Int? {
            guard let counted = countedLine else { return nil }
            countedLine = counted + ByteScan.newlines(bytes, in: countedOffset..<offset)
            countedOffset = offset
            return countedLine
        }

        /// "line 12" with `-n`, else "the line at byte 3456".
        mutating func place(of offset: Int) -> String {
            line(at: offset).map { "line \($0)" } ?? "the line at byte \(blockOffset + offset)"
        }

        /// Lines the block scan found no match in: selected only with `--invert`.
        mutating func skipLines(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            guard search.invert else { return }
            if !search.lineNumbers && search.prefix.isEmpty {
                result.selected += ByteScan.lines(bytes, in: range)
                if search.countOnly { return }
                result.output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
                if bytes[range.upperBound - 1] != ASCII.newline { result.output.append(ASCII.newline) }
                return
            }
            var position = range.lowerBound
            while position < range.upperBound {
                let end = ByteScan.nextNewline(bytes, in: position..<range.upperBound) ?? range.upperBound
                emit(position, end)
                position = end + 1
            }
        }

        /// Judges each line in `range` with the per-line pattern.
        mutating func lineByLine(_ range: Range<Int>) {
            var position = range.lowerBound
            while position < range.upperBound {
                position = judgeLine(at: position, end: range.upperBound)
            }
        }

        /// Judges the line starting at `start`; returns where the next line starts.
        mutating func judgeLine(at start: Int, end limit: Int) -> Int {
            let newline = ByteScan.nextNewline(bytes, in: start..<limit)
            let end = newline ?? limit
            var contentEnd = end
            if newline != nil && contentEnd > start && bytes[contentEnd - 1] == ASCII.carriageReturn { contentEnd -= 1 }
            let verdict: Bool?
            do {
                if let text {
                    let utf8 = text.utf8
                    let subject = Substring(
                        utf8[
                            utf8.index(
                                utf8.startIndex, offsetBy: start - textStart)..<utf8.index(
                                    utf8.startIndex, offsetBy: contentEnd - textStart)])
                    verdict =
                        try search.wholeLine
                        ? search.linePattern.hasWholeMatch(in: subject) : search.linePattern.hasMatch(in: subject)
                } else {
                    let subject = UnsafeBufferPointer(rebasing: bytes[start..<contentEnd])
                    verdict =
                        try search.wholeLine
                        ? search.linePattern.hasWholeMatch(in: subject) : search.linePattern.hasMatch(in: subject)
                }
            } catch {
                verdict = nil
                if result.problems.count < 10 {
                    result.problems.append(LineSearch.problem(error, place: place(of: start)))
                }
            }
            if let verdict, verdict != search.invert { emit(start, end) }
            return end + 1
        }

        /// Selects the line `start..<end` (`end` at its newline or the end of the input).
        mutating func emit(_ start: Int, _ end: Int) {
            result.selected += 1
            guard !search.countOnly else { return }
            result.output.append(contentsOf: search.prefix)
            if search.lineNumbers, let number = line(at: start) { result.output.append(contentsOf: "\(number):".utf8) }
            result.output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            result.output.append(ASCII.newline)
        }
    }

    static func problem(_ error: any Error, place: String) -> String {
        guard let error = error as? PatternError else { return "\(place): \(error)" }
        let reason = error.kind == .invalidUTF8 ? error.description : "\(error.kind)"
        return "\(place): \(reason); the line does not match"
    }
}

/// Byte scans over a block.
enum ByteScan {
    /// The offset of the first `\n` in `range`, if any.
    static func nextNewline(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int? {
        guard !range.isEmpty, let base = bytes.baseAddress,
            let found = memchr(base + range.lowerBound, Int32(ASCII.newline), range.count)
        else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// The offset of the last `\n` in `range`, if any.
    static func lastNewline(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int? {
        var index = range.upperBound
        while index > range.lowerBound {
            index -= 1
            if bytes[index] == ASCII.newline { return index }
        }
        return nil
    }

    /// The number of `\n` bytes in `range`, eight bytes at a time.
    static func newlines(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int {
        guard !range.isEmpty, let base = bytes.baseAddress else { return 0 }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let newlines = ones &* UInt64(ASCII.newline)
        var count = 0
        var index = range.lowerBound
        while index + 8 <= range.upperBound {
            // A zero byte in `word` marks a newline; this sets the high bit of exactly those bytes.
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ newlines
            let zeros = ~(((word & ~highs) &+ ~highs) | word) & highs
            count += zeros.nonzeroBitCount
            index += 8
        }
        while index < range.upperBound {
            if base[index] == ASCII.newline { count += 1 }
            index += 1
        }
        return count
    }

    /// Whether `range` has no line ending other than LF: no CR, VT or FF, and no NEL, LS or PS
    /// (found with `memchr`, which is vectorized).
    static func hasOnlyLineFeeds(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Bool {
        guard let base = bytes.baseAddress, !range.isEmpty else { return true }
        for byte in [0x0D, 0x0B, 0x0C] where memchr(base + range.lowerBound, Int32(byte), range.count) != nil {
            return false
        }
        // NEL is C2 85; LS and PS are E2 80 A8 and E2 80 A9.
        for (lead, tails) in [(0xC2, [[0x85]]), (0xE2, [[0x80, 0xA8], [0x80, 0xA9]])] {
            var position = range.lowerBound
            while position < range.upperBound,
                let found = memchr(base + position, Int32(lead), range.upperBound - position)
            {
                let index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                for tail in tails where index + tail.count < range.upperBound {
                    if tail.indices.allSatisfy({ base[index + 1 + $0] == UInt8(tail[$0]) }) { return false }
                }
                position = index + 1
            }
        }
        return true
    }

    /// The number of lines in `range` (a last line without `\n` counts).
    static func lines(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        return newlines(bytes, in: range) + (bytes[range.upperBound - 1] == ASCII.newline ? 0 : 1)
    }
}
