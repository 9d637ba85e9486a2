#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads an input in blocks for a client that cuts each block where its units end: the line
/// engine (``LineBlockReader``: lines, cut at the last LF) and the records reader (records,
/// cut where its splitter's last complete record ends). The one home of the rules both
/// follow:
///
/// - **ramp-up**: the first block is small (the client can start sooner), each next one twice
///   the last, up to the block size;
/// - **carry**: the bytes after the cut start the next block, which is read to the ramp's
///   size (at least one new byte);
/// - **growth**: a block with no cut in it (a unit longer than a block) is read on, twice as
///   large each time, up to one byte over the longest unit; then ``TooLong``;
/// - **byte order mark**: a UTF-8 one at the input's very start is skipped (not later);
/// - **early end**: from a pipe or terminal fed slowly, a block ends with what has come once
///   a LF has (``StreamArrival``), so that its units are answered as they arrive; a block
///   read on, once it is also twice as large as it was (a record of many lines arriving
///   slowly is then copied a few times, not once per line).
///
/// The client loops: ``next()`` gives a ``Span`` (the carried bytes, then new input), the
/// client finds its cut and says how many bytes it took (``consume(_:)``; 0: none is complete,
/// read on). Where it cuts is the client's alone, so a splitter that finds records while it
/// cuts does it once.
///
/// It reads a stream (`read(2)`), a regular file at offsets (`pread(2)`, the next block in
/// parts by several workers at once: ``planParts(_:)``), or an input in memory
/// (``BlockWindows``, a mapped file: a block is a window, no byte is copied). Buffers are
/// either reused (two: the next block is read while the client searches the current one) or
/// one per block (the client keeps a block's ``Span/owner`` as long as it needs its bytes).
///
/// `@unchecked Sendable`: one thread at a time calls it (the line engine reads ahead on a
/// worker while the reading thread waits for every task); ``planParts(_:)``'s parts write only
/// their own bytes of a buffer no span has handed out yet.
package final class BlockSource: @unchecked Sendable {
    /// Reads up to `count` bytes into the pointer; 0 at the end of the input.
    package typealias Read = (_ into: UnsafeMutableRawPointer, _ count: Int) throws -> Int
    /// Reads up to `count` bytes at input offset `offset` into the pointer (`pread(2)`); fewer
    /// than asked only at the end of the input.
    package typealias ReadAt = (_ into: UnsafeMutableRawPointer, _ count: Int, _ offset: Int) throws -> Int

    /// Where the bytes come from.
    package enum Input {
        /// A stream; `nothingWaiting` tells whether a read now would wait for the input to be
        /// fed (nil: blocks are read full).
        case stream(Read, nothingWaiting: (() -> Bool)?)
        /// A regular file read from its start at offsets.
        case offsets(ReadAt)
        /// An input in memory, taken a window at a time.
        case windows(any BlockWindows)
    }

    /// What a client asks of its blocks.
    package struct Rules {
        /// Input bytes per block once ramped up (a reused buffer's size).
        package var blockSize: Int
        /// The first block's size (at most `blockSize`); each next block's doubles.
        package var firstBlockSize: Int
        /// The longest unit the client waits for (`Int.max`: no limit).
        package var maxUnitBytes: Int
        /// The client's unit, named in ``TooLong`` ("line", "record").
        package var unit: String
        /// Skip a UTF-8 byte order mark at the input's start.
        package var skipsByteOrderMark = true
        /// Keep the buffers for the whole input (two, or one when `readsAhead` is false) rather
        /// than one per block.
        package var reusesBuffers = true
        /// With reused buffers: two, so that a block can be read while the last is in use.
        package var readsAhead = true
        /// Follow the input's last byte with a LF in memory (not in the span) unless it is one,
        /// as a file's lines have one after each: of windows, a last line without a LF is then
        /// copied.
        package var newlineAfterEnd = false
        /// Read the first block full even from a stream fed slowly (it is a sample).
        package var fillsFirstBlock = false

        package init(blockSize: Int, firstBlockSize: Int? = nil, maxUnitBytes: Int, unit: String) {
            self.blockSize = max(1, blockSize)
            self.firstBlockSize = max(1, min(self.blockSize, firstBlockSize ?? blockSize))
            self.maxUnitBytes = maxUnitBytes
            self.unit = unit
        }
    }

    /// A unit longer than the rules' `maxUnitBytes`.
    package struct TooLong: Error, CustomStringConvertible {
        /// The unit ("line", "record").
        package let unit: String
        /// The limit, in bytes.
        package let maxBytes: Int
        /// The input offset where the unit starts.
        package let offset: Int
        package var description: String { "the \(unit) at byte \(offset) is longer than \(maxBytes) bytes" }
    }

    /// The client took none of a span that ends the input: it must take them all.
    package struct Unfinished: Error, CustomStringConvertible {
        /// The input offset of the bytes left.
        package let offset: Int
        package var description: String { "the input ends within an unfinished unit at byte \(offset)" }
    }

    /// Bytes for the client to cut: those it left of the last span, then new input.
    package struct Span {
        /// The bytes (at the input's end with ``Rules/newlineAfterEnd``, a LF ends them or
        /// follows them in memory).
        package let bytes: UnsafeBufferPointer<UInt8>
        /// Keeps `bytes` valid: a ``BlockBuffer`` or a window's owner. A reused buffer is
        /// written again two spans later (one with `readsAhead` false).
        package let owner: any AnyObject & Sendable
        /// The input offset of `bytes[0]`.
        package let offset: Int
        /// Bytes before this index were in the span before, with no cut found or after it.
        package let seen: Int
        /// Whether the input ends with these bytes.
        package let atEnd: Bool
        /// Whether the span ended before it was full because the stream had nothing waiting.
        package let cameEarly: Bool
    }

    private let input: Input
    private let rules: Rules
    /// The longest span that may hold no cut: one byte over the longest unit.
    private let limit: Int

    /// The ramp: bytes the next new span is read to.
    private var target: Int
    private var buffers: [BlockBuffer?]
    /// The buffer of the last span.
    private var slot = 0
    /// The last span: its input offset, size, what the client took of it (nil: not said yet).
    private var spanOffset = 0
    private var spanCount = 0
    private var consumed: Int?
    private var lastAtEnd = false
    /// The next span, made ready by ``planParts(_:)``.
    private var prepared: Plan?
    private var parted: PartedRead?
    private var endOfInput = false
    private var atStart: Bool
    private var spans = 0

    /// Input bytes read (or, for windows, reached) so far.
    package private(set) var bytesRead = 0
    /// Whether the input began with a UTF-8 byte order mark (skipped).
    package private(set) var hadByteOrderMark = false

    /// A source of `input`'s blocks following `rules`.
    package init(_ input: Input, rules: Rules) {
        self.input = input
        self.rules = rules
        limit = rules.maxUnitBytes == .max ? .max : rules.maxUnitBytes + 1
        target = rules.firstBlockSize
        atStart = rules.skipsByteOrderMark
        buffers = Array(repeating: nil, count: rules.reusesBuffers && rules.readsAhead ? 2 : 1)
    }

    /// Bytes of the last span the client left (to be carried), 0 before the first.
    package var carried: Int { spanCount - (consumed ?? spanCount) }

    /// Whether the spans so far hold the whole input and the client took them all.
    package var holdsWholeInput: Bool { endOfInput && carried == 0 && prepared == nil }

    /// The client took the first `count` bytes of the last span (0: none is complete there,
    /// read on; at the input's end it must take all).
    package func consume(_ count: Int) {
        precondition(count >= 0 && count <= spanCount, "BlockSource: consumed \(count) of \(spanCount) bytes")
        consumed = count
        if count > 0 { atStart = false }  // a mark after the first unit is data
    }

    /// Says that the input bytes at `offsets` will not be read again (``BlockWindows/release(_:)``;
    /// nothing for other inputs). Any thread.
    package func release(_ offsets: Range<Int>) {
        if case .windows(let windows) = input { windows.release(offsets) }
    }

    /// The next span, or nil at the input's end (the client took everything).
    ///
    /// - Throws: the input's error, ``TooLong``, or ``Unfinished``.
    package func next() throws -> Span? {
        guard let plan = try prepared ?? prepare() else { return nil }
        prepared = nil
        if case .windows(let windows) = input { return try window(of: windows, plan) }
        if let parted {
            self.parted = nil
            let count = try parted.contiguousCount()
            spanCount += count
            bytesRead += count
        }
        let offset = spanOffset
        let cameEarly = try fill(plan)
        lastAtEnd = endOfInput
        consumed = nil
        guard spanCount > 0 || !endOfInput, let buffer = buffers[slot] else { return nil }
        if endOfInput && rules.newlineAfterEnd { buffer.bytes.baseAddress?[spanCount] = 0x0A }
        return Span(
            bytes: UnsafeBufferPointer(rebasing: buffer.bytes[..<spanCount]), owner: buffer, offset: spanOffset,
            seen: max(0, min(plan.seen - (spanOffset - offset), spanCount)), atEnd: endOfInput,
            cameEarly: cameEarly)
    }

    /// Reads the next span's new input, when the input is read at offsets and the span is large
    /// enough, in up to `parts` parts that workers read at once (``PartedRead/read(part:)``);
    /// ``next()`` then reads on from where they ended. Nil: ``next()`` reads it all.
    ///
    /// One core copying a 4 MiB block from the page cache was slower than the other searching
    /// the block before: on a 1M-line `fastcop match example7\.com` the read was the critical
    /// path (perf: `copy_to_iter` and the buffer's page clearing, a third of the samples).
    ///
    /// - Throws: ``TooLong`` or ``Unfinished`` (as ``next()`` would).
    package func planParts(_ parts: Int) throws -> PartedRead? {
        guard case .offsets(let readAt) = input, parts > 1, !atStart, !endOfInput, prepared == nil,
            let plan = try prepare()
        else { return nil }
        prepared = plan
        guard let base = buffers[slot]?.bytes.baseAddress else { return nil }
        let read = PartedRead(
            into: base + spanCount, count: plan.total - spanCount, at: bytesRead, parts: parts, readAt: readAt)
        parted = read
        return read
    }

    /// The next span's size and where it starts, its carried bytes moved into place.
    private struct Plan {
        /// Bytes to read the span to.
        var total: Int
        /// Bytes already in it (from the last span).
        var carried: Int
        /// Whether the last span is read on (the client took none of it).
        var growing: Bool
        /// The span's bytes the client has seen.
        var seen: Int
    }

    /// Plans the next span: the last one read on when the client took none of it (up to
    /// `limit`), else a new one from the bytes it left. Nil at the end of the input.
    private func prepare() throws -> Plan? {
        let left = carried
        if lastAtEnd || endOfInput {
            if left == 0 { return nil }
            if consumed == 0 { throw Unfinished(offset: spanOffset) }
        } else if consumed == 0 && spanCount > 0 {
            // No unit ends in the span: read on.
            guard spanCount < limit else {
                throw TooLong(unit: rules.unit, maxBytes: rules.maxUnitBytes, offset: spanOffset)
            }
            let total = min(limit, max(target, spanCount > limit / 2 ? limit : 2 * spanCount))
            if !isWindows { room(for: total, keeping: spanCount) }
            return Plan(total: total, carried: spanCount, growing: true, seen: spanCount)
        }
        let taken = consumed ?? spanCount
        let total = max(target, left + 1)
        target = min(rules.blockSize, 2 * target)
        spans += 1
        let from = buffers[slot]
        slot = (slot + 1) % buffers.count
        spanOffset += taken
        spanCount = left
        if !isWindows {
            if !rules.reusesBuffers || (buffers[slot]?.bytes.count ?? -1) < total {
                buffers[slot] = BlockBuffer(
                    capacity: rules.reusesBuffers ? max(rules.blockSize, total) : total, reused: rules.reusesBuffers)
            }
            if left > 0, let to = buffers[slot]?.bytes.baseAddress, let from = from?.bytes.baseAddress {
                memmove(to, from + taken, left)  // the same buffer when there is one
            }
        }
        return Plan(total: total, carried: left, growing: false, seen: left)
    }

    private var isWindows: Bool {
        if case .windows = input { return true }
        return false
    }

    /// Makes the last span's buffer hold `total` bytes, keeping its first `count`.
    private func room(for total: Int, keeping count: Int) {
        let old = buffers[slot]
        guard (old?.bytes.count ?? -1) < total else { return }
        let larger = BlockBuffer(
            capacity: rules.reusesBuffers ? max(rules.blockSize, total) : total, reused: rules.reusesBuffers)
        if count > 0, let to = larger.bytes.baseAddress, let from = old?.bytes.baseAddress {
            to.update(from: from, count: count)
        }
        buffers[slot] = larger
    }

    /// Reads input into the span's buffer up to `plan.total` bytes or the input's end, or, from
    /// a stream fed slowly, until a LF has come and nothing more waits. Returns whether it
    /// ended so.
    private func fill(_ plan: Plan) throws -> Bool {
        guard let base = buffers[slot]?.bytes.baseAddress else { return false }
        var nothingWaiting: (() -> Bool)?
        if case .stream(_, let asked?) = input, !(rules.fillsFirstBlock && spans == 1) { nothingWaiting = asked }
        var arrival = nothingWaiting.map { StreamArrival(from: spanCount, nothingWaiting: $0) }
        while spanCount < plan.total && !endOfInput {
            let count =
                switch input {
                case .stream(let read, _): try read(base + spanCount, plan.total - spanCount)
                case .offsets(let readAt): try readAt(base + spanCount, plan.total - spanCount, bytesRead)
                case .windows: 0
                }
            bytesRead += count
            if count == 0 { endOfInput = true }
            spanCount += count
            if atStart && (spanCount >= 3 || endOfInput) {
                atStart = false
                if spanCount >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
                    memmove(base, base + 3, spanCount - 3)
                    spanCount -= 3
                    spanOffset += 3
                    hadByteOrderMark = true
                    arrival = nothingWaiting.map { StreamArrival(from: 0, nothingWaiting: $0) }
                }
            }
            // Growing, it waits for twice the bytes it had: a long unit arriving in pieces is
            // then copied a bounded number of times, not once per piece.
            if arrival?.endsBlock(base, filled: spanCount, lastRead: count) == true
                && (!plan.growing || spanCount >= 2 * plan.carried)
            {
                return true
            }
        }
        return false
    }

    /// The next span of a ``BlockWindows`` input: a window, or with ``Rules/newlineAfterEnd`` a
    /// last line without a LF, copied.
    private func window(of windows: any BlockWindows, _ plan: Plan) throws -> Span? {
        consumed = nil
        if atStart {
            // The mark is looked for first, so that the first window is as large read or mapped.
            let first = try windows.window(from: 0, upTo: 3)
            if let first, first.bytes.count == 3 || first.reachesEnd {
                atStart = false
                if first.bytes.elementsEqual([0xEF, 0xBB, 0xBF]) {
                    (spanOffset, hadByteOrderMark) = (3, true)
                }
            }
        }
        guard let window = try windows.window(from: spanOffset, upTo: plan.total) else {
            (endOfInput, lastAtEnd, spanCount) = (true, true, 0)
            return nil
        }
        endOfInput = window.reachesEnd
        lastAtEnd = endOfInput
        bytesRead = max(bytesRead, spanOffset + window.bytes.count)
        var bytes = window.bytes
        spanCount = bytes.count
        if spanCount == 0 && endOfInput { return nil }
        var owner = window.owner
        // An input that ends with a LF has one after its last line already. One that does not
        // needs a LF written after it (past the map's end there may be no page for one): its
        // whole lines are a window first, then its last line alone is copied, into a buffer of
        // its size. (Copying the whole last window into a reused buffer was 4% of a 49 MiB
        // literal search's samples: a 2 MiB huge page cleared, then the copy.)
        if endOfInput && rules.newlineAfterEnd && bytes.last != 0x0A {
            // (A LF among the bytes the client has seen without a cut is not one for it.)
            if let lastLF = bytes.lastIndex(of: 0x0A), lastLF + 1 > min(plan.seen, spanCount) {
                spanCount = lastLF + 1
                (endOfInput, lastAtEnd) = (false, false)
                bytes = UnsafeBufferPointer(rebasing: bytes[..<spanCount])
            } else {
                let buffer = BlockBuffer(capacity: spanCount, reused: false)
                if let to = buffer.bytes.baseAddress, let from = bytes.baseAddress {
                    to.update(from: from, count: spanCount)
                    to[spanCount] = 0x0A
                }
                bytes = UnsafeBufferPointer(buffer.bytes)
                owner = buffer
            }
        }
        return Span(
            bytes: bytes, owner: owner, offset: spanOffset, seen: min(plan.seen, spanCount), atEnd: endOfInput,
            cameEarly: false)
    }
}
