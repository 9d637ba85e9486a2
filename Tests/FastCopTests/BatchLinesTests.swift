import FastCop
import Foundation
import Testing

@Suite("Batch: lines of raw UTF-8 bytes")
struct BatchLinesTests {
    static let parallel = BatchOptions(parallelism: 4, chunkSize: 1, sequentialThreshold: 0)

    @Test("lines end at LF or CRLF; a last line without LF counts; empty lines count")
    func lineSplitting() throws {
        let text = "a@b.co\r\n\nnope\r\nzoë@x.de\nlast@line.io"
        let pattern = try Pattern(Pattern.emailSource)
        for options in [Self.parallel, BatchOptions.sequential] {
            let result = Array(text.utf8).withUnsafeBytes {
                Batch(options: options).matchLines(pattern, in: $0, wholeLine: true)
            }
            let lines = result.lines.map { String(decoding: Array(text.utf8)[$0], as: UTF8.self) }
            #expect(lines == ["a@b.co", "", "nope", "zoë@x.de", "last@line.io"])
            #expect(result.verdicts == [.match, .noMatch, .noMatch, .noMatch, .match])
            #expect(result.matchCount == 2)
            #expect(result.problems.isEmpty)
        }
    }

    @Test("invalid UTF-8 is reported per line with its offset; other lines go on")
    func invalidUTF8() throws {
        var bytes = Array("good@x.com\n".utf8)
        bytes += [0x61, 0xFF, 0x62, 0x0A]  // "a\xFFb"
        bytes += Array("also@ok.org\n".utf8)
        bytes += [0xC3]  // truncated, last line without LF
        let result = bytes.withUnsafeBytes {
            Batch(options: Self.parallel).matchLines(try! Pattern(Pattern.emailSource), in: $0, wholeLine: true)
        }
        #expect(result.verdicts == [.match, .invalidUTF8, .match, .invalidUTF8])
        #expect(result.problems.map(\.line) == [1, 3])
        #expect(result.problems.map(\.error.offset) == [1, 0])
        #expect(result.problems.allSatisfy { $0.error.kind == .invalidUTF8 })
    }

    @Test("a runaway pattern gives a limit verdict for that line only")
    func limits() throws {
        let text = "aaaa\n" + String(repeating: "a", count: 30) + "!\nb\n"
        let result = Array(text.utf8).withUnsafeBytes {
            Batch(options: Self.parallel).matchLines(try! Pattern("^(a+)+$"), in: $0)
        }
        #expect(result.verdicts == [.match, .limit, .noMatch])
        #expect(result.problems.first?.error.isLimit == true)
    }

    @Test("parallel line matching equals matching each line as a String")
    func manyLines() throws {
        let lines = (0..<30_000).map { $0 % 3 == 0 ? "n\($0)@mail.com" : $0 % 3 == 1 ? "é\($0)" : "" }
        let text = lines.joined(separator: "\n") + "\n"
        let pattern = try Pattern(Pattern.emailSource)
        let expected = try lines.map { try pattern.hasWholeMatch(in: $0) ? LineVerdict.match : .noMatch }
        let result = Array(text.utf8).withUnsafeBytes {
            Batch(options: BatchOptions(parallelism: 3, chunkSize: 16, sequentialThreshold: 0))
                .matchLines(pattern, in: $0, wholeLine: true)
        }
        #expect(result.verdicts == expected)
        let lengths = Array(text.utf8).withUnsafeBytes { Batch().mapLines(in: $0) { line, _ in line.count } }
        #expect(lengths == lines.map(\.utf8.count))
        let indices = Array(text.utf8).withUnsafeBytes { Batch().mapLines(in: $0) { _, index in index } }
        #expect(indices == Array(lines.indices))
    }

    @Test("the line reader hands out whole lines in blocks and ends cleanly")
    func reader() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fastcop-reader-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: url) }
        let lines = (0..<50_000).map { "line \($0) é" }
        try (lines.joined(separator: "\n")).write(to: url, atomically: true, encoding: .utf8)
        let reader = try UTF8LineReader(path: url.path, blockSize: 4096)
        var seen: [String] = []
        var blocks = 0
        while let block = try reader.nextBlock() {
            blocks += 1
            #expect(block.count <= 4096 + 64)
            seen += block.withUnsafeBytes { bytes in
                Batch().mapLines(in: bytes) { line, _ in String(decoding: line, as: UTF8.self) }
            }
        }
        #expect(seen == lines)
        #expect(blocks > 100)
        #expect(reader.bytesRead == lines.joined(separator: "\n").utf8.count)
        #expect(try reader.nextBlock() == nil)
    }

    @Test("a missing file is a clear error")
    func missingFile() {
        let error = #expect(throws: UTF8LineReader.ReadError.self) {
            try UTF8LineReader(path: "/nonexistent/fastcop.txt")
        }
        #expect(error?.description == "/nonexistent/fastcop.txt: No such file or directory")
    }
}
