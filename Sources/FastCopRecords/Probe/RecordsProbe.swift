/// The records library's readers and writers, for checks that run outside this module (the
/// fuzzer's checks, `Fuzz/FastCopRecordsFuzzChecks`, which cannot import it `@testable`): the
/// records a splitter finds, a record's fields and a field written back, a JSON Lines row's
/// values. Each calls the code the row pipeline runs; the pipeline does not use them.
package enum RecordsProbe {
    /// One record as the reader found it.
    package struct Record: Equatable, Sendable {
        /// The record's bytes, line ending excluded.
        package var bytes: [UInt8]
        /// The input line it starts on.
        package var line: Int
        /// What the splitter found wrong (a quoted field never closed), if anything.
        package var problem: String?
        /// Whether it ended with `\r\n`.
        package var endedWithCRLF: Bool
    }

    /// What reading a whole input found.
    package struct Split: Equatable, Sendable {
        package var records: [Record]
        /// Blank lines passed over between records.
        package var skippedBlankLines: Int
        /// Whether the input started with a UTF-8 byte order mark.
        package var hadByteOrderMark: Bool
    }

    /// The records of `input` in `format` (CSV and TSV in `dialect`), read in blocks of
    /// `blockSize` bytes (by default one block holding it all) as the pipeline reads them; one
    /// per line with `answeringEveryLine` (`--output-mode lines`).
    ///
    /// - Throws: ``RecordsError`` for a record longer than the reader waits for.
    package static func split(
        _ input: [UInt8], format: InputFormat, dialect: CSVDialect? = nil, blockSize: Int? = nil,
        answeringEveryLine: Bool = false
    ) throws -> Split {
        let reader = RecordReader(
            source: .memory(input, name: "input"),
            splitter: format.makeSplitter(answeringEveryLine: answeringEveryLine, dialect: dialect),
            blockSize: blockSize ?? input.count + 1)
        var records: [Record] = []
        while let block = try reader.next() {
            block.bytes.withUnsafeBufferPointer { bytes in
                for span in block.records {
                    records.append(
                        Record(
                            bytes: Array(bytes[span.start..<span.end]), line: span.line,
                            problem: span.problem?.description, endedWithCRLF: span.endedWithCRLF))
                }
            }
        }
        return Split(
            records: records, skippedBlankLines: reader.skippedBlankLines, hadByteOrderMark: reader.hadByteOrderMark)
    }

    /// The values of `record`'s fields in `dialect` (quotes removed, TSV escapes decoded), or
    /// why the record is malformed.
    package static func fields(of record: [UInt8], dialect: CSVDialect) -> Result<[String], RecordProblem> {
        record.withUnsafeBufferPointer { bytes in
            var fields: [CSVField] = []
            do throws(RecordProblem) {
                try CSVFields.parse(bytes, dialect: dialect, into: &fields)
            } catch {
                return .failure(error)
            }
            return .success(fields.map { CSVFields.value(of: $0, in: bytes, dialect: dialect) })
        }
    }

    /// `value` written as one field of `dialect` (quoted or escaped as the writer decides).
    package static func written(_ value: String, dialect: CSVDialect) -> [UInt8] {
        var output: [UInt8] = []
        CSVFields.write(value, dialect: dialect, to: &output)
        return output
    }

    /// Whether `dialect` can write `value` at all (without quoting or escapes, a value holding
    /// the delimiter or a line break cannot be written).
    package static func canWrite(_ value: String, dialect: CSVDialect) -> Bool {
        CSVFields.unwritableByte(in: value.utf8, dialect: dialect) == nil
    }

    /// The dialect REJECTS is written in for input in `dialect`.
    package static func rejectsDialect(of dialect: CSVDialect) -> CSVDialect { dialect.rejectsDialect }

    /// A rule field's value in a JSON Lines row, as the codec reads it.
    package enum JSONValue: Equatable, Sendable {
        case absent
        /// A string's text (escapes decoded).
        case text(String)
        /// A number or bool, as its JSON text.
        case literal(String)
        /// An object or an array.
        case unusable
    }

    /// The values of the fields `names` (dotted paths, as rules name them) in the JSON Lines
    /// row `record`, or why the row cannot be read.
    package static func jsonValues(of record: [UInt8], names: [String]) -> Result<[JSONValue], RecordProblem> {
        let codec = JSONLinesCodec(
            rules: CompiledRules(
                fields: names.map {
                    CompiledField(name: $0, filters: [], trials: [], optional: true, requiredMessage: "")
                }),
            crlf: false)
        var inputs = [FieldInput](repeating: .absent, count: names.count)
        var present = codec.makeScratch()
        return record.withUnsafeBufferPointer { bytes in
            do throws(RecordProblem) {
                try codec.read(bytes, into: &inputs, scratch: &present)
            } catch {
                return .failure(error)
            }
            return .success(
                inputs.map { input in
                    switch input {
                    case .absent: return .absent
                    case .unusable: return .unusable
                    case .literal(let text): return .literal(text)
                    case .text, .bytes: return .text(input.text(in: bytes) ?? "")
                    }
                })
        }
    }

    /// The first offset in `bytes` that is not valid UTF-8, as the pipeline checks each row.
    package static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset($0) }
    }
}

extension CompiledField {
    /// `value` run through the field's filters by their `String` code, a filter's nil read as
    /// "" (the pipeline runs them on bytes and must give the same text).
    ///
    /// - Throws: a filter's error.
    package func filteredAsString(_ value: String) throws -> String {
        var text = value
        for filter in filters { text = try filter.apply(to: text, context: nil) ?? "" }
        return text
    }
}

extension RunSummary {
    /// Rows written to CLEAN (or answered `ok`).
    package var cleanRows: Int { clean }
    /// Rejected rows that could not be read (malformed, invalid UTF-8).
    package var malformedRows: Int { malformed }
    /// Blank lines between records, which are no rows.
    package var skippedBlankLines: Int { blankLines }
}
