/// The verdict on one line of a raw UTF-8 buffer.
public enum LineVerdict: UInt8, Sendable, Hashable {
    /// The pattern matched the line.
    case match
    /// The pattern did not match the line.
    case noMatch
    /// The line is not valid UTF-8 (see ``LineBatch/problems`` for the offset).
    case invalidUTF8
    /// The pattern gave up on the line at a limit (see ``LineBatch/problems``).
    case limit
}

/// The lines of a UTF-8 buffer and what a pattern made of each.
///
/// Lines end at LF; a CR before the LF is not part of the line; a last line without LF counts;
/// the empty text after a final LF is not a line.
public struct LineBatch: Sendable {
    /// Each line's byte range in the buffer, without its line ending.
    public let lines: [Range<Int>]
    /// Each line's verdict, in line order.
    public let verdicts: [LineVerdict]
    /// The lines (0-based) that were not valid UTF-8 or hit a limit, with the error.
    public let problems: [LineProblem]

    /// How many lines the pattern matched.
    public var matchCount: Int { verdicts.reduce(0) { $0 + ($1 == .match ? 1 : 0) } }
}

/// One line that could not be judged.
public struct LineProblem: Sendable {
    /// The line's index (0-based) in its buffer.
    public var line: Int
    /// The error: ``PatternError/Kind/invalidUTF8`` with the byte offset within the line, or a
    /// limit.
    public var error: PatternError
}

extension Batch {
    /// Splits `bytes` into lines and matches `pattern` against each, on all cores, without
    /// creating a `String` per line. Each line's UTF-8 is checked once; invalid lines are
    /// reported per line, never skipped.
    ///
    /// ```swift
    /// let data = try Array(Data(contentsOf: url))
    /// let result = data.withUnsafeBytes { Batch().matchLines(email, in: $0, wholeLine: true) }
    /// print(result.matchCount, "of", result.lines.count)
    /// ```
    ///
    /// The line engine's searcher runs the search (every line judged by `pattern`, the
    /// buffer's blocks as windows of it), on up to ``BatchOptions/parallelism`` threads;
    /// below ``BatchOptions/sequentialThreshold`` × 64 bytes, on the calling thread.
    /// ``BatchOptions/progress`` is called after each block with the bytes searched and the
    /// buffer's size.
    ///
    /// - Parameters:
    ///   - pattern: the pattern to match.
    ///   - bytes: the text, lines separated by LF or CRLF; it need not be valid UTF-8.
    ///   - wholeLine: the pattern must match the whole line (else: anywhere in it).
    /// - Complexity: O(*n*) in the buffer's size; memory of 17 bytes per line for the result.
    public func matchLines(_ pattern: Pattern, in bytes: UnsafeRawBufferPointer, wholeLine: Bool = false)
        -> LineBatch
    {
        matchLines(pattern, in: bytes, wholeLine: wholeLine, blockSize: LineBlockReader.defaultBlockSize)
    }

    /// ``matchLines(_:in:wholeLine:)`` in blocks of `blockSize` bytes (tests cross many).
    package func matchLines(
        _ pattern: Pattern, in bytes: UnsafeRawBufferPointer, wholeLine: Bool, blockSize: Int
    ) -> LineBatch {
        let buffer = SharedBytes(bytes: bytes).buffer
        let search: LineSearch
        do {
            _ = try wholeLine ? pattern.wholeCode : pattern.searchCode
            search = try LineSearch(everyLine: pattern, wholeLine: wholeLine)
        } catch {
            // The other form of a pattern that compiled once compiles too; report, never crash.
            let failure =
                error as? PatternError ?? PatternError(kind: .match, message: "\(error)", pattern: pattern.source)
            let lines = LineSplitter.lines(in: buffer, range: 0..<bytes.count)
            return LineBatch(
                lines: lines, verdicts: Array(repeating: .limit, count: lines.count),
                problems: lines.indices.map { LineProblem(line: $0, error: failure) })
        }
        let sequential = bytes.count < 64 * options.sequentialThreshold
        let searcher = LineSearcher(search: search, maxWorkers: sequential ? 1 : options.parallelism)
        let sink = LineBatchSink(total: bytes.count, progress: options.progress)
        // (The caller keeps the bytes for the call: the reader's owner is only the sink.)
        let reader = LineBlockReader(memory: buffer, owner: sink, blockSize: blockSize)
        // A buffer in memory: no read fails, no line is too long for the reader (its limit is
        // the buffer's size), and the sink throws nothing.
        let outcome: LineSearcher.Outcome
        do {
            outcome = try searcher.run(reader, into: sink)
        } catch {
            preconditionFailure("a search of lines in memory failed: \(error)")
        }
        precondition(outcome.tooLong == nil, "a line in memory was too long for the reader")
        return LineBatch(lines: sink.lines, verdicts: sink.verdicts, problems: sink.problems)
    }

