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
    /// - Parameters:
    ///   - pattern: the pattern to match.
    ///   - bytes: the text, lines separated by LF or CRLF; it need not be valid UTF-8.
    ///   - wholeLine: the pattern must match the whole line (else: anywhere in it).
    /// - Complexity: O(*n*) in the buffer's size; memory of 17 bytes per line for the result.
    public func matchLines(_ pattern: Pattern, in bytes: UnsafeRawBufferPointer, wholeLine: Bool = false)
        -> LineBatch
    {
        let code: CompiledCode
        do {
            code = try wholeLine ? pattern.wholeCode : pattern.searchCode
        } catch {
            // The other form of a pattern that compiled once compiles too; report, never crash.
            let failure =
                error as? PatternError ?? PatternError(kind: .match, message: "\(error)", pattern: pattern.source)
            let lines = LineSplitter.lines(in: SharedBytes(bytes: bytes).buffer, range: 0..<bytes.count)
            return LineBatch(
                lines: lines, verdicts: Array(repeating: .limit, count: lines.count),
                problems: lines.indices.map { LineProblem(line: $0, error: failure) })
        }
        let shared = SharedBytes(bytes: bytes)
        let parts = mapLineChunks(in: bytes) { lines, firstLine in
            var verdicts: [LineVerdict] = []
            verdicts.reserveCapacity(lines.count)
            var problems: [LineProblem] = []
            let scratch = MatchScratch.current
            for (offset, line) in lines.enumerated() {
                let subject = shared[line]
                do {
                    verdicts.append(try code.run(subject, validated: false, scratch: scratch) ? .match : .noMatch)
                } catch let failure as EngineFailure {
                    let error = PatternError(failure, pattern: pattern.source)
                    verdicts.append(error.kind == .invalidUTF8 ? .invalidUTF8 : .limit)
                    problems.append(LineProblem(line: firstLine + offset, error: error))
                } catch {
                    verdicts.append(.limit)
                }
            }
            return (lines, verdicts, problems)
        }
        return LineBatch(
            lines: parts.flatMap(\.0), verdicts: parts.flatMap(\.1), problems: parts.flatMap(\.2))
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
