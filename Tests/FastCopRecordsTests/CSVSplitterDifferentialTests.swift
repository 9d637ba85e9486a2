import Testing

@testable import FastCopRecords

/// The CSV splitter finds line breaks and quotes with bit masks of 64-byte chunks; these tests hold it to the
/// rules it had when it looked at one byte at a time (the reference below), on generated
/// inputs full of quotes, delimiters, CR, LF and non-ASCII text, read in blocks of every size.
@Suite("FastCopRecords: the CSV splitter against a byte-at-a-time reference")
struct CSVSplitterDifferentialTests {
    /// The records of the whole of `input` by the byte-at-a-time rules: a quote opens a quoted
    /// field only at the start of a field; inside one, a doubled quote is a quote and a single
    /// one closes it; an unclosed quote cuts the record at the end of its first line. With
    /// `oneLine` (`--output-mode lines`), blank lines are records and a quote still open at a
    /// line's end is unclosed.
    static func reference(
        _ input: [UInt8], delimiter: UInt8 = ASCII.comma, quote: UInt8 = ASCII.quote, oneLine: Bool = false
    ) -> [RecordsFixture.Record] {
        var records: [RecordsFixture.Record] = []
        var start = 0
        var line = 1
        func add(_ end: Int, newlines: Int, hasNewline: Bool, problem: RecordProblem? = nil) {
            var last = end
            let crlf = hasNewline && last > start && input[last - 1] == ASCII.carriageReturn
            // A CR before the LF is the line end's; so is a CR that ends the input, in a
            // well-formed record (a malformed one keeps its bytes).
            let endsInputWithCR =
                !hasNewline && problem == nil && last > start && input[last - 1] == ASCII.carriageReturn
            if crlf || endsInputWithCR { last -= 1 }
            if last > start || problem != nil || oneLine {
                records.append(
                    RecordsFixture.Record(bytes: Array(input[start..<last]), line: line, problem: problem, crlf: crlf))
            }
            line += 1 + newlines
        }
        // One line per record: after a line cut inside a quoted field, the next line holding a
        // quote continues that field (malformed), and the carry goes on while it leaves one open.
        var cut = false
        while start < input.count {
            if cut {
                let newline = input[start...].firstIndex(of: ASCII.newline) ?? input.count
                var last = newline
                if newline < input.count && last > start && input[last - 1] == ASCII.carriageReturn { last -= 1 }
                let lineBytes = Array(input[start..<last])
                if lineBytes.contains(quote) {
                    var open = true
                    var index = 0
                    while index < lineBytes.count {
                        if lineBytes[index] == quote {
                            if open && index + 1 < lineBytes.count && lineBytes[index + 1] == quote {
                                index += 2
                                continue
                            }
                            if open { open = false } else if lineBytes[index - 1] == delimiter { open = true }
                        }
                        index += 1
                    }
                    add(newline, newlines: 0, hasNewline: newline < input.count, problem: .continuesQuotedField)
                    cut = open
                } else {
                    add(newline, newlines: 0, hasNewline: newline < input.count)
                }
                start = min(input.count, newline + 1)
                continue
            }
            var index = start
            var inQuotes = false
            var atFieldStart = true
            var newlines = 0
            while index < input.count {
                let byte = input[index]
                if inQuotes {
                    if byte == quote {
                        if index + 1 < input.count && input[index + 1] == quote {
                            index += 2
                            continue
                        }
                        inQuotes = false
                    } else if byte == ASCII.newline {
                        if oneLine { break }
                        newlines += 1
                    }
                } else if byte == ASCII.newline {
                    break
                } else if byte == quote && atFieldStart {
                    inQuotes = true
                    atFieldStart = false
                } else {
                    atFieldStart = byte == delimiter
                }
                index += 1
            }
            if index < input.count && !inQuotes {
                add(index, newlines: newlines, hasNewline: true)
                start = index + 1
            } else if !inQuotes {
                add(input.count, newlines: newlines, hasNewline: false)
                start = input.count
            } else {
                let firstNewline = input[start...].firstIndex(of: ASCII.newline) ?? input.count
                add(firstNewline, newlines: 0, hasNewline: firstNewline < input.count, problem: .unterminatedQuote)
                start = min(input.count, firstNewline + 1)
                cut = oneLine
            }
        }
        return records
    }

    /// `count` inputs of up to `length` pieces, from a fixed seed.
    static func inputs(
        count: Int, length: Int, seed: UInt64,
        pieces: [String] = ["a", "é", ",", ",", "\"", "\"", "\"\"", "\n", "\r\n", "\r", " ", "ß"]
    ) -> [[UInt8]] {
        let pieces = pieces.map { Array($0.utf8) }
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        return (0..<count).map { _ in
            (0..<(next() % length)).flatMap { _ in pieces[next() % pieces.count] }
        }
    }

