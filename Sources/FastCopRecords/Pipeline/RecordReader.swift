import FastCop

/// A block of input holding complete records, ready to be processed in parallel.
package struct RecordBlock: Sendable {
    /// The bytes; the records index into them.
    package var bytes: BlockBytes
    /// The records, in input order.
    package var records: [RecordSpan]
}

/// Reads an input in large blocks and cuts them into complete records, carrying an incomplete
/// record over to the next block. Memory stays bounded by the block size (and, for a single
/// huge record, by `maxRecordBytes`) whatever the size of the input.
///
/// A regular file read as it is (no gzip, no other encoding) is mapped a window at a time
/// (``MappedFile``) instead of read: a block is then part of a window, no byte is copied, and
/// an incomplete record is carried by starting the next window at it. Other inputs (stdin from a
/// pipe, decoded input, bytes in memory) are read with `read(2)` into a buffer per block.
package final class RecordReader {
    /// Block size: large enough to amortize system calls and parallel dispatch, small enough
    /// to keep memory low.
    static let defaultBlockSize = 4 * 1024 * 1024
    /// The longest record the reader waits for.
    static let defaultMaxRecordBytes = 16 * 1024 * 1024
    /// The first block's size when the reader starts small (see `init`).
    static let smallFirstBlockSize = 128 * 1024

    private let source: InputSource
    private var splitter: any RecordSplitter
    private let blockSize: Int
    /// The size of the next block: `blockSize`, or less while starting small.
    private var nextBlockSize: Int
    private let maxRecordBytes: Int
    private var carry: [UInt8] = []
    /// The input when it is mapped instead of read, and the file offset of the next record
    /// (the first byte not handed out).
    private let mapped: MappedFile?
    private var mappedOffset = 0
    private var endOfInput = false
    private var atStart = true
    /// Whether the next block is read full even from a pipe fed slowly (see `init`).
    private var fillsNextBlock: Bool
    /// Whether the last block was handed over before it was full because the input had no more
    /// bytes waiting (a pipe fed slowly).
    private(set) var lastBlockCameEarly = false

    /// Bytes read from the input so far.
    private(set) var bytesRead = 0
    /// Bytes read but not yet handed out (the start of an incomplete record).
    var carried: Int { carry.count }
    /// Whether the input started with a UTF-8 byte order mark (it is not part of any record).
    private(set) var hadByteOrderMark = false
    /// Blank lines between records that the splitter passed over (CSV, TSV, JSON Lines).
    var skippedBlankLines: Int { splitter.skippedBlankLines }

    /// Whether the blocks returned so far hold the whole input: nothing is left to read or split.
    var holdsWholeInput: Bool {
        if let mapped { return endOfInput && mappedOffset == mapped.size }
        return endOfInput && carry.isEmpty
    }

    /// A reader of `source`'s records, in blocks of `blockSize` bytes. With `startingSmall`,
    /// the first block is ``smallFirstBlockSize`` and each next one twice the last, up to
    /// `blockSize`: the first block is read and split before anything else can start, so a
    /// small one lets the workers start sooner.
    ///
    /// From a pipe or terminal fed slowly (`tail -f`, a producer that pauses), a block is
    /// handed over with the records that have come when no more bytes are waiting, rather
    /// than when it is full: rows are answered as they arrive, and a `--strict` stop or an
    /// error is not held back by input that has not been sent yet. With `fillingFirstBlock`
    /// the first block is still read full (JSON Lines' first block is the sample in which the
    /// rules fields are looked for).
    package init(
        source: InputSource, splitter: any RecordSplitter, blockSize: Int = RecordReader.defaultBlockSize,
        maxRecordBytes: Int = RecordReader.defaultMaxRecordBytes, startingSmall: Bool = false,
        fillingFirstBlock: Bool = false
    ) {
        self.source = source
        self.splitter = splitter
        self.blockSize = blockSize
        self.nextBlockSize = startingSmall ? min(blockSize, Self.smallFirstBlockSize) : blockSize
        self.maxRecordBytes = maxRecordBytes
        self.fillsNextBlock = fillingFirstBlock
        mapped = source.mappedFile()
        if let mapped {
            mappedOffset = mapped.start
            MappedInputGuard.install(naming: mapped.name)
        }
    }

    /// The next block of records, or nil at the end of the input.
    ///
    /// - Throws: ``RecordsError`` for a read error or a record longer than `maxRecordBytes`.
    package func next() throws -> RecordBlock? {
        var target = nextBlockSize
        nextBlockSize = min(blockSize, nextBlockSize * 2)
        if let mapped { return try next(mapped, target: target) }
        defer { fillsNextBlock = false }
        lastBlockCameEarly = false
        while true {
            if endOfInput && carry.isEmpty { return nil }
            var buffer = try read(after: carry, upTo: max(target, carry.count + 1))
            buffer.removeFirst(byteOrderMarkLength(buffer))
            let (records, consumed) = try buffer.withUnsafeBufferPointer { try split($0) }
            if consumed > 0 { atStart = false }  // a mark after the first record is data
            carry = Array(buffer[consumed...])
            if !records.isEmpty {
                buffer.removeSubrange(consumed...)
                return RecordBlock(bytes: BlockBytes(buffer), records: records)
            }
            if endOfInput && carry.isEmpty { return nil }
            // Only part of a record so far: read more before splitting again, but never past
            // one byte over the longest record, so that a longer one is refused however the
            // blocks fall (a buffer grown to twice a 12 MiB carry would take a 20 MiB record).
            target = max(target, min(carry.count * 2, maxRecordBytes + 1))
        }
    }

    /// ``next()`` for a mapped file: as for a read one, with a window of the file in place of
    /// the buffer (starting at the carried record, the same size).
    private func next(_ file: MappedFile, target: Int) throws -> RecordBlock? {
        var target = target
        while true {
            let count = file.available(from: mappedOffset, upTo: target)
            guard count > 0 else {
                endOfInput = true
                return nil
            }
            let window = try file.map(from: mappedOffset, count: count)
            endOfInput = mappedOffset + count == file.size
            bytesRead = max(bytesRead, mappedOffset + count - file.start)
            let first = byteOrderMarkLength(window.bytes)
            let (records, consumed) = try split(UnsafeBufferPointer(rebasing: window.bytes[first...]))
            if consumed > 0 { atStart = false }  // a mark after the first record is data
            mappedOffset += first + consumed
            if !records.isEmpty {
                return RecordBlock(bytes: BlockBytes(window, first..<first + consumed), records: records)
            }
            if endOfInput { return nil }
            // Only part of a record so far: a larger window, bounded as for a read input.
            target = max(target, min((count - first - consumed) * 2, maxRecordBytes + 1))
        }
    }

    /// The complete records of `bytes`, and the offset of the first byte not consumed. The
    /// splitter fills room made for about one record per 64 bytes, and more while it fills it.
    private func split(_ bytes: UnsafeBufferPointer<UInt8>) throws -> (records: [RecordSpan], consumed: Int) {
        var records: [RecordSpan] = []
        var position = 0
        while true {
            let capacity = max(16, (bytes.count - position) / 64)
            var full = false
            let found = try [RecordSpan](unsafeUninitializedCapacity: capacity) { storage, initialized in
                var room = RecordSpanRoom(storage)
                defer { initialized = room.count }
                position = try splitter.split(
                    bytes, from: position, atEnd: endOfInput, maxRecordBytes: maxRecordBytes, into: &room)
                full = room.isFull
            }
            if records.isEmpty { records = found } else { records.append(contentsOf: found) }
            if !full { return (records, position) }
        }
    }

    /// A buffer holding `prefix` followed by input bytes, up to `limit` bytes in all (fewer at
    /// the end of the input).
    private func read(after prefix: [UInt8], upTo limit: Int) throws -> [UInt8] {
        guard !endOfInput else { return prefix }
        return try [UInt8](unsafeUninitializedCapacity: limit) { buffer, initialized in
            let base = buffer.baseAddress!
            prefix.withUnsafeBufferPointer {
                if let start = $0.baseAddress { base.update(from: start, count: $0.count) }
            }
            initialized = prefix.count
            var arrival = StreamArrival(from: prefix.count) { [source] in !source.readsWithoutWaiting }
            while initialized < limit {
                let count = try source.read(into: base + initialized, count: limit - initialized)
                if count == 0 {
                    endOfInput = true
                    break
                }
                initialized += count
                bytesRead += count
                // A pipe fed slowly: hand over what has come (StreamArrival), once it is at
                // least twice the carried start of a record (a long record arriving in pieces
                // is then copied a bounded number of times, not once per piece).
                if !fillsNextBlock && initialized >= 2 * prefix.count
                    && arrival.endsBlock(base, filled: initialized, lastRead: count)
                {
                    lastBlockCameEarly = true
                    break
                }
            }
        }
    }

    /// At the input's start, once `bytes` (its first bytes) are enough to tell: the length of
    /// the UTF-8 byte order mark they start with (3, noted in `hadByteOrderMark`), else 0. A
    /// first block too short to tell that is split into records (a blank line, `\n`) ends the
    /// start: the bytes after it are not the input's first.
    private func byteOrderMarkLength(_ bytes: some Collection<UInt8>) -> Int {
        let mark = TextEncoding.utf8ByteOrderMark
        guard atStart, bytes.count >= mark.count || endOfInput else { return 0 }
        atStart = false
        guard bytes.starts(with: mark) else { return 0 }
        hadByteOrderMark = true
        return mark.count
    }
}
