/// The line engine's searcher: reads an input block by block (``LineBlockReader``), has each
/// block's pieces judged by the matcher (``LineSearch``) on all cores while the next block is
/// read, counts lines once, and hands each searched block to a ``LineSink``. It prints
/// nothing: what it met (lines over the match limit, lines that are not valid UTF-8, a line
/// too long to read) goes to the sink or into its ``Outcome``, for the caller to report.
///
/// The split is ripgrep's (searcher, matcher, sink): `fastcop match`'s printers and
/// ``Batch/matchLines(_:in:wholeLine:)`` are sinks of the same loop, so there is one
/// read-and-search loop in the house.
package struct LineSearcher {
    /// The matcher: which lines of a piece are selected, and their output.
    package let search: LineSearch
    /// The most threads a block is searched on, the calling thread's included.
    package let maxWorkers: Int

    /// The bytes of searched blocks given back at once (``run(_:into:)``).
    static let releaseBytes = 16 * 1024 * 1024

    /// A searcher running `search` over the blocks of an input, on at most `maxWorkers`
    /// threads (all the pool's by default).
    package init(search: LineSearch, maxWorkers: Int = .max) {
        self.search = search
        self.maxWorkers = max(1, maxWorkers)
    }

    /// What the searcher met in one input, for the caller to report.
    package struct Outcome: Sendable {
        /// The lines the matcher selected, up to the block in which the sink said it was done.
        package var selected = 0
        /// Lines whose search failed (a match limit, or bytes that are not UTF-8 when such lines
        /// are not searched): neither selected nor left out by -v.
        package var problems = 0
        /// Lines that are not valid UTF-8, searched all the same (``Pattern/Options/matchInvalidUTF8``).
        package var invalidLines = 0
        /// The first of them: its input offset, and its number when lines are counted.
        package var firstInvalid: (offset: Int, line: Int?)?
        /// A line too long to read, which ended the search: see ``TooLong``.
        package var tooLong: TooLong?

        /// Whether the input was searched to its end (or until the sink was done) with every
        /// line judged.
        package var complete: Bool { tooLong == nil && problems == 0 }
    }

    /// A line longer than the reader's limit: the search stopped before it.
    package struct TooLong: Sendable {
        /// Its input offset (it follows the last block searched).
        package let offset: Int
        /// Its number, when lines are counted.
        package let line: Int?
        /// The reader's limit, in bytes.
        package let maxLineBytes: Int
    }

    /// Searches `reader`'s input to its end, or until `sink` is done, handing `sink` every
    /// searched block and every line whose search failed (each before its block).
    ///
    /// Each block is cut into 4 pieces per worker, searched in parallel, and the next block is
    /// read meanwhile (as one more task per worker), so reading and searching overlap. A block
    /// of one piece (under 64 KiB: a small file) is searched on the calling thread.
    package func run(_ reader: LineBlockReader, into sink: some LineSink) throws -> Outcome {
        var outcome = Outcome()
        var nextLine = 1
        var buffers: [LineSearch.OutputBuffer] = []
        // Each block is read by `workers` tasks at once (a regular file) and searched in
        // 4 * `workers` pieces. The count is asked at the first block larger than one piece
        // (64 KiB): a small file is searched on this thread (reading the cgroup files for the
        // count was 4% of a 1-line search's samples).
        var workers = 1
        var askedWorkers = false
        // With several workers, each thread on a CPU of its own for the search, where the
        // program allows it (``WorkerPool/bindThreads()``).
        var binding: WorkerPool.Binding?
        defer { binding?.end() }
        // The input offsets of the blocks the sink took, not yet given back.
        var handedOn: Range<Int>?
        // The pieces of the block read ahead, when the task that read it cut them.
        var cutAhead = CutAhead(count: 0)
        func next(_ step: () throws -> Bool) throws -> Bool {
            do {
                return try step()
            } catch let error as LineBlockReader.LineTooLong {
                // With -n the lines were counted; else the caller finds the line from its offset.
                outcome.tooLong = TooLong(
                    offset: reader.blockOffset + reader.block.count, line: self.search.lineNumbers ? nextLine : nil,
                    maxLineBytes: error.maxLineBytes)
                return false
            }
        }
        guard try next(reader.start) else { return outcome }
        // The literal's scan looks first for its bytes rarest in the first block, when that is
        // a sample of some size (``LineSearch/ranked(bySample:)``).
        let search = reader.block.count >= 64 * 1024 ? self.search.ranked(bySample: reader.block) : self.search
        repeat {
            let buffer = reader.block
            let blockOffset = reader.blockOffset
            if !askedWorkers && buffer.count > 64 * 1024 {
                workers = min(LineWorkers.count, maxWorkers)
                askedWorkers = true
                if workers > 1 { binding = WorkerPool.shared.bindThreads() }
            }
            // (Cut by the task that read the block ahead, when it could: finding the cuts is the
            // first touch of pages spread over the block, a page fault each.)
            let pieces = cutAhead.pieces(of: buffer, count: 4 * workers)
            let shared = SharedBytes(buffer: buffer)
            // With -n, each piece's first line number, from the newlines before it: the one
            // place lines are counted between pieces.
            var firstLines: [Int?] = Array(repeating: nil, count: pieces.count)
            if search.lineNumbers {
                let counts = LineWorkers.map(count: pieces.count) {
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
            // Then, once the blocks handed on to the sink reach 16 MiB, one task gives back their
            // memory (a mapped file's pages: ``LineBlockReader/release(_:)``) beside the search,
            // rather than one thread unmapping them all at the end. (Every block, in a part per
            // worker, was slower on 1 GB: one TLB flush per call.)
            var releasing: Range<Int>?
            if let range = handedOn, range.count >= Self.releaseBytes {
                releasing = range
                handedOn = nil
            }
            let first = parts + (releasing == nil ? 0 : 1)
            let nextCuts = CutAhead(count: 4 * workers)
            let task: @Sendable (Int) -> LineSearch.Result? = { [releasing] task in
                guard task >= first else {
                    if task < parts {
                        reader.readAhead(part: task)
                        if let next = reader.blockReadAhead { nextCuts.cut(next) }
                    } else if let releasing {
                        reader.release(releasing)
                    }
                    return nil
                }
                return search.search(
                    shared.buffer, range: pieces[task - first], firstLine: starts[task - first],
                    blockOffset: blockOffset, into: outputs[task - first])
            }
            // A block of one piece is done on this thread: no worker thread is started for it
            // (clone3 and the pool's start were 4% of a 1-line search's samples).
            let results =
                pieces.count == 1 || workers == 1
                ? (0..<(first + pieces.count)).map(task)
                : LineWorkers.map(count: pieces.count + first, width: workers, task)
            reader.finishReadAhead()
            var selected = 0
            for result in results.dropFirst(first) {
                guard let result else { continue }
                selected += result.selected
                outcome.invalidLines += result.invalidLines
                if outcome.firstInvalid == nil, let found = result.firstInvalid {
                    outcome.firstInvalid = (blockOffset + found.offset, found.line)
                }
                outcome.problems += result.problems.count
                for var problem in result.problems {
                    problem.offset += blockOffset
                    sink.problem(problem)
                }
            }
            outcome.selected += selected
            let pieceOutputs = outputs.prefix(pieces.count)
            let wantsMore = try sink.take(
                SearchedBlock(
                    bytes: buffer, offset: blockOffset, firstLine: blockFirstLine,
                    nextLine: search.lineNumbers ? nextLine : nil, pieces: pieceOutputs,
                    selected: selected, selectedSoFar: outcome.selected))
            // The buffers are emptied for the next block, their memory kept.
            for piece in pieceOutputs {
                if !piece.bytes.isEmpty { piece.bytes.removeAll(keepingCapacity: true) }
                if !piece.lines.isEmpty { piece.lines.removeAll(keepingCapacity: true) }
                if !piece.lineNumbers.isEmpty { piece.lineNumbers.removeAll(keepingCapacity: true) }
                if !piece.everyLine.isEmpty { piece.everyLine.removeAll(keepingCapacity: true) }
                if !piece.verdicts.isEmpty { piece.verdicts.removeAll(keepingCapacity: true) }
            }
            handedOn = (handedOn?.lowerBound ?? blockOffset)..<(blockOffset + buffer.count)
            cutAhead = nextCuts
            if !wantsMore { break }
            if !readsAhead { reader.readAhead() }
        } while try next(reader.advance)
        return outcome
    }
}

/// One block as the searcher hands it to its ``LineSink``: valid during the call only.
package struct SearchedBlock {
    /// The block's bytes: whole lines, the last one's LF included when the input has one.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The block's offset in the input.
    package let offset: Int
    /// The number of the block's first line, when lines are counted (`-n`).
    package let firstLine: Int?
    /// The number of the line after the block's last LF (the next block's first), when lines
    /// are counted.
    package let nextLine: Int?
    /// Each piece's output, in input order: the selected lines copied as they are printed
    /// (``LineSearch/OutputBuffer/bytes``), or their ranges in ``bytes`` when the search
    /// ``LineSearch/recordsLines`` (``LineSearch/OutputBuffer/lines``), or every line's range
    /// in the input and verdict when it ``LineSearch/recordsVerdicts``
    /// (``LineSearch/OutputBuffer/everyLine``).
    package let pieces: ArraySlice<LineSearch.OutputBuffer>
    /// The lines selected in this block.
    package let selected: Int
    /// The lines selected in the input so far, this block's included.
    package let selectedSoFar: Int

    /// The selected lines' ranges in ``bytes``, in order (when the search records lines).
    package var lines: some Sequence<Range<Int>> { pieces.lazy.flatMap(\.lines) }
    /// The numbers of ``lines``, in order (when lines are counted too).
    package var lineNumbers: some Sequence<Int> { pieces.lazy.flatMap(\.lineNumbers) }
}

/// Where a ``LineSearcher`` hands what it found: the caller's printer, counter or collector.
/// The searcher owns the pieces' buffers and empties them after each ``take(_:)``.
package protocol LineSink: AnyObject {
    /// A line whose search failed (a match limit, or bytes that are not UTF-8 when such lines
    /// are not searched), its offset in the input: every one, in input order, each handed
    /// before its block.
    func problem(_ problem: LineSearch.Problem)
    /// Takes one searched block; returns whether the sink wants more (false: -q, -l or -m is
    /// satisfied, and the search stops after this block).
    func take(_ block: SearchedBlock) throws -> Bool
}

/// The workers the line searcher runs its tasks on: the house's ``WorkerPool``.
enum LineWorkers {
    /// The number of workers: the pool's threads and the caller's.
    static var count: Int { WorkerPool.shared.width }

    /// `(0..<count).map(body)`, computed in parallel on up to `width` threads (the calling
    /// thread's included; by default all of them), results in index order.
    static func map<T: Sendable>(count: Int, width: Int = .max, _ body: @escaping @Sendable (Int) -> T) -> [T] {
        guard width < Self.count else { return WorkerPool.shared.map(count: count, body) }
        guard width > 1 else { return (0..<count).map(body) }
        // Fewer threads than the pool's: each of `width` tasks takes every `width`-th index.
        let strided = WorkerPool.shared.map(count: width) { first in
            stride(from: first, to: count, by: width).map(body)
        }
        return (0..<count).map { strided[$0 % width][$0 / width] }
    }
}

/// The pieces of a block, cut by the task that read the block ahead (beside the search of the
/// block before) for the searcher's next round.
///
/// `@unchecked Sendable`: written by that one task, read by the searcher after the round's
/// tasks have all finished (the pool's map orders the two).
private final class CutAhead: @unchecked Sendable {
    /// The number of pieces asked for.
    let count: Int
    private var block: UnsafeBufferPointer<UInt8>?
    private var cuts: [Range<Int>] = []

    init(count: Int) { self.count = count }

    /// Cuts `block` into about ``count`` pieces.
    func cut(_ block: UnsafeBufferPointer<UInt8>) {
        cuts = LineBlockReader.pieces(block, count: count)
        self.block = block
    }

    /// `block`'s pieces: those cut ahead when they were cut from it into `count`, else cut now.
    func pieces(of block: UnsafeBufferPointer<UInt8>, count: Int) -> [Range<Int>] {
        guard let cutBlock = self.block, cutBlock.baseAddress == block.baseAddress, cutBlock.count == block.count,
            self.count == count
        else { return LineBlockReader.pieces(block, count: count) }
        return cuts
    }
}
