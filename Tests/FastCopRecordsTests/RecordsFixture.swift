@testable import FastCopRecords

/// Runs the records library in process: reads records of a format, or cleans an input with
/// rules, all in memory.
enum RecordsFixture {
    /// One record as the reader found it.
    struct Record: Equatable {
        var bytes: [UInt8]
        var line: Int
        var problem: RecordProblem?
        var crlf: Bool

        /// The record's text (invalid UTF-8 shown as U+FFFD).
        var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// What a run of the pipeline produced.
    struct Run {
        var clean: [UInt8]
        var rejects: [UInt8]
        var summary: RunSummary

        var cleanText: String { String(decoding: clean, as: UTF8.self) }
        var rejectsText: String { String(decoding: rejects, as: UTF8.self) }
    }

    /// The records of `input` in `format`, read in blocks of `blockSize` bytes (small, so that
    /// records are carried from block to block); one per line with `answeringEveryLine`.
    static func records(
        _ input: [UInt8], format: InputFormat, dialect: CSVDialect? = nil, blockSize: Int = 5,
        answeringEveryLine: Bool = false
    ) throws -> [Record] {
        try RecordsProbe.split(
            input, format: format, dialect: dialect, blockSize: blockSize, answeringEveryLine: answeringEveryLine
        ).records.map {
            Record(
                bytes: $0.bytes, line: $0.line, problem: $0.problem.map(RecordProblem.init(description:)),
                crlf: $0.endedWithCRLF)
        }
    }

    static func records(_ input: String, format: InputFormat) throws -> [Record] {
        try records(Array(input.utf8), format: format)
    }

    /// Cleans `input` (named `name`, in `format` and `dialect`) with `rules` (a rules file's
    /// text).
    ///
    /// - Parameters:
    ///   - vocabulary: ``RulesVocabulary/tableSchema`` when `rules` is a Table Schema.
    ///   - workers: the threads that judge rows (all cores when nil).
    ///   - uniqueKeysMemory: the most memory the keys kept to find duplicates may take.
    static func run(
        _ input: [UInt8], format: InputFormat, dialect: CSVDialect? = nil, rules: String, mode: OutputMode = .split,
        strict: Bool = false, name: String = "input", vocabulary: RulesVocabulary = .rules, workers: Int? = nil,
        uniqueKeysMemory: Int? = nil
    ) throws -> Run {
        let compiled = try RulesLoader.compile(Array(rules.utf8), name: "rules.json", vocabulary: vocabulary)
        let clean = OutputSink.memory(name: "clean")
        let rejects = OutputSink.memory(name: "rejects")
        var pipeline = RowPipeline(
            input: .memory(input, name: name), format: format, dialect: dialect, rules: compiled, mode: mode,
            strict: strict, clean: clean, rejects: rejects, progress: nil, workers: workers)
        if let uniqueKeysMemory { pipeline.uniqueKeysMemoryLimit = uniqueKeysMemory }
        let summary = try pipeline.run()
        return Run(clean: clean.contents, rejects: rejects.contents, summary: summary)
    }

    /// Cleans `input` with a Table Schema (`schema`'s text).
    static func run(
        _ input: String, format: InputFormat = .csv, schema: String, mode: OutputMode = .split, workers: Int? = nil
    ) throws -> Run {
        try run(
            Array(input.utf8), format: format, rules: schema, mode: mode, vocabulary: .tableSchema, workers: workers)
    }

    static func run(
        _ input: String, format: InputFormat, dialect: CSVDialect? = nil, rules: String, mode: OutputMode = .split,
        strict: Bool = false
    ) throws -> Run {
        try run(Array(input.utf8), format: format, dialect: dialect, rules: rules, mode: mode, strict: strict)
    }

    /// Rules that trim and lowercase `field` and require an email address there.
    static func emailRules(field: String = "email") -> String {
        #"{"fields": {"\#(field)": {"filters": ["trim", "lowercase"], "trials": ["email"], "message": "Invalid email"}}}"#
    }
}
