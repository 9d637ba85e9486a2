/// The line ends and quotes of a block of CSV, found 64 bytes at a time for the splitter: each
/// 64-byte chunk is compared once, into a bit mask of its `\n` bytes and one of its quotes, and
/// the records that start and end in it are found from the masks (a record of 75 bytes costs a
/// chunk and a bit more, where a scan per record read the chunk that holds its end again for
/// the next record).
///
/// The masks are ``ChunkBits``'.
struct CSVStructureScan {
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private let quote: UInt8
    /// The offset of the chunk whose masks are loaded (a multiple of 64; -64 before the first).
    private var chunk = -64
    /// Bit `i`: the byte at `chunk + i` is `\n`.
    private var lineEnds: UInt64 = 0
    /// Bit `i`: the byte at `chunk + i` is the quote.
    private var quotes: UInt64 = 0

    /// A scan of `bytes` for `\n` and `quote`.
    init(_ bytes: UnsafeBufferPointer<UInt8>, quote: UInt8) {
        // An empty buffer has no base address: any pointer will do, no byte is read.
        base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        count = bytes.count
        self.quote = quote
    }

    /// The offset of the first `\n` or quote at or after `index`, or the buffer's size when
    /// there is none.
    @inline(__always)
    mutating func nextLineEndOrQuote(from index: Int) -> Int {
        var start = load(index)
        var found = (lineEnds | quotes) & (~0 as UInt64) << UInt64(index - start)
        while found == 0 {
            start += 64
            guard start < count else { return count }
            load(start)
            found = lineEnds | quotes
        }
        return start + found.trailingZeroBitCount
    }

    /// The offset of the first quote at or after `index` (the buffer's size when there is none),
    /// and the number of `\n` bytes from `index` up to it.
    @inline(__always)
    mutating func nextQuote(from index: Int) -> (offset: Int, newlines: Int) {
        var start = load(index)
        var from: UInt64 = ~0 << UInt64(index - start)
        var newlines = 0
        while quotes & from == 0 {
            newlines += (lineEnds & from).nonzeroBitCount
            start += 64
            guard start < count else { return (count, newlines) }
            load(start)
            from = ~0
        }
        let at = (quotes & from).trailingZeroBitCount
        newlines += (lineEnds & from & ((1 as UInt64) << UInt64(at) &- 1)).nonzeroBitCount
        return (start + at, newlines)
    }

    /// Loads the masks of the chunk that holds `index` (unless they are loaded); returns its
    /// offset.
    @inline(__always) @discardableResult
    private mutating func load(_ index: Int) -> Int {
        let start = index & ~63
        if start != chunk {
            chunk = start
            if start + 64 <= count {
                (lineEnds, quotes) = Self.masks(base + start, quote)
            } else {
                lineEnds = 0
                quotes = 0
                for offset in 0..<max(0, count - start) {
                    let byte = base[start + offset]
                    if byte == ASCII.newline { lineEnds |= 1 << UInt64(offset) }
                    if byte == quote { quotes |= 1 << UInt64(offset) }
                }
            }
        }
        return start
    }

    /// The masks of the 64 bytes at `at`: bit `i` set where byte `i` is `\n`, and where it is
    /// `quote`.
    @inline(__always)
    private static func masks(_ at: UnsafePointer<UInt8>, _ quote: UInt8) -> (UInt64, UInt64) {
        (ChunkBits.of(ASCII.newline, at: at), ChunkBits.of(quote, at: at))
    }
}
