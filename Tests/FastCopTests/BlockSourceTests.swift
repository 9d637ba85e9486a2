import Testing

@testable import FastCop

/// ``BlockSource``'s rules, each once, with a fake input: the ramp-up, the carry, the growth
/// to the longest unit and its error, the byte order mark, the early end on a slow stream;
/// and the same over windows of an input in memory and over reads at offsets in parts.
@Suite("Block source: the rules both block readers share")
struct BlockSourceTests {
    /// A stream that arrives in `chunks`: a read gives at most the rest of the current chunk,
    /// and nothing more is waiting once a chunk is read (a pipe fed a chunk at a time).
    final class Stream {
        private var chunks: [[UInt8]]
        private var position = 0
        private(set) var reads = 0

        init(_ chunks: [[UInt8]]) { self.chunks = chunks.filter { !$0.isEmpty } }
        convenience init(_ text: String) { self.init([Array(text.utf8)]) }

        func read(into: UnsafeMutableRawPointer, count: Int) -> Int {
            reads += 1
            guard let chunk = chunks.first else { return 0 }
            let taken = min(count, chunk.count - position)
            chunk.withUnsafeBytes { into.copyMemory(from: $0.baseAddress! + position, byteCount: taken) }
            position += taken
            if position == chunk.count {
                chunks.removeFirst()
                position = 0
            }
            return taken
        }

        /// Whether the current chunk is used up (the next read waits for the producer).
        var nothingWaiting: Bool { position == 0 }
    }

    static func rules(
        blockSize: Int, first: Int? = nil, max: Int = .max, reuses: Bool = true
    ) -> BlockSource.Rules {
        var rules = BlockSource.Rules(blockSize: blockSize, firstBlockSize: first, maxUnitBytes: max, unit: "line")
        rules.reusesBuffers = reuses
        return rules
    }

    /// What a line client sees: each span (bytes, offset, came early) and the bytes it took
    /// (up to the span's last LF; all at the end).
    static func lines(_ source: BlockSource) throws -> [(span: [UInt8], offset: Int, early: Bool, taken: Int)] {
        var seen: [(span: [UInt8], offset: Int, early: Bool, taken: Int)] = []
        while let span = try source.next() {
            let taken = span.atEnd ? span.bytes.count : (span.bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0)
            source.consume(taken)
            seen.append((Array(span.bytes), span.offset, span.cameEarly, taken))
        }
        return seen
    }

    static let text = Array((0..<400).map { "línea \($0) ß \(String(repeating: "é", count: $0 % 13))\n" }.joined().utf8)

    @Test("ramp-up: the first span is the first block's size, each next twice the last, up to the block size")
    func rampUp() throws {
        let stream = Stream([Self.text + Self.text])
        let source = BlockSource(
            .stream(stream.read, nothingWaiting: nil), rules: Self.rules(blockSize: 4096, first: 512))
        var sizes: [Int] = []
        while let span = try source.next() {
            sizes.append(span.bytes.count)
            source.consume(span.bytes.count)  // takes all: nothing carried
        }
        #expect(Array(sizes.prefix(5)) == [512, 1024, 2048, 4096, 4096])
        #expect(sizes.reduce(0, +) == 2 * Self.text.count)
        #expect(source.holdsWholeInput)
    }

    @Test("carry: the bytes a span's client left start the next span, at their input offset", arguments: [true, false])
    func carry(reuses: Bool) throws {
        let stream = Stream([Self.text])
        let source = BlockSource(
            .stream(stream.read, nothingWaiting: nil), rules: Self.rules(blockSize: 700, reuses: reuses))
        let spans = try Self.lines(source)
        #expect(spans.count > 10)
        #expect(Array(spans.map { $0.span.prefix($0.taken) }.joined()) == Self.text)
        for (span, next) in zip(spans, spans.dropFirst()) {
            #expect(next.offset == span.offset + span.taken)
            #expect(Array(next.span.prefix(span.span.count - span.taken)) == Array(span.span.dropFirst(span.taken)))
        }
    }

    @Test("growth: a span with no cut is read on, twice as large, to one byte over the longest unit; then TooLong")
    func growthToLimit() throws {
        let long = Array(repeating: UInt8(ascii: "z"), count: 40)
        func source(_ unit: Int) -> (BlockSource, Stream) {
            let stream = Stream([Array("ab\n".utf8) + Array(long.prefix(unit)) + [0x0A] + Array("end\n".utf8)])
            return (
                BlockSource(.stream(stream.read, nothingWaiting: nil), rules: Self.rules(blockSize: 8, max: 32)), stream
            )
        }
        // A unit of 32 bytes (the limit) is read: its span grows 8, 16, 32, 33.
        let (atLimit, _) = source(32)
        let spans = try Self.lines(atLimit)
        #expect(spans.map(\.span.count) == [8, 8, 16, 32, 33, 4])
        #expect(Array(spans.map { $0.span.prefix($0.taken) }.joined()).count == 3 + 33 + 4)
        // One byte more: the error names the unit, the limit and where the unit starts.
        let (over, _) = source(33)
        let error = #expect(throws: BlockSource.TooLong.self) { _ = try Self.lines(over) }
        #expect(error?.offset == 3)
        #expect(error?.description == "the line at byte 3 is longer than 32 bytes")
    }

