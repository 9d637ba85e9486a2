#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads an input in blocks of whole lines, into two buffers that are reused for the whole
/// input (no allocation and no fresh pages per block), so that the next block can be read
/// while the current one is searched. The one block reader of the line engine: `fastcop
/// match` reads with it, and ``UTF8LineReader`` is it behind a public face. A client of
/// ``BlockSource`` (which keeps the rules: ramp-up, carry, growth, byte order mark, early end
/// on a slow pipe): it cuts each block after its last LF.
///
/// ``readAhead()`` reads the block after the current one (the current block's unfinished last
/// line first, then input bytes); ``advance()`` makes that the current block. A line longer
/// than a block makes the block larger (up to `maxLineBytes`).
package final class LineBlockReader: @unchecked Sendable {
    // @unchecked: `readAhead()` runs on a worker thread while other workers read the current
    // block; the source then reads only the current block's bytes after its last line (bytes
    // no search touches) and writes the other buffer, and the reader writes the `next…`
    // fields, which nothing else touches until `advance()`, called on the reading thread once
    // every task has finished.

    /// Bytes read per block: enough for a few pieces per core; small enough that the two
    /// buffers cost few page faults (each fresh page costs microseconds, a measurable part of
    /// a 60 MB search) and that a block is still cached (in L3) when it is searched. Each block
    /// ends in a wait for its last piece and wakes the workers again: 4 MiB blocks instead of 1
    /// MiB took 1,290 context switches down to 300 and 10 ms of CPU off a 1 GB `fastcop match
    /// -c` (perf stat, 174 -> 167 ms).
    package static let defaultBlockSize = 4 * 1024 * 1024
    /// Bytes read for the first block when the blocks ramp up (``init(blockSize:firstBlockSize:
    /// maxLineBytes:skipsByteOrderMark:readsAhead:nothingWaiting:read:)``): the first block is
    /// read before any search starts, so a small one lets both cores start sooner.
    package static let defaultFirstBlockSize = 256 * 1024
    /// The longest line `fastcop match` waits for.
    package static let defaultMaxLineBytes = 16 * 1024 * 1024

    /// A line longer than the reader's `maxLineBytes`.
    package struct LineTooLong: Error, CustomStringConvertible {
        /// The limit, in bytes.
        package let maxLineBytes: Int
        package var description: String {
            "a line is longer than \(maxLineBytes / (1024 * 1024)) MiB: is this text?"
        }
    }

    /// Reads up to `count` bytes into the pointer; 0 at the end of the input.
    package typealias Read = BlockSource.Read
    /// Reads up to `count` bytes at input offset `offset` into the pointer (`pread(2)`); fewer
    /// than asked only at the end of the input.
    package typealias ReadAt = BlockSource.ReadAt

    private let source: BlockSource
    /// The current block: its span, its lines (`span.bytes[..<lines]`).
    private var current: (span: BlockSource.Span, lines: Int)?
    /// The block read ahead, or the error met reading it.
    private var upcoming: Result<(span: BlockSource.Span, lines: Int)?, any Error> = .success(nil)
    /// The next block's read in parts (``planReadAhead(parts:)``).
    private var parted: PartedRead?

    /// A reader that gets its bytes from `read`.
    ///
    /// - Parameters:
    ///   - blockSize: bytes read per block (each of the two buffers starts this large).
    ///   - firstBlockSize: bytes read for the first block (at most `blockSize`, the default);
    ///     each block after it reads twice as many, up to `blockSize`.
    ///   - maxLineBytes: the longest line to wait for; a longer one throws ``LineTooLong``.
    ///   - skipsByteOrderMark: skip a UTF-8 byte order mark at the very start (as the tool's
    ///     commands do).
    ///   - readsAhead: keep two buffers, so that ``readAhead()`` can run while the current
    ///     block is searched; with false, one buffer (half the memory) for a caller that is
    ///     done with the current block before it reads the next (``UTF8LineReader`` copies it).
    ///   - nothingWaiting: whether a read now would wait for the input to be fed (a pipe or
    ///     terminal fed slowly, `tail -f`). A block then ends with the whole lines that have
    ///     come instead of waiting to be full (``StreamArrival``): lines are answered as they
    ///     arrive, as grep answers them. Nil: blocks are read full.
    package convenience init(
        blockSize: Int = defaultBlockSize, firstBlockSize: Int? = nil, maxLineBytes: Int = defaultMaxLineBytes,
        skipsByteOrderMark: Bool = true, readsAhead: Bool = true, nothingWaiting: (() -> Bool)? = nil,
        read: @escaping Read
    ) {
        var rules = Self.rules(blockSize, firstBlockSize, maxLineBytes, skipsByteOrderMark)
        rules.readsAhead = readsAhead
        self.init(BlockSource(.stream(read, nothingWaiting: nothingWaiting), rules: rules))
    }

    /// A reader that reads a regular file from its start with `readAt`, so that the next block
    /// can be read by several workers at once (``planReadAhead(parts:)``); it reads ahead.
    package convenience init(
        blockSize: Int = defaultBlockSize, firstBlockSize: Int? = nil, maxLineBytes: Int = defaultMaxLineBytes,
        skipsByteOrderMark: Bool = true, readAt: @escaping ReadAt
    ) {
        let rules = Self.rules(blockSize, firstBlockSize, maxLineBytes, skipsByteOrderMark)
        self.init(BlockSource(.offsets(readAt), rules: rules))
    }

    /// A reader of a regular file's bytes mapped into memory (`mmap(2)`), kept mapped by
    /// `owner`: a block is a window of the map, not a copy (for `fastcop match` the copy of
    /// `pread(2)` was a third of a literal search's time), except a last line without a LF,
    /// which is copied into a buffer so that a LF can follow it (past the map's end there may be
    /// no page). It reads ahead; reading ahead only finds the next block's last line end.
    package convenience init(
        mapped: UnsafeBufferPointer<UInt8>, owner: AnyObject, blockSize: Int = defaultBlockSize,
        firstBlockSize: Int? = nil, maxLineBytes: Int = defaultMaxLineBytes, skipsByteOrderMark: Bool = true
    ) {
        let rules = Self.rules(blockSize, firstBlockSize, maxLineBytes, skipsByteOrderMark)
        self.init(BlockSource(.windows(MappedBytes(mapped, owner: owner, releases: true)), rules: rules))
    }

    /// A reader of bytes that stay in memory while it reads (``Batch/matchLines(_:in:wholeLine:)``'s
    /// buffer): blocks of `blockSize` bytes as in the mapped mode, the last block a window too
    /// (no buffer, no copy, no LF written after it), no line too long, no byte order mark skipped.
    package convenience init(
        memory bytes: UnsafeBufferPointer<UInt8>, owner: AnyObject, blockSize: Int = defaultBlockSize
    ) {
        var rules = BlockSource.Rules(blockSize: blockSize, maxUnitBytes: .max, unit: "line")
        rules.skipsByteOrderMark = false
        self.init(BlockSource(.windows(MappedBytes(bytes, owner: owner)), rules: rules))
    }

    private init(_ source: BlockSource) {
        self.source = source
    }

    /// The line engine's rules for a ``BlockSource``: a LF after the input's last byte, as a
    /// file's lines have one after each: PCRE2's JIT (10.42) with PCRE2_MATCH_INVALID_UTF reads
    /// the byte after a subject ending in an invalid byte (for `\b`, `\B`), which was then
    /// whatever the buffer held before, and a line's answer changed from run to run.
    private static func rules(
        _ blockSize: Int, _ firstBlockSize: Int?, _ maxLineBytes: Int, _ skipsByteOrderMark: Bool
    ) -> BlockSource.Rules {
        var rules = BlockSource.Rules(
            blockSize: blockSize, firstBlockSize: firstBlockSize, maxUnitBytes: maxLineBytes, unit: "line")
        rules.skipsByteOrderMark = skipsByteOrderMark
        rules.newlineAfterEnd = true
        return rules
    }

    /// The current block: whole lines, the last one ending with `\n` unless it ends the input
    /// (a LF follows it in memory then).
    package var block: UnsafeBufferPointer<UInt8> {
        guard let current else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(rebasing: current.span.bytes[..<current.lines])
    }

    /// The block read ahead, the current one after ``advance()``, once ``readAhead()`` has read
    /// it whole (not in parts still to finish); nil otherwise, or at the input's end.
    package var blockReadAhead: UnsafeBufferPointer<UInt8>? {
        guard parted == nil, case .success(let next?) = upcoming else { return nil }
        return UnsafeBufferPointer(rebasing: next.span.bytes[..<next.lines])
    }

    /// The input offset of the current block's first byte.
    package var blockOffset: Int { current?.span.offset ?? 0 }

    /// Whether the current block ended because the input had nothing more waiting (see
    /// `init`): its answer is then due before the next block is read, which waits for input.
    package var blockCameEarly: Bool { current?.span.cameEarly ?? false }

    /// Reads the first block. Returns false for an empty input.
    ///
    /// - Throws: the read's error, or ``LineTooLong``.
    package func start() throws -> Bool {
        readAhead()
        return try advance()
    }

    /// Reads the block after the current one (errors are kept for ``advance()``).
    package func readAhead() {
        upcoming = Result { try nextBlock() }
    }

    /// Plans the next block's read in up to `parts` parts that workers run at once
    /// (``readAhead(part:)``; then ``finishReadAhead()`` on the reading thread, before
    /// ``advance()``). Returns the number of parts: 1 (the whole ``readAhead()``) unless the
    /// reader reads at offsets (a regular file) and the block is large enough to split
    /// (``BlockSource/planParts(_:)``).
    package func planReadAhead(parts: Int) -> Int {
        parted = nil
        do {
            parted = try lineError { try source.planParts(parts) }
            return parted?.parts.count ?? 1
        } catch {
            upcoming = .failure(error)
            return 0
        }
    }

    /// Reads part `part` of the plan made by ``planReadAhead(parts:)`` (any worker; parts at
    /// once).
    package func readAhead(part: Int) {
        if let parted { parted.read(part: part) } else { readAhead() }
    }

    /// Says that the input bytes at `offsets` (of blocks already searched and handed on) will not
    /// be read again: a mapped input drops their pages (``MappedBytes/release(_:)``). Any thread.
    package func release(_ offsets: Range<Int>) {
        source.release(offsets)
    }

    /// Completes the block whose parts were read (on the reading thread): reads on to a line end.
    package func finishReadAhead() {
        guard parted != nil else { return }
        parted = nil
        readAhead()
    }

    /// The source's next span cut after its last LF (read on while it has none), or nil at the
    /// end of the input.
    private func nextBlock() throws -> (span: BlockSource.Span, lines: Int)? {
        try lineError {
            while let span = try source.next() {
                if span.atEnd {
                    source.consume(span.bytes.count)
                    return (span, span.bytes.count)
                }
                if let newline = ByteScan.lastNewline(span.bytes, in: span.seen..<span.bytes.count) {
                    source.consume(newline + 1)
                    return (span, newline + 1)
                }
                source.consume(0)
            }
            return nil
        }
    }

    /// `body`'s result, with the source's ``BlockSource/TooLong`` thrown as ``LineTooLong``
    /// (whose text the tool prints).
    private func lineError<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as BlockSource.TooLong {
            throw LineTooLong(maxLineBytes: error.maxBytes)
        }
    }

    /// Makes the block read ahead the current one. Returns false at the end of the input.
    ///
    /// - Throws: the error ``readAhead()`` met.
    package func advance() throws -> Bool {
        let next = try upcoming.get()
        upcoming = .success(nil)
        current = next
        return next.map { $0.lines > 0 } ?? false
    }

    /// About `count` ranges of whole lines covering `bytes` (at least 64 KiB each).
    package static func pieces(_ bytes: UnsafeBufferPointer<UInt8>, count: Int) -> [Range<Int>] {
        LineSplitter.pieces(of: bytes, targetSize: max(64 * 1024, bytes.count / max(1, count)))
    }
}