    /// Calls `transform` on every line of `bytes` (its bytes without the line ending, and its
    /// 0-based index), on all cores, and returns the results in line order.
    ///
    /// The bytes are not checked: `transform` decides what to do with invalid UTF-8 (for
    /// example with `String(validating:as:)`).
    public func mapLines<T: Sendable>(
        in bytes: UnsafeRawBufferPointer, _ transform: @Sendable (UnsafeBufferPointer<UInt8>, Int) -> T
    ) -> [T] {
        let shared = SharedBytes(bytes: bytes)
        return mapLineChunks(in: bytes) { lines, firstLine in
            lines.enumerated().map { offset, line in transform(shared[line], firstLine + offset) }
        }.flatMap { $0 }
    }

    /// Cuts `bytes` into pieces of about `64 × chunkSize` bytes at line boundaries, and runs
    /// `body` on each piece's lines (with the index of its first line), concurrently.
    func mapLineChunks<T: Sendable>(
        in bytes: UnsafeRawBufferPointer, _ body: @Sendable (_ lines: [Range<Int>], _ firstLine: Int) -> T
    ) -> [T] {
        let pieces = LineSplitter.pieces(of: SharedBytes(bytes: bytes).buffer, targetSize: 64 * options.chunkSize)
        // Lines are found per piece, in parallel; the first line index of each piece is
        // needed before its lines are judged, so split first, then judge.
        var pieceOptions = options
        pieceOptions.chunkSize = 1
        pieceOptions.sequentialThreshold = max(1, options.sequentialThreshold / options.chunkSize)
        let pieceRunner = ChunkRunner(options: pieceOptions)
        let buffer = SharedBytes(bytes: bytes)
        let lineLists = pieceRunner.map(count: pieces.count) {
            LineSplitter.lines(in: buffer.buffer, range: pieces[$0])
        }
        var firstLines: [Int] = []
        firstLines.reserveCapacity(lineLists.count)
        var total = 0
        for list in lineLists {
            firstLines.append(total)
            total += list.count
        }
        let starts = firstLines
        return pieceRunner.map(count: pieces.count) { body(lineLists[$0], starts[$0]) }
    }
}

/// ``Batch/matchLines(_:in:wholeLine:)``'s sink: every line's range and verdict, and every
/// problem with its line's index, in input order.
private final class LineBatchSink: LineSink {
    private(set) var lines: [Range<Int>] = []
    private(set) var verdicts: [LineVerdict] = []
    private(set) var problems: [LineProblem] = []
    /// The problems handed before the block that holds their lines.
    private var pending: [LineSearch.Problem] = []
    private let total: Int
    private let progress: (@Sendable (Int, Int) -> Void)?

    init(total: Int, progress: (@Sendable (Int, Int) -> Void)?) {
        self.total = total
        self.progress = progress
    }

    func problem(_ problem: LineSearch.Problem) {
        pending.append(problem)
    }

    func take(_ block: SearchedBlock) -> Bool {
        var next = lines.count
        if lines.isEmpty {
            // Room for the whole buffer's lines, guessed from the first block's.
            let count = block.pieces.reduce(0) { $0 + $1.everyLine.count }
            let estimate = count * (total / max(1, block.offset + block.bytes.count)) + count
            lines.reserveCapacity(estimate)
            verdicts.reserveCapacity(estimate)
        }
        for piece in block.pieces {
            lines += piece.everyLine
            verdicts += piece.verdicts
        }
        // Each problem's line starts at its offset: its index among the block's lines (lines
        // start at distinct offsets, in order).
        for problem in pending {
            var high = lines.count
            while next < high {
                let middle = (next + high) / 2
                if lines[middle].lowerBound < problem.offset { next = middle + 1 } else { high = middle }
            }
            problems.append(LineProblem(line: next, error: problem.error))
        }
        pending.removeAll()
        progress?(block.offset + block.bytes.count, total)
        return true
    }
}
