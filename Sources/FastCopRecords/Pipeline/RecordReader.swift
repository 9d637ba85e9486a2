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
/// A client of ``BlockSource``, which keeps the rules it shares with the line engine (ramp-up,
/// carry, growth, byte order mark, early end on a slow pipe): the reader only splits each span
/// into records (``RecordSplitter``), which finds the cut and the records at once. A regular
/// file read as it is (no gzip, no other encoding) is mapped a window at a time
/// (``MappedFile``) instead of read: a block is then part of a window, no byte is copied, and
/// an incomplete record is carried by starting the next window at it. Other inputs (stdin from a
/// pipe, decoded input, bytes in memory) are read with `read(2)` into a buffer per block, which
/// the block keeps (``BlockBytes``).
package final class RecordReader {
    /// Block size: large enough to amortize system calls and parallel dispatch, small enough
    /// to keep memory low.
    static let defaultBlockSize = 4 * 1024 * 1024
    /// The longest record the reader waits for.
    static let defaultMaxRecordBytes = 16 * 1024 * 1024
    /// The first block's size when the reader starts small (see `init`).
    static let smallFirstBlockSize = 128 * 1024

    private let source: BlockSource
    private var splitter: any RecordSplitter
    private let maxRecordBytes: Int
    /// The input's name, for an error.
    private let name: String
    /// Whether the last block was handed over before it was full because the input had no more
    /// bytes waiting (a pipe fed slowly).
    private(set) var lastBlockCameEarly = false

    /// Bytes read from the input so far.
    var bytesRead: Int { source.bytesRead }
    /// Bytes read but not yet handed out (the start of an incomplete record).
    var carried: Int { source.carried }
    /// Whether the input started with a UTF-8 byte order mark (it is not part of any record).
    var hadByteOrderMark: Bool { source.hadByteOrderMark }
    /// Blank lines between records that the splitter passed over (CSV, TSV, JSON Lines).
    var skippedBlankLines: Int { splitter.skippedBlankLines }

    /// Whether the blocks returned so far hold the whole input: nothing is left to read or split.
    var holdsWholeInput: Bool { source.holdsWholeInput }

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
        self.splitter = splitter
        self.maxRecordBytes = maxRecordBytes
        name = source.name
        var rules = BlockSource.Rules(
            blockSize: blockSize, firstBlockSize: startingSmall ? Self.smallFirstBlockSize : blockSize,
            maxUnitBytes: maxRecordBytes, unit: "record")
        rules.reusesBuffers = false  // each block keeps its bytes while workers process it
        rules.fillsFirstBlock = fillingFirstBlock
        let input: BlockSource.Input
        if let mapped = source.mappedFile() {
            MappedInputGuard.install(naming: mapped.name)
            input = .windows(mapped)
        } else {
            input = .stream(
                { try source.read(into: $0, count: $1) }, nothingWaiting: { !source.readsWithoutWaiting })
        }
        self.source = BlockSource(input, rules: rules)
    }

    /// The next block of records, or nil at the end of the input.
    ///
    /// - Throws: ``RecordsError`` for a read error or a record longer than `maxRecordBytes`.
    package func next() throws -> RecordBlock? {
        lastBlockCameEarly = false
        do {
            while let span = try source.next() {
                lastBlockCameEarly = lastBlockCameEarly || span.cameEarly
                let (records, consumed) = try split(span.bytes, atEnd: span.atEnd)
                source.consume(consumed)
                if !records.isEmpty {
                    return RecordBlock(
                        bytes: BlockBytes(UnsafeBufferPointer(rebasing: span.bytes[..<consumed]), owner: span.owner),
                        records: records)
                }
            }
            return nil
        } catch let error as BlockSource.TooLong {
            // (The splitters refuse a long record first, naming its line.)
            throw RecordsError("\(name): \(error)")
        } catch let error as BlockSource.Unfinished {
            throw RecordsError("\(name): \(error)")
        }
    }

    /// The complete records of `bytes`, and the offset of the first byte not consumed. The
    /// splitter fills room made for about one record per 64 bytes, and more while it fills it.
    private func split(_ bytes: UnsafeBufferPointer<UInt8>, atEnd: Bool) throws -> (
        records: [RecordSpan], consumed: Int
    ) {
        var records: [RecordSpan] = []
        var position = 0
        while true {
            let capacity = max(16, (bytes.count - position) / 64)
            var full = false
            let found = try [RecordSpan](unsafeUninitializedCapacity: capacity) { storage, initialized in
                var room = RecordSpanRoom(storage)
                defer { initialized = room.count }
                position = try splitter.split(
                    bytes, from: position, atEnd: atEnd, maxRecordBytes: maxRecordBytes, into: &room)
                full = room.isFull
            }
            if records.isEmpty { records = found } else { records.append(contentsOf: found) }
            if !full { return (records, position) }
        }
    }
}