    @Test("the same records, lines, problems and line endings, whatever the block size", arguments: [1, 2, 3, 7, 64])
    func agreesWithReference(blockSize: Int) throws {
        for input in Self.inputs(count: 400, length: 40, seed: UInt64(blockSize)) {
            let records = try RecordsFixture.records(input, format: .csv, blockSize: blockSize)
            #expect(
                records == Self.reference(input), "input: \(String(decoding: input, as: UTF8.self).debugDescription)")
        }
    }

    @Test(
        "long inputs in blocks of many 64-byte chunks (the splitter's bit masks): the same records",
        arguments: [65, 200, 1000, 1 << 20])
    func agreesWithReferenceOnLongInputs(blockSize: Int) throws {
        for input in Self.inputs(count: 150, length: 400, seed: UInt64(blockSize) &+ 7) {
            let records = try RecordsFixture.records(input, format: .csv, blockSize: blockSize)
            #expect(
                records == Self.reference(input), "input: \(String(decoding: input, as: UTF8.self).debugDescription)")
        }
    }

    /// Pieces of mostly well-formed CSV (quoted fields with delimiters, doubled quotes and line
    /// breaks; long plain runs; now and then a stray or unclosed quote, a blank line, CRLF), so
    /// that most records are split from whole 64-byte chunks' masks and some are not.
    static let formedPieces = [
        "plain text ", "é ß", ",", ",", "\n", "\n", "\r\n", "\"x, y\"", "\"a \"\"b\"\" c\"", "\"two\nlines\"", "\"\"",
        "\"\"\"q\"\"\"", "\n\n", "\r", "a\"b", "\"open", String(repeating: "z", count: 70),
    ]

    @Test(
        "mostly well-formed CSV, split from whole chunks' bit masks: the same records",
        arguments: [1, 63, 64, 65, 200, 4096, 1 << 20])
    func agreesWithReferenceOnFormedInputs(blockSize: Int) throws {
        for input in Self.inputs(count: 300, length: 300, seed: UInt64(blockSize) &+ 11, pieces: Self.formedPieces) {
            let records = try RecordsFixture.records(input, format: .csv, blockSize: blockSize)
            #expect(
                records == Self.reference(input), "input: \(String(decoding: input, as: UTF8.self).debugDescription)")
        }
    }

    @Test(
        "one record per line (--output-mode lines): the same records, whatever the block size",
        arguments: [1, 3, 64, 65, 200, 4096, 1 << 20])
    func oneLinePerRecord(blockSize: Int) throws {
        let inputs =
            Self.inputs(count: 150, length: 300, seed: UInt64(blockSize) &+ 3, pieces: Self.formedPieces)
            + Self.inputs(count: 150, length: 40, seed: UInt64(blockSize) &+ 5)
        for input in inputs {
            let records = try RecordsFixture.records(
                input, format: .csv, blockSize: blockSize, answeringEveryLine: true)
            #expect(
                records == Self.reference(input, oneLine: true),
                "input: \(String(decoding: input, as: UTF8.self).debugDescription)")
            #expect(records.allSatisfy { !$0.bytes.contains(ASCII.newline) })
        }
    }

    @Test(
        "a block with more records than the room first made for them (one per 64 bytes) loses none",
        arguments: [InputFormat.csv, .lines])
    func manyShortRecords(format: InputFormat) throws {
        let input = Array((1...3000).map { "\($0),é\n" }.joined().utf8)
        let records = try RecordsFixture.records(input, format: format, blockSize: 1 << 20)
        #expect(records.count == 3000)
        #expect(records.map(\.line) == Array(1...3000))
        #expect(records.last?.text == "3000,é")
    }

    @Test(
        "another delimiter and quote, ';' and ''', on mostly well-formed CSV (commas as data) in large blocks",
        arguments: [64, 1 << 20])
    func otherDialectFormed(blockSize: Int) throws {
        let dialect = CSVDialect(delimiter: UInt8(ascii: ";"), quote: UInt8(ascii: "'"))
        for input in Self.inputs(count: 150, length: 300, seed: 5, pieces: Self.formedPieces) {
            // Every other comma becomes the delimiter; the rest stay, as data.
            let swapped = input.enumerated().map { offset, byte -> UInt8 in
                switch byte {
                case ASCII.comma where offset % 2 == 0: return UInt8(ascii: ";")
                case ASCII.quote: return UInt8(ascii: "'")
                default: return byte
                }
            }
            let records = try RecordsFixture.records(swapped, format: .csv, dialect: dialect, blockSize: blockSize)
            #expect(records == Self.reference(swapped, delimiter: UInt8(ascii: ";"), quote: UInt8(ascii: "'")))
        }
    }

    @Test("another delimiter and quote: ';' and '''")
    func otherDialect() throws {
        let dialect = CSVDialect(delimiter: UInt8(ascii: ";"), quote: UInt8(ascii: "'"))
        for input in Self.inputs(count: 200, length: 30, seed: 99) {
            let swapped = input.map { byte -> UInt8 in
                switch byte {
                case ASCII.comma: return UInt8(ascii: ";")
                case ASCII.quote: return UInt8(ascii: "'")
                default: return byte
                }
            }
            let records = try RecordsFixture.records(swapped, format: .csv, dialect: dialect, blockSize: 3)
            #expect(records == Self.reference(swapped, delimiter: UInt8(ascii: ";"), quote: UInt8(ascii: "'")))
        }
    }
}
