import FastCop
import FastCopRecords

/// Prints the lines a ``LineSearch`` selected the way grep does, for the options that need
/// more than copying lines: `-o`, `--color`, context lines (`-A`, `-B`, `-C`) and `-m`. One
/// printer follows one input from block to block (context crosses block boundaries). It is the
/// ``LineSearcher``'s sink for those options (see `MatchSinks.swift`).
final class MatchPrinter {
    /// How lines are printed.
    struct Style {
        /// The file name before each line, or nil.
        var name: String?
        var lineNumbers: Bool
        var color: Bool
        var onlyMatching: Bool
        var before: Int
        var after: Int
        /// Whether `--` separates groups of lines that are not adjacent in the input (-A, -B
        /// or -C given, even as 0).
        var separators: Bool
        var maxCount: Int?
    }

    private let style: Style
    private let search: LineSearch
    /// The bytes to write after each block.
    var output: [UInt8] = []
    /// Lines selected so far.
    private(set) var selected = 0
    /// The input offset just past the last printed line (its LF), if any was printed.
    private var printedEnd: Int?
    /// Whether lines of the inputs before were printed (or, with -o, visited): the first group
    /// of this input is then separated from them by `--`, as grep separates groups of
    /// different files.
    private let followsOutput: Bool
    /// Context lines still to print after the last selected line.
    private var afterRemaining = 0
    /// The last lines of the blocks before, not printed: the context before a selected line
    /// near the start of the next block.
    private var carried: [(start: Int, number: Int?, bytes: [UInt8])] = []
    // The current block: its bytes, input offset, and (for -n) the number of the line at the
    // printer's cursor and of the block's last line. The printer counts no lines: the selected
    // ones come numbered by the search, the context lines are their neighbours.
    private var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private var blockOffset = 0
    private var cursorLine: Int?
    private var lastLine: Int?
    /// Where each block's lines are written, and where the problems met are reported.
    let destination: OutputSink
    let problems: MatchProblems

    init(style: Style, search: LineSearch, followsOutput: Bool, destination: OutputSink, inputName: String) {
        self.style = style
        self.search = search
        self.followsOutput = followsOutput
        self.destination = destination
        problems = MatchProblems(inputName: inputName)
    }

    /// Whether a line of this input was printed (with -o, visited: it may print no match).
    var hasPrinted: Bool { printedEnd != nil }

    /// Whether nothing more will be printed for this input (`-m` reached, trailing context done).
    var isDone: Bool { style.maxCount.map { selected >= $0 } == true && afterRemaining == 0 }

    /// Whether context lines are visited. With `-o` they print nothing (unless they match,
    /// with `-v`) but still join groups, as in grep.
    private var hasContext: Bool { style.before > 0 || style.after > 0 }

    // grep's default colors (GREP_COLORS): ms=01;31, fn=35, ln=32, se=36.
    private static let matchColor = Array("\u{1B}[01;31m\u{1B}[K".utf8)
    private static let nameColor = Array("\u{1B}[35m\u{1B}[K".utf8)
    private static let numberColor = Array("\u{1B}[32m\u{1B}[K".utf8)
    private static let separatorColor = Array("\u{1B}[36m\u{1B}[K".utf8)
    private static let colorEnd = Array("\u{1B}[m\u{1B}[K".utf8)

    /// Prints the searched `block`, whose selected lines are its ``SearchedBlock/lines``
    /// (without their LF), in order, numbered with `-n` (``SearchedBlock/lineNumbers``).
    func print(_ block: SearchedBlock) {
        bytes = block.bytes
        blockOffset = block.offset
        cursorLine = block.firstLine
        // The block's last line: the one before the next block's first, or one more when the
        // input ends without a LF.
        lastLine = block.nextLine.map { bytes.last == ByteScan.newline ? $0 - 1 : $0 }
        var numbers = block.lineNumbers.makeIterator()
        var cursor = 0
        for line in block.lines {
            if let max = style.maxCount, selected >= max { break }
            let number = cursorLine != nil ? numbers.next() : nil
            cursor = printAfter(from: cursor, upTo: line.lowerBound)
            if hasContext && style.before > 0 { printBefore(line.lowerBound, number: number, cursor: cursor) }
            printLine(start: blockOffset + line.lowerBound, number: number, line, selected: true)
            selected += 1
            cursor = line.upperBound + 1
            cursorLine = number.map { $0 + 1 }
            afterRemaining = hasContext ? style.after : 0
        }
        cursor = printAfter(from: cursor, upTo: bytes.count)
        carry(from: cursor)
    }

    /// Prints context lines after the last selected one, from `cursor` (a line start) up to
    /// `end`; returns where it stopped.
    private func printAfter(from cursor: Int, upTo end: Int) -> Int {
        var position = cursor
        while afterRemaining > 0 && position < end {
            let lineEnd = ByteScan.nextNewline(bytes, in: position..<bytes.count) ?? bytes.count
            printLine(start: blockOffset + position, number: cursorLine, position..<lineEnd, selected: false)
            cursorLine = cursorLine.map { $0 + 1 }
            afterRemaining -= 1
            position = lineEnd + 1
        }
        return position
    }

