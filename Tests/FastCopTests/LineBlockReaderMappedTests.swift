import Testing

@testable import FastCop

/// ``LineBlockReader`` over a mapped input (``LineBlockReader/init(mapped:owner:blockSize:firstBlockSize:maxLineBytes:skipsByteOrderMark:)``),
/// as `fastcop match` reads a regular file larger than two blocks: each block a window of the
/// input; a last line without a LF copied alone with a LF after it. Memory stands in for the map.
@Suite("Line engine: blocks as windows of a mapped input")
struct LineBlockReaderMappedTests {
    /// Bytes that stay at one address for the reader's life, as a map's do.
    final class Memory {
        let bytes: UnsafeMutableBufferPointer<UInt8>
        init(_ contents: [UInt8]) {
            bytes = .allocate(capacity: contents.count)
            _ = bytes.initialize(from: contents)
        }
        deinit { bytes.deallocate() }
    }

    /// The blocks of `contents`, each with the byte that follows it in memory (nil for the last
    /// when `contents` ends with a LF: nothing follows it), and the offsets the reader gave them.
    static func blocks(
        _ contents: [UInt8], blockSize: Int = 512 * 1024, maxLineBytes: Int = LineBlockReader.defaultMaxLineBytes
    ) throws -> (blocks: [[UInt8]], after: [UInt8?], offsets: [Int]) {
        let memory = Memory(contents)
        let reader = LineBlockReader(
            mapped: UnsafeBufferPointer(memory.bytes), owner: memory, blockSize: blockSize,
            firstBlockSize: blockSize / 4, maxLineBytes: maxLineBytes)
        var result: (blocks: [[UInt8]], after: [UInt8?], offsets: [Int]) = ([], [], [])
        guard try reader.start() else { return result }
        repeat {
            let block = reader.block
            result.blocks.append(Array(block))
            let ends = reader.blockOffset + block.count == contents.count
            result.after.append(ends && contents.last == 0x0A ? nil : block.baseAddress.map { $0[block.count] })
            result.offsets.append(reader.blockOffset)
            let parts = reader.planReadAhead(parts: 2)
            for part in 0..<parts { reader.readAhead(part: part) }
            reader.finishReadAhead()
        } while try reader.advance()
        return result
    }

    @Test("the blocks are whole lines, hold every byte in order at their offsets; a LF follows the last line")
    func wholeLines() throws {
        for text in [LineBlockReaderPartsTests.text, LineBlockReaderPartsTests.text + [0x0A]] {
            let (blocks, after, offsets) = try Self.blocks(text)
            #expect(blocks.count > 3)
            #expect(Array(blocks.joined()) == text)
            for block in blocks.dropLast() { #expect(block.last == 0x0A) }
            // A window is followed by the input's next byte; a last line without a LF, copied
            // alone, by a LF.
            for index in 0..<(blocks.count - 1) {
                #expect(after[index] == text[offsets[index] + blocks[index].count])
            }
            if text.last == 0x0A {
                #expect(blocks.last?.last == 0x0A)
            } else {
                #expect(after.last == 0x0A)
                #expect(blocks.last?.contains(0x0A) == false)
            }
            #expect(offsets == Array(blocks.map(\.count).reduce(into: [0]) { $0.append($0.last! + $1) }.dropLast()))
        }
    }

    @Test("a byte order mark at the start is skipped, and the offsets count it")
    func byteOrderMark() throws {
        let text: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(String(repeating: "bom line\n", count: 200_000).utf8)
        let (blocks, _, offsets) = try Self.blocks(text)
        #expect(Array(blocks.joined()) == Array(text.dropFirst(3)))
        #expect(offsets.first == 3)
    }

    @Test("a line longer than the limit ends the reading after the blocks before it, at its offset")
    func lineTooLong() throws {
        let head = Array(String(repeating: "short line\n", count: 100_000).utf8)
        let text = head + Array(repeating: UInt8(ascii: "x"), count: 3_000_000) + [0x0A] + head
        let memory = Memory(text)
        let reader = LineBlockReader(
            mapped: UnsafeBufferPointer(memory.bytes), owner: memory, blockSize: 256 * 1024,
            firstBlockSize: 64 * 1024, maxLineBytes: 1_000_000)
        var read: [UInt8] = []
        #expect(throws: LineBlockReader.LineTooLong.self) {
            guard try reader.start() else { return }
            repeat {
                read += reader.block
                reader.readAhead()
            } while try reader.advance()
        }
        #expect(read == head)
        #expect(reader.blockOffset + reader.block.count == head.count)
    }

    @Test("an empty input has no block; one line without a newline is one block")
    func small() throws {
        #expect(try Self.blocks([]).blocks.isEmpty)
        #expect(try Self.blocks(Array("one".utf8)).blocks == [Array("one".utf8)])
    }
}
