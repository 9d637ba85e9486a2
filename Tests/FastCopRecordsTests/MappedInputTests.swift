import Foundation
import Testing

@testable import FastCopRecords

@Suite("FastCopRecords: a regular file is read through memory maps, as if it were read")
struct MappedInputTests {
    /// The records of `bytes` written to a file and read from it (mapped), and the reader's
    /// and the file's byte counts.
    static func mappedRecords(
        _ bytes: [UInt8], format: InputFormat, blockSize: Int, maxRecordBytes: Int = RecordReader.defaultMaxRecordBytes
    ) throws -> (records: [RecordsFixture.Record], bytesRead: Int, fromFile: Int, mapped: Bool) {
        var result: (records: [RecordsFixture.Record], bytesRead: Int, fromFile: Int, mapped: Bool) = ([], 0, 0, false)
        try OutputSinkTests.withFolder { folder in
            let path = "\(folder)/input,é.csv"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let input = try InputSource.open(path).decoding(nil)
            result.mapped = input.mappedFile() != nil
            let reader = RecordReader(
                source: input, splitter: format.makeSplitter(dialect: nil), blockSize: blockSize,
                maxRecordBytes: maxRecordBytes)
            while let block = try reader.next() {
                for span in block.records {
                    result.records.append(
                        RecordsFixture.Record(
                            bytes: block.bytes[span.start..<span.end], line: span.line, problem: span.problem,
                            crlf: span.endedWithCRLF))
                }
            }
            result.bytesRead = reader.bytesRead
            result.fromFile = input.bytesReadFromFile
        }
        return result
    }

    @Test(
        "the same records, lines and byte counts as a read input, whatever the window size",
        arguments: [
            ("a,b\n\"x, \"\"y\"\"\nz\",2\n3,4\n", InputFormat.csv),
            ("\u{FEFF}名前,ville\r\nZoë,Besançon\r\n\r\n\"open,1\nnext,2", .csv),
            ("a\n\n1\n\n\n", .csv),
            ("{\"email\":\"Ada@Example.com\"}\n{\"email\":\"ß@straße.de\"}", .jsonl),
            ("line one 😀\n\nline three\r\n", .lines),
            ("", .csv),
        ])
    func sameAsRead(text: String, format: InputFormat) throws {
        let bytes = Array(text.utf8)
        for blockSize in [1, 3, 7, 64, 4096, 1 << 20] {
            let mapped = try Self.mappedRecords(bytes, format: format, blockSize: blockSize)
            let read = try RecordsFixture.records(bytes, format: format, blockSize: blockSize)
            #expect(mapped.mapped || bytes.isEmpty)
            #expect(mapped.records == read, "block size \(blockSize)")
            #expect(mapped.bytesRead == bytes.count)
            #expect(mapped.fromFile == bytes.count)
        }
    }

    @Test("a window larger than a page starts where the last record ended, in the middle of a page")
    func windowsAcrossPages() throws {
        // Rows of varied lengths, so that windows start at every offset within a page.
        var text = "name,email\n"
        for row in 0..<3000 {
            text += "\"Zoë \(row), Jr.\",\(String(repeating: "x", count: row % 97))@example.com\n"
        }
        let bytes = Array(text.utf8)
        for blockSize in [4096, 5000, 65536] {
            let mapped = try Self.mappedRecords(bytes, format: .csv, blockSize: blockSize)
            #expect(mapped.records == (try RecordsFixture.records(bytes, format: .csv, blockSize: blockSize)))
            #expect(mapped.records.count == 3001)
        }
    }

    @Test("a record longer than the limit is refused in a mapped file too", arguments: [1, 7, 64, 1000])
    func recordLimit(blockSize: Int) throws {
        let text = "a,b\n" + String(repeating: "é", count: 800) + ",1\nx,2\n"
        #expect {
            _ = try Self.mappedRecords(Array(text.utf8), format: .csv, blockSize: blockSize, maxRecordBytes: 1000)
        } throws: { error in
            ((error as? RecordsError)?.message ?? "").contains("line 2 is longer than")
        }
    }

    @Test("gzip and other encodings are read, not mapped")
    func decodedInputIsRead() throws {
        try OutputSinkTests.withFolder { folder in
            let path = "\(folder)/input.csv"
            try Data([0xFF, 0xFE, 0x61, 0x00, 0x0A, 0x00]).write(to: URL(fileURLWithPath: path))
            #expect(try InputSource.open(path).decoding(nil).mappedFile() == nil)
            try Data("a\n".utf8).write(to: URL(fileURLWithPath: path))
            #expect(try InputSource.open(path).decoding(.latin1).mappedFile() == nil)
            #expect(try InputSource.open(path).decoding(nil).mappedFile() != nil)
        }
        #expect(InputSource.memory(Array("a\n".utf8), name: "sample").mappedFile() == nil)
    }

    /// `clean` maps a file and `match` reads it at offsets; both ask one question of the input
    /// (a regular file read as it is), `match` also that it was opened by path and not read yet.
    @Test("mapped (clean) and read at offsets (match): the same files, bar the ones read from")
    func mappedAndAtOffsets() throws {
        try OutputSinkTests.withFolder { folder in
            let path = "\(folder)/input.csv"
            try Data("a,b\n1,2\n".utf8).write(to: URL(fileURLWithPath: path))
            let plain = try InputSource.open(path)
            #expect(plain.readsAtOffsets)
            #expect(plain.mappedFile() != nil)
            // Looked at for a magic number (and replayed): still mapped from its start, but no
            // longer unread for reads at offsets.
            let looked = try InputSource.open(path).decoding(nil)
            #expect(!looked.readsAtOffsets)
            #expect(looked.mappedFile()?.start == 0)
            // Partly read: what is left is mapped from where reading stands.
            let partly = try InputSource.open(path)
            var byte: UInt8 = 0
            #expect(try partly.read(into: &byte, count: 1) == 1)
            #expect(!partly.readsAtOffsets)
            #expect(partly.mappedFile()?.start == 1)
            try Data().write(to: URL(fileURLWithPath: path))
            let empty = try InputSource.open(path)
            #expect(!empty.readsAtOffsets)
            #expect(empty.mappedFile() == nil)
        }
        let memory = InputSource.memory(Array("a\n".utf8), name: "sample")
        #expect(!memory.readsAtOffsets)
        #expect(memory.mappedFile() == nil)
    }

    #if os(Linux)
        @Test("a file whose size is 0 but that has text (procfs) is read, not mapped as empty")
        func procfsIsRead() throws {
            let input = try InputSource.open("/proc/self/status").decoding(nil)
            #expect(input.mappedFile() == nil)
            #expect(try !InputSource.open("/proc/self/status").readsAtOffsets)
            let reader = RecordReader(source: input, splitter: InputFormat.lines.makeSplitter(dialect: nil))
            var records = 0
            while let block = try reader.next() { records += block.records.count }
            #expect(records > 5)
        }
    #endif
}
