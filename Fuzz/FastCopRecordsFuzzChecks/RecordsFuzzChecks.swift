import FastCopRecords

/// What the records fuzzer asks of the records library for every input: read it the way the
/// row pipeline does, in blocks of two sizes, and clean it with a small rule set, then check
/// invariants that hold whatever the input: the same records whatever the block size; every
/// row in is clean or rejected; what CLEAN holds reads back as the rows that were clean, with
/// the values the rules gave them; REJECTS reads back with one row per rejected row. A rules
/// file is decoded, or refused with a line and column. A crash, an AddressSanitizer report or
/// a broken invariant is a finding.
///
/// The checks hold for any rule of what is malformed (a stray quote, a CR alone), since they
/// ask the library's own reader what each record is: they check that the parts agree, not
/// what the answer should be.
///
/// The findings are collected, not fatal: the fuzzer (`FastCopRecordsFuzz`) aborts on one so
/// that libFuzzer keeps the input, and the test suite fails the one test that replayed it.
package final class RecordsFuzzChecks {
    /// What this run found, in the order found.
    package private(set) var findings: [String] = []

    package init() {}

    /// Runs every check for `bytes`'s target and returns the findings (empty when the library
    /// behaved).
    package static func run(_ bytes: [UInt8]) -> [String] {
        let checks = RecordsFuzzChecks()
        let input = RecordsFuzzInput(bytes)
        do {
            try checks.check(input)
        } catch {
            checks.finding("unexpected error: \(error)")
        }
        return checks.findings
    }

    private func check(_ input: RecordsFuzzInput) throws {
        switch input.target {
        case .csv, .tsv, .csvWithoutQuotes, .customCSV:
            try checkDelimited(input)
        case .csvBlocks:
            try checkBlockSizes(input)
        case .jsonLines:
            try checkJSONLines(input)
        case .lines:
            try checkLines(input)
        case .rules:
            try checkRules(input)
        }
    }

    /// The records of `input`'s data, in whole blocks, after checking that blocks of the
    /// input's small size find the same ones.
    func records(_ input: RecordsFuzzInput, answeringEveryLine: Bool) throws -> RecordsProbe.Split {
        let whole = try RecordsProbe.split(
            input.data, format: input.format, dialect: input.dialect,
            answeringEveryLine: answeringEveryLine)
        let small = try RecordsProbe.split(
            input.data, format: input.format, dialect: input.dialect, blockSize: input.blockSize,
            answeringEveryLine: answeringEveryLine)
        expect(
            whole == small,
            "blocks of \(input.blockSize) bytes give other records than one block"
                + (answeringEveryLine ? " (one record per line)" : "")
                + ": \(Self.shown(small.records)) against \(Self.shown(whole.records))")
        return whole
    }

    /// The splitter alone, in the custom dialect, one record per line or not: blocks of 1 to
    /// 16 bytes and around a 64-byte chunk give the records of one block.
    private func checkBlockSizes(_ input: RecordsFuzzInput) throws {
        let everyLine = input.linesMode
        let whole = try RecordsProbe.split(
            input.data, format: .csv, dialect: input.dialect, answeringEveryLine: everyLine)
        for size in Array(1...16) + [31, 63, 64, 65, 127, 129] {
            let split = try RecordsProbe.split(
                input.data, format: .csv, dialect: input.dialect, blockSize: size, answeringEveryLine: everyLine)
            expect(
                split == whole,
                "blocks of \(size) bytes give other records than one block: \(Self.shown(split.records)) against "
                    + Self.shown(whole.records))
        }
    }

    /// Runs the row pipeline on `data` in memory.
    func clean(
        _ data: [UInt8], format: InputFormat, dialect: CSVDialect?, rules: CompiledRules, linesMode: Bool,
        workers: Int, allowMissingFields: Bool = false
    ) throws -> (summary: RunSummary, clean: [UInt8], rejects: [UInt8]) {
        let clean = OutputSink.memory(name: "clean")
        let rejects = OutputSink.memory(name: "rejects")
        var pipeline = RowPipeline(
            input: .memory(data, name: "input"), format: format, dialect: dialect, rules: rules,
            mode: linesMode ? .lines : .split, strict: false, clean: clean, rejects: rejects, progress: nil,
            workers: workers)
        pipeline.allowMissingFields = allowMissingFields
        let summary = try pipeline.run()
        return (summary, clean.contents, rejects.contents)
    }

    /// Whether `bytes` hold a control character other than tab: a row `--output-mode lines`
    /// answers as unreadable, not ok.
    static func holdsControl(_ bytes: [UInt8]) -> Bool { bytes.contains { $0 < 0x20 && $0 != UInt8(ascii: "\t") } }

    /// Checks the counts every run must give: rows in = clean + rejected, and as many rows as
    /// the reader found records (`rows`).
    func checkCounts(_ summary: RunSummary, rows: Int, blankLines: Int?) {
        expect(summary.rows == rows, "\(summary.rows) rows in, but the reader found \(rows) records")
        expect(
            summary.cleanRows + summary.rejected == summary.rows,
            "rows in \(summary.rows) != clean \(summary.cleanRows) + rejected \(summary.rejected)")
        expect(summary.malformedRows <= summary.rejected, "more malformed rows than rejected")
        if let blankLines {
            expect(
                summary.skippedBlankLines == blankLines,
                "the summary skipped \(summary.skippedBlankLines) blank lines, the reader \(blankLines)")
        }
    }

    /// The answers of `--output-mode lines`, one per row in order: the text after `ok<TAB>`,
    /// or nil for a rejected row.
    func answers(_ output: [UInt8], rows: Int, clean: Int) throws -> [[UInt8]?] {
        let lines = try RecordsProbe.split(output, format: .lines).records
        expect(lines.count == rows, "\(lines.count) answer lines for \(rows) rows")
        let ok = Array("ok\t".utf8)
        let rejected = Array("rejected\t".utf8)
        let texts = lines.map { line -> [UInt8]? in
            if line.bytes.starts(with: ok) { return Array(line.bytes.dropFirst(ok.count)) }
            expect(line.bytes.starts(with: rejected), "an answer is neither ok nor rejected: \(Self.shown(line))")
            return nil
        }
        expect(
            texts.compactMap { $0 }.count == clean,
            "\(texts.compactMap { $0 }.count) ok answers for \(clean) clean rows")
        return texts
    }

    /// A rules file naming `fields` (name and filter chain, as JSON), each optional, without
    /// trials: every row that can be read and written is clean.
    static func rules(_ fields: [(name: String, filters: String)]) -> [UInt8] {
        var seen: Set<String> = []
        let members = fields.filter { seen.insert($0.name).inserted }.map {
            "\(jsonString($0.name)): {\"optional\": true, \"filters\": \($0.filters)}"
        }
        return Array("{\"fields\": {\(members.joined(separator: ", "))}}".utf8)
    }

    /// `text` as a JSON string.
    static func jsonString(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\u{0}"..."\u{1F}":
                quoted += "\\u00" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// A field's filtered value as the `String` filters give it, nil when one throws (the
    /// pipeline then rejects the row).
    static func filtered(_ value: String, by field: CompiledField) -> String? {
        try? field.filteredAsString(value)
    }

    static func shown(_ records: [RecordsProbe.Record]) -> String {
        "[" + records.map(shown).joined(separator: ", ") + "]"
    }

    static func shown(_ record: RecordsProbe.Record) -> String {
        String(decoding: record.bytes, as: UTF8.self).debugDescription + " (line \(record.line)"
            + (record.endedWithCRLF ? ", CRLF" : "") + (record.problem.map { ", \($0)" } ?? "") + ")"
    }

    static func shown(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self).debugDescription }

    /// Records `message` as a finding unless `condition` holds; the checks go on either way.
    package func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { finding(message()) }
    }

    package func finding(_ message: String) {
        findings.append(message)
    }
}
