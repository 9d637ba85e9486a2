import Dispatch
import Testing

@testable import FastCop

/// ``LineBlockReader`` reading a regular file at offsets, each next block in parts that workers
/// read at once (``LineBlockReader/planReadAhead(parts:)``), as `fastcop match` reads files.
@Suite("Line engine: a block read in parts")
struct LineBlockReaderPartsTests {
    struct Failure: Error, Equatable {}

    /// A file in memory read with `pread` semantics: `available` bytes (the file may shrink
    /// while it is read), failing at `failAt` when given.
    final class File: @unchecked Sendable {
        let bytes: [UInt8]
        var available: Int
        let failAt: Int?

        init(_ bytes: [UInt8], available: Int? = nil, failAt: Int? = nil) {
            self.bytes = bytes
            self.available = available ?? bytes.count
            self.failAt = failAt
        }

        func read(into: UnsafeMutableRawPointer, count: Int, at offset: Int) throws -> Int {
            if let failAt, offset <= failAt && failAt < offset + count { throw Failure() }
            let taken = max(0, min(count, available - offset))
            bytes.withUnsafeBytes { if taken > 0 { into.copyMemory(from: $0.baseAddress! + offset, byteCount: taken) } }
            return taken
        }
    }

    /// The blocks a reader hands out, reading each next block in up to `parts` parts (run at
    /// once, on the dispatch pool) after the first; `shrink` runs after the first block.
    static func blocks(
        _ file: File, blockSize: Int, parts: Int, shrink: (() -> Void)? = nil
    ) throws -> [[UInt8]] {
        let reader = LineBlockReader(blockSize: blockSize, firstBlockSize: blockSize / 4) {
            try file.read(into: $0, count: $1, at: $2)
        }
        var blocks: [[UInt8]] = []
        guard try reader.start() else { return blocks }
        shrink?()
        repeat {
            blocks.append(Array(reader.block))
            let count = reader.planReadAhead(parts: parts)
            DispatchQueue.concurrentPerform(iterations: count) { reader.readAhead(part: $0) }
            reader.finishReadAhead()
        } while try reader.advance()
        return blocks
    }

    /// Lines of many lengths (non-ASCII, one longer than the blocks), no final newline.
    static let text: [UInt8] = {
        var text: [UInt8] = []
        for index in 0..<30_000 {
            text += Array("línea \(index) café \(String(repeating: "ß", count: index % 37))\n".utf8)
            if index == 12_345 { text += Array(String(repeating: "z", count: 700_000).utf8) + [0x0A] }
        }
        return text + Array("the end, no newline ✓".utf8)
    }()

    @Test("the blocks are whole lines and hold every byte, in order, for any number of parts", arguments: [1, 2, 3, 8])
    func wholeLines(parts: Int) throws {
        let blocks = try Self.blocks(File(Self.text), blockSize: 512 * 1024, parts: parts)
        #expect(blocks.count > 3)
        #expect(Array(blocks.joined()) == Self.text)
        for block in blocks.dropLast() { #expect(block.last == 0x0A) }
        // The same blocks as one sequential read.
        #expect(try Self.blocks(File(Self.text), blockSize: 512 * 1024, parts: 1) == blocks)
    }

    @Test("a file that shrinks while it is read ends where it now ends, with whole lines before")
    func shrinks() throws {
        let file = File(Self.text)
        let end = 1_000_000
        let blocks = try Self.blocks(file, blockSize: 512 * 1024, parts: 4) { file.available = end }
        #expect(Array(blocks.joined()) == Array(Self.text[..<end]))
    }

    @Test("an error in one part is thrown by advance(), not lost")
    func errorInPart() throws {
        let file = File(Self.text, failAt: 900_000)
        #expect(throws: Failure.self) { try Self.blocks(file, blockSize: 512 * 1024, parts: 4) }
    }

    @Test("a byte order mark at the start is skipped, as in a sequential read")
    func byteOrderMark() throws {
        let blocks = try Self.blocks(File([0xEF, 0xBB, 0xBF] + Self.text), blockSize: 512 * 1024, parts: 2)
        #expect(Array(blocks.joined()) == Self.text)
    }
}