    @Test("byte order mark: skipped at the input's very start (however the reads fall), data anywhere else")
    func byteOrderMark() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let body = Array("a,ß\n".utf8) + mark + Array("b\n".utf8)
        for chunks in [[mark + body], [[0xEF], [0xBB, 0xBF], body], [mark] + body.map { [$0] }] {
            let stream = Stream(chunks)
            let source = BlockSource(
                .stream(stream.read, nothingWaiting: { stream.nothingWaiting }), rules: Self.rules(blockSize: 64))
            let spans = try Self.lines(source)
            #expect(Array(spans.map { $0.span.prefix($0.taken) }.joined()) == body)
            #expect(spans.first?.offset == 3)
            #expect(source.hadByteOrderMark)
        }
        // Not at the start: a mark after the first unit stays, and none counts as skipped.
        let stream = Stream([Array("x\n".utf8), mark + Array("y\n".utf8)])
        let source = BlockSource(
            .stream(stream.read, nothingWaiting: { stream.nothingWaiting }), rules: Self.rules(blockSize: 64))
        let spans = try Self.lines(source)
        #expect(Array(spans.map { $0.span.prefix($0.taken) }.joined()) == Array("x\n".utf8) + mark + Array("y\n".utf8))
        #expect(!source.hadByteOrderMark)
    }

    @Test("a byte order mark skipped while a span grows: the bytes the client saw leave it out")
    func byteOrderMarkWhileGrowing() throws {
        let stream = Stream([[0xEF, 0xBB, 0xBF] + Array("\nab\n".utf8)])
        let source = BlockSource(.stream(stream.read, nothingWaiting: nil), rules: Self.rules(blockSize: 2))
        let first = try #require(try source.next())
        #expect(Array(first.bytes) == [0xEF, 0xBB])  // too few to tell
        source.consume(0)
        let grown = try #require(try source.next())
        #expect(grown.offset == 3)
        #expect(grown.seen == 0)
        #expect(Array(grown.bytes) == Array("\nab\n".utf8))
    }

    @Test("early end: from a slow stream a span ends once a LF has come and nothing waits, not before")
    func earlyEnd() throws {
        let chunks = [Array("first line\nsecond ".utf8), Array("half, no LF ".utf8), Array("ends\nthird\n".utf8)]
        let stream = Stream(chunks)
        let source = BlockSource(
            .stream(stream.read, nothingWaiting: { stream.nothingWaiting }), rules: Self.rules(blockSize: 4096))
        let spans = try Self.lines(source)
        // The first chunk ends a span (a LF came); the second has none, so the span waits for the third.
        #expect(spans.map(\.early) == [true, true])
        #expect(
            spans.map { String(decoding: $0.span.prefix($0.taken), as: UTF8.self) } == [
                "first line\n", "second half, no LF ends\nthird\n",
            ])
        // Without the question (a file), or with the first block filled (a sample), it reads full.
        let full = Stream(chunks)
        var rules = Self.rules(blockSize: 4096)
        rules.fillsFirstBlock = true
        let filled = try Self.lines(
            BlockSource(.stream(full.read, nothingWaiting: { full.nothingWaiting }), rules: rules))
        #expect(filled.first?.early == false)
        #expect(filled.first?.taken == chunks.joined().count)
    }

    @Test("early end while growing waits for twice the bytes the span had (a long unit is copied a few times)")
    func earlyEndWhileGrowing() throws {
        // A client that takes nothing until "END" has come: the unit is longer than a line.
        let pieces = (0..<6).map { Array("piece \($0)\n".utf8) } + [Array("END\n".utf8)]
        let stream = Stream(pieces)
        let source = BlockSource(
            .stream(stream.read, nothingWaiting: { stream.nothingWaiting }), rules: Self.rules(blockSize: 4096))
        var sizes: [Int] = []
        while let span = try source.next() {
            sizes.append(span.bytes.count)
            source.consume(span.atEnd || span.bytes.suffix(4).elementsEqual("END\n".utf8) ? span.bytes.count : 0)
        }
        // 8 bytes came first (a LF and nothing waiting); read on, the span waits for 16, then
        // 32, then 64 (the input ends at 52).
        #expect(sizes == [8, 16, 32, 52])
    }

    @Test("a client that takes nothing of the input's last bytes gets an error, not a loop")
    func unfinished() throws {
        let stream = Stream("no end")
        let source = BlockSource(.stream(stream.read, nothingWaiting: nil), rules: Self.rules(blockSize: 64))
        let span = try #require(try source.next())
        #expect(span.atEnd)
        source.consume(0)
        #expect(throws: BlockSource.Unfinished.self) { try source.next() }
    }

    @Test(
        "windows: the same spans as a stream gives, windows of the input; a last line without a LF copied alone, a LF after it",
        arguments: [true, false])
    func windows(endsWithNewline: Bool) throws {
        let text = [0xEF, 0xBB, 0xBF] + Self.text + (endsWithNewline ? [] : Array("last line, no LF".utf8))
        let memory = LineBlockReaderMappedTests.Memory(text)  // (stays at one address, as a map)
        var rules = Self.rules(blockSize: 1000, first: 300)
        rules.newlineAfterEnd = true
        let source = BlockSource(.windows(MappedBytes(UnsafeBufferPointer(memory.bytes), owner: memory)), rules: rules)
        var spans: [BlockSource.Span] = []
        var taken: [UInt8] = []
        while let span = try source.next() {
            let count = span.atEnd ? span.bytes.count : (span.bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0)
            source.consume(count)
            spans.append(span)
            taken += span.bytes.prefix(count)
        }
        #expect(taken == Array(text.dropFirst(3)))
        #expect(spans.map(\.atEnd) == Array(repeating: false, count: spans.count - 1) + [true])
        let windows = endsWithNewline ? spans : spans.dropLast()
        for span in windows {
            #expect(span.bytes.baseAddress.map { $0 - UnsafePointer(memory.bytes.baseAddress!) } == span.offset)
        }
        let stream = Stream([text])
        let read = try Self.lines(BlockSource(.stream(stream.read, nothingWaiting: nil), rules: rules))
        if endsWithNewline {
            #expect(spans.map { Array($0.bytes) } == read.map(\.span))
            #expect(spans.map(\.offset) == read.map(\.offset))
        } else {
            // The stream's last span, whole lines and the last one, is here two: the lines, then the last.
            let last = try #require(spans.last)
            #expect(String(decoding: last.bytes, as: UTF8.self) == "last line, no LF")
            #expect(last.bytes.baseAddress.map { $0 - UnsafePointer(memory.bytes.baseAddress!) } != last.offset)
            #expect(last.bytes.baseAddress?[last.bytes.count] == 0x0A)
            #expect(spans.dropLast(2).map { Array($0.bytes) } == read.dropLast().map(\.span))
            let lines = spans[spans.count - 2]
            #expect(lines.bytes.last == 0x0A)
            #expect(Array(lines.bytes) + Array(last.bytes) == read.last?.span)
        }
    }

    @Test("windows: a client for which no LF of the last bytes is a cut gets them all at once, a LF after them")
    func windowsWithoutCut() throws {
        let text = Array("one unit\nacross\nlines, no LF at its end".utf8)
        let memory = LineBlockReaderMappedTests.Memory(text)
        var rules = Self.rules(blockSize: 1000)
        rules.newlineAfterEnd = true
        let source = BlockSource(.windows(MappedBytes(UnsafeBufferPointer(memory.bytes), owner: memory)), rules: rules)
        var spans: [BlockSource.Span] = []
        while let span = try source.next() {
            source.consume(span.atEnd ? span.bytes.count : 0)  // takes nothing until the end
            spans.append(span)
        }
        #expect(spans.count == 2)
        #expect(spans.last.map { Array($0.bytes) } == text)
        #expect(spans.last?.bytes.baseAddress?[text.count] == 0x0A)
    }

    @Test("reads at offsets in parts: the same spans as one read", arguments: [2, 3, 7])
    func parts(parts: Int) throws {
        let text = Self.text + Self.text + Self.text
        func readAt(_ into: UnsafeMutableRawPointer, _ count: Int, _ offset: Int) -> Int {
            let taken = max(0, min(count, text.count - offset))
            text.withUnsafeBytes { into.copyMemory(from: $0.baseAddress! + offset, byteCount: taken) }
            return taken
        }
        let rules = Self.rules(blockSize: 8192, first: 1024)
        let source = BlockSource(.offsets(readAt), rules: rules)
        var spans: [[UInt8]] = []
        var planned = 0
        while true {
            if let read = try source.planParts(parts) {
                planned += 1
                for part in read.parts.indices { read.read(part: part) }
            }
            guard let span = try source.next() else { break }
            let taken = span.atEnd ? span.bytes.count : (span.bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0)
            source.consume(taken)
            spans.append(Array(span.bytes))
        }
        #expect(planned > 0)
        let whole = try Self.lines(BlockSource(.offsets(readAt), rules: rules))
        #expect(spans == whole.map(\.span))
    }
}