    /// Prints up to `before` context lines before the line at `start` (numbered `number`), none
    /// before `cursor` (they were printed or passed), taking them from the blocks before when
    /// the line is near this block's start.
    private func printBefore(_ start: Int, number: Int?, cursor: Int) {
        var starts: [Int] = []
        var position = start
        while starts.count < style.before && position > cursor {
            let previous = ByteScan.lastNewline(bytes, in: cursor..<(position - 1)).map { $0 + 1 } ?? cursor
            starts.append(previous)
            position = previous
        }
        if starts.count < style.before && cursor == 0 {
            for line in carried.suffix(style.before - starts.count) {
                printCarried(line)
            }
        }
        carried = []
        for (distance, lineStart) in zip(1..., starts).reversed() {
            let end = ByteScan.nextNewline(bytes, in: lineStart..<start) ?? start
            printLine(
                start: blockOffset + lineStart, number: number.map { $0 - distance }, lineStart..<end, selected: false)
        }
    }

    /// Keeps the last `before` lines after `cursor` for the next block.
    private func carry(from cursor: Int) {
        guard hasContext && style.before > 0 else { return }
        if cursor > 0 { carried = [] }
        var lines: [(start: Int, number: Int?, bytes: [UInt8])] = []
        var position = bytes.count
        while lines.count < style.before && position > cursor {
            let previous = ByteScan.lastNewline(bytes, in: cursor..<(position - 1)).map { $0 + 1 } ?? cursor
            let end = ByteScan.nextNewline(bytes, in: previous..<bytes.count) ?? bytes.count
            let text = Array(UnsafeBufferPointer(rebasing: bytes[previous..<end]))
            lines.append((blockOffset + previous, lastLine.map { $0 - lines.count }, text))
            position = previous
        }
        lines.reverse()
        carried = Array((carried + lines).suffix(style.before))
    }

    private func printCarried(_ line: (start: Int, number: Int?, bytes: [UInt8])) {
        line.bytes.withUnsafeBufferPointer { buffer in
            let saved = bytes
            bytes = buffer
            printLine(start: line.start, number: line.number, 0..<buffer.count, selected: false)
            bytes = saved
        }
    }

    /// Prints one line (`range` of the current bytes, without its LF) that starts at `start` in
    /// the input: selected (`:` after the name and number) or context (`-`).
    private func printLine(start: Int, number: Int?, _ range: Range<Int>, selected: Bool) {
        if style.separators, printedEnd.map({ $0 != start }) ?? followsOutput {
            output += colored("--", Self.separatorColor)
            output.append(ByteScan.newline)
        }
        printedEnd = start + range.count + 1
        let separator = selected ? ":" : "-"
        var prefix: [UInt8] = []
        if let name = style.name { prefix += Self.fileName(name, separator: separator, color: style.color) }
        if let number { prefix += colored(String(number), Self.numberColor) + colored(separator, Self.separatorColor) }
        // grep's "matching" line: a selected one, or with -v a context line (it matches).
        let showsMatches = selected != search.invert
        guard showsMatches && (style.onlyMatching || style.color) else {
            if !style.onlyMatching {
                output += prefix
                output += UnsafeBufferPointer(rebasing: bytes[range])
                output.append(ByteScan.newline)
            }
            return
        }
        var contentEnd = range.upperBound
        if search.crlf && contentEnd > range.lowerBound && bytes[contentEnd - 1] == ByteScan.carriageReturn {
            contentEnd -= 1
        }
        let content = UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<contentEnd])
        let matches = Self.matches(of: search, in: content)
        if style.onlyMatching {
            for match in matches {
                output += prefix
                output += colored(UnsafeBufferPointer(rebasing: content[match]), Self.matchColor)
                output.append(ByteScan.newline)
            }
            return
        }
        output += prefix
        var position = 0
        for match in matches {
            output += UnsafeBufferPointer(rebasing: content[position..<match.lowerBound])
            output += colored(UnsafeBufferPointer(rebasing: content[match]), Self.matchColor)
            position = match.upperBound
        }
        output += UnsafeBufferPointer(rebasing: bytes[(range.lowerBound + position)..<range.upperBound])
        output.append(ByteScan.newline)
    }

    /// The non-empty matches of the search's pattern in `line`, left to right (as grep -o finds
    /// them: after an empty match the search moves on one character).
    static func matches(of search: LineSearch, in line: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var position = 0
        while position <= line.count {
            // The tool's patterns take invalid UTF-8 (PCRE2_MATCH_INVALID_UTF): no check needed.
            guard
                let match = try? search.firstMatchRange(inLine: line, from: position, validUTF8: true)
            else { break }
            if match.isEmpty {
                position = match.upperBound + 1
                while position < line.count && line[position] & 0xC0 == 0x80 { position += 1 }
            } else {
                found.append(match)
                position = match.upperBound
            }
            if search.wholeLine { break }
        }
        return found
    }

    private func colored(_ text: String, _ color: [UInt8]) -> [UInt8] {
        Self.colored(text, color, when: style.color)
    }

    private static func colored(_ text: String, _ color: [UInt8], when: Bool) -> [UInt8] {
        when ? color + Array(text.utf8) + colorEnd : Array(text.utf8)
    }

    /// A file's name as grep prints it: before a line or a count (-c), with its `separator`,
    /// or alone (-l); with `color`, in grep's colors for names and separators.
    static func fileName(_ name: String, separator: String?, color: Bool) -> [UInt8] {
        colored(name, nameColor, when: color) + (separator.map { colored($0, separatorColor, when: color) } ?? [])
    }

    private func colored(_ text: UnsafeBufferPointer<UInt8>, _ color: [UInt8]) -> [UInt8] {
        style.color ? color + Array(text) + Self.colorEnd : Array(text)
    }
}
