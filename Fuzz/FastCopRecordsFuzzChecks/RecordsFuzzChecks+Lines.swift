import FastCopRecords

/// Plain lines (one field, `line`) and rules files.
extension RecordsFuzzChecks {
    func checkLines(_ input: RecordsFuzzInput) throws {
        let read = try records(input, answeringEveryLine: false)
        let rules = try RulesLoader.compile(
            Self.rules([("line", RecordsFuzzInput.filterChains[input.filters.first])]), name: "rules.json",
            patternOptions: CompiledRules.lineSemantics)
        let run = try clean(
            input.data, format: .lines, dialect: nil, rules: rules, linesMode: input.linesMode, workers: input.workers)
        checkCounts(run.summary, rows: read.records.count, blankLines: 0)
        // A clean line: valid UTF-8, filtered to a value a line can hold (no LF; no CR at its
        // end unless the lines end with CRLF, the first line's ending; in `--output-mode lines`,
        // no control character but tab, which an answer line never holds raw).
        let crlf = read.records.first?.endedWithCRLF ?? false
        let expected = read.records.map { record -> [UInt8]? in
            guard RecordsProbe.firstInvalidUTF8(record.bytes) == nil,
                let value = Self.filtered(String(decoding: record.bytes, as: UTF8.self), by: rules.fields[0])
            else { return nil }
            let bytes = Array(value.utf8)
            guard !bytes.contains(UInt8(ascii: "\n")), crlf || bytes.last != UInt8(ascii: "\r") else { return nil }
            if input.linesMode && Self.holdsControl(bytes) { return nil }
            return bytes
        }
        let cleanLines: [[UInt8]?]
        if input.linesMode {
            cleanLines = try answers(run.clean, rows: read.records.count, clean: run.summary.cleanRows)
        } else {
            var written = try RecordsProbe.split(run.clean, format: .lines).records
                .makeIterator()
            cleanLines = expected.map { $0 == nil ? nil : written.next()?.bytes }
            expect(written.next() == nil, "CLEAN holds more lines than the rows that could be cleaned")
            let rejects = try RecordsProbe.split(run.rejects, format: .lines).records
            expect(
                rejects.count == run.summary.rejected,
                "REJECTS holds \(rejects.count) rows, not \(run.summary.rejected)")
        }
        expect(
            run.summary.cleanRows == expected.compactMap({ $0 }).count,
            "\(run.summary.cleanRows) clean lines, but \(expected.compactMap { $0 }.count) can be cleaned and written")
        for (index, line) in cleanLines.enumerated() where line != nil || expected[index] != nil {
            expect(
                line == expected[index],
                "line \(Self.shown(read.records[index])) is written clean as \(line.map(Self.shown) ?? "nothing"), "
                    + "not \(expected[index].map(Self.shown) ?? "nothing")")
        }
    }

    /// A rules file is decoded and compiled, or refused with `rules.json:LINE:COLUMN:` inside
    /// the text; rules that compile then clean a JSON Lines row naming every field.
    func checkRules(_ input: RecordsFuzzInput) throws {
        let rules: CompiledRules
        do {
            rules = try RulesLoader.compile(input.data, name: "rules.json")
        } catch let error as RecordsError {
            let parts = error.message.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            let lines = input.data.count(where: { $0 == UInt8(ascii: "\n") }) + 1
            guard parts.count == 4, parts[0] == "rules.json", let line = Int(parts[1]), let column = Int(parts[2])
            else { return finding("a rules error without a position: \(error.message.debugDescription)") }
            expect(
                (1...lines).contains(line) && column >= 1 && column <= input.data.count + 1,
                "a rules error at \(line):\(column), outside the text (\(lines) lines): \(error.message.debugDescription)"
            )
            return
        }
        // A row with every field as a string (a dotted name is a path, so it may be a string
        // at a shorter path instead: then the longer ones read as absent or unusable).
        let members = rules.fields.map { "\(Self.jsonString($0.name)): \"Ada x é \"" }
        let row = Array("{\(members.joined(separator: ", "))}\n".utf8)
        let run = try clean(
            row, format: .jsonl, dialect: nil, rules: rules, linesMode: false, workers: input.workers,
            allowMissingFields: true)
        checkCounts(run.summary, rows: 1, blankLines: 0)
    }
}
