import Testing

@testable import FastCopRecords

/// `CSVFields.parse` splits unquoted fields eight bytes at a time and `CSVFields.write` scans a
/// value the same way: both are checked here against a byte-at-a-time reading of the same rules
/// on generated records, with quotes, delimiters and padding at every offset of a word.
@Suite("FastCopRecords: CSV fields split and written a word at a time, as byte by byte")
struct CSVFieldSplitTests {
    /// A field as the reference reads it.
    struct Field: Equatable, CustomStringConvertible {
        var start: Int
        var end: Int
        var isQuoted: Bool
        var hasEscapes: Bool
        var padding: Int

        var description: String {
            "\(start)..<\(end)\(isQuoted ? " quoted" : "")\(hasEscapes ? " escaped" : "") +\(padding)"
        }
    }

    /// What the reference found: the fields and notes, or that the record is malformed.
    enum Reading: Equatable {
        case fields([Field], strayQuote: Bool, padding: Bool)
        case malformed
    }

    /// The rules of `CSVFields.parse`, one byte at a time: a quote opens a quoted field only as
    /// its first byte; a quoted field ends at a quote not followed by another; spaces and tabs
    /// after it up to the delimiter or the end are padding; other text after it is malformed; a
    /// quote inside an unquoted field is data.
    static func reference(_ record: [UInt8], delimiter: UInt8 = ASCII.comma, quote: UInt8 = ASCII.quote) -> Reading {
        var fields: [Field] = []
        var stray = false
        var padded = false
        var index = 0
        let count = record.count
        while true {
            let start = index
            if index < count && record[index] == quote {
                index += 1
                var doubled = false
                while true {
                    guard index < count else { return .malformed }
                    if record[index] == quote {
                        if index + 1 < count && record[index + 1] == quote {
                            doubled = true
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    index += 1
                }
                let closed = index
                while index < count && (record[index] == ASCII.space || record[index] == ASCII.tab) { index += 1 }
                if index < count && record[index] != delimiter { return .malformed }
                if index > closed { padded = true }
                fields.append(
                    Field(start: start, end: closed, isQuoted: true, hasEscapes: doubled, padding: index - closed))
            } else {
                while index < count && record[index] != delimiter {
                    if record[index] == quote { stray = true }
                    index += 1
                }
                fields.append(Field(start: start, end: index, isQuoted: false, hasEscapes: false, padding: 0))
            }
            if index == count { return .fields(fields, strayQuote: stray, padding: padded) }
            index += 1
        }
    }

    /// `CSVFields.parse`'s reading of `record`, in the reference's terms.
    static func parsed(_ record: [UInt8]) -> Reading {
        record.withUnsafeBufferPointer { bytes in
            var fields: [CSVField] = []
            guard let notes = try? CSVFields.parse(bytes, dialect: .csv, into: &fields) else { return .malformed }
            return .fields(
                fields.map {
                    Field(
                        start: $0.start, end: $0.end, isQuoted: $0.isQuoted, hasEscapes: $0.hasEscapes,
                        padding: Int($0.padding))
                },
                strayQuote: notes.contains(.strayQuote), padding: notes.contains(.quotePadding))
        }
    }

    /// Deterministic records over an alphabet rich in the bytes that matter, of every length up
    /// to 40 (five words).
    static func records(count: Int, seed: UInt64) -> [[UInt8]] {
        let alphabet: [UInt8] = Array("ab,,\"\"  \t\u{e9}".utf8)
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        return (0..<count).map { _ in (0..<(next() % 41)).map { _ in alphabet[next() % alphabet.count] } }
    }

    @Test("fields, notes and malformed records: the same as byte by byte on 20,000 generated records")
    func splitMatchesReference() {
        var malformed = 0
        var quoted = 0
        for record in Self.records(count: 20_000, seed: 7) {
            let expected = Self.reference(record)
            #expect(
                Self.parsed(record) == expected, "record \(String(decoding: record, as: UTF8.self).debugDescription)")
            if expected == .malformed { malformed += 1 }
            if case .fields(let fields, _, _) = expected, fields.contains(where: \.isQuoted) { quoted += 1 }
        }
        // The records reach every branch: malformed ones and quoted fields both occur.
        #expect(malformed > 1_000)
        #expect(quoted > 1_000)
    }

    @Test(
        "known records: a quote after delimiters in the same word, a stray quote, padding, a last empty field",
        arguments: [
            ("aaa,bbb,\"c,d\",e", ["aaa", "bbb", "\"c,d\"", "e"]),
            ("a,b,c,d,e,f,g,h,i,j,\"k\"", ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "\"k\""]),
            ("12345678,12\" pipe,x", ["12345678", "12\" pipe", "x"]),
            ("\"B\"  ,C,", ["\"B\"", "C", ""]),
            (",,,,,,,,,", ["", "", "", "", "", "", "", "", "", ""]),
        ])
    func knownRecords(record: String, fields: [String]) {
        let bytes = Array(record.utf8)
        guard case .fields(let read, _, _) = Self.parsed(bytes) else {
            Issue.record("\(record) read as malformed")
            return
        }
        #expect(read.map { String(decoding: bytes[$0.start..<$0.end], as: UTF8.self) } == fields)
    }

    @Test("a byte with its high bit set, or one less or more than the delimiter, is not taken for it")
    func highBytes() {
        let record: [UInt8] = [
            0xFF, 0x80, 0x7F, 0xAC, 0x2B, 0xAB, 0x2C, 0x00, 0x2C, 0x2D, 0xA2, 0x21, 0x23, 0x2C, 0x22, 0x22,
        ]
        #expect(Self.parsed(record) == Self.reference(record))
        guard case .fields(let fields, _, _) = Self.parsed(record) else {
            Issue.record("read as malformed")
            return
        }
        #expect(fields.map(\.start) == [0, 7, 9, 14])
    }

    @Test("a written field is quoted exactly when it holds a delimiter, quote, CR or LF, each quote doubled")
    func writeMatchesReference() {
        for value in Self.records(count: 5_000, seed: 11) + [Array("a\rb".utf8), Array("0123456789\n".utf8)] {
            let special = value.contains {
                [ASCII.comma, ASCII.quote, ASCII.newline, ASCII.carriageReturn].contains($0)
            }
            var expected = value
            if special {
                expected = [ASCII.quote] + value.flatMap { $0 == ASCII.quote ? [$0, $0] : [$0] } + [ASCII.quote]
            }
            var written: [UInt8] = []
            value.withUnsafeBufferPointer { CSVFields.write(utf8: $0, dialect: .csv, to: &written) }
            #expect(written == expected, "value \(String(decoding: value, as: UTF8.self).debugDescription)")
        }
    }
}
