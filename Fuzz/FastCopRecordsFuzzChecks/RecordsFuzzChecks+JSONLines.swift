import FastCopRecords

/// JSON Lines: the line splitter, the scanner (through the codec) and the pipeline.
extension RecordsFuzzChecks {
    func checkJSONLines(_ input: RecordsFuzzInput) throws {
        let split = try records(input, answeringEveryLine: false)
        let everyLine = try records(input, answeringEveryLine: true)
        let read = input.linesMode ? everyLine : split
        let names = input.jsonNames
        let chains = RecordsFuzzInput.filterChains
        let rules = try RulesLoader.compile(
            Self.rules([
                (names[0], chains[input.filters.first]), (names[1], chains[input.filters.second]), (names[2], "[]"),
            ]),
            name: "rules.json")
        let run = try clean(
            input.data, format: .jsonl, dialect: nil, rules: rules, linesMode: input.linesMode, workers: input.workers)
        checkCounts(run.summary, rows: read.records.count, blankLines: input.linesMode ? nil : split.skippedBlankLines)
        let fieldNames = rules.fields.map(\.name)
        // What each row must read back as when clean: strings filtered, the rest as they were;
        // nil when it cannot be read or cleaned (invalid UTF-8, not an object, an object or
        // array where a rule field is, a filter that gives nothing), or in `--output-mode lines`
        // when the row holds a control character but tab (a CR as JSON whitespace), which an
        // answer line never holds raw (changed values are written escaped).
        let expected = read.records.map { record -> [RecordsProbe.JSONValue]? in
            guard RecordsProbe.firstInvalidUTF8(record.bytes) == nil,
                !(input.linesMode && Self.holdsControl(record.bytes)),
                let values = try? RecordsProbe.jsonValues(of: record.bytes, names: fieldNames).get()
            else { return nil }
            var cleaned: [RecordsProbe.JSONValue] = []
            for (field, value) in zip(rules.fields, values) {
                switch value {
                case .unusable: return nil
                case .absent, .literal: cleaned.append(value)
                case .text(let text):
                    guard let filtered = Self.filtered(text, by: field) else { return nil }
                    cleaned.append(.text(filtered))
                }
            }
            return cleaned
        }
        expect(
            run.summary.cleanRows == expected.compactMap({ $0 }).count,
            "\(run.summary.cleanRows) clean rows, but \(expected.compactMap { $0 }.count) can be read and cleaned")
        if input.linesMode {
            let texts = try answers(run.clean, rows: read.records.count, clean: run.summary.cleanRows)
            for (index, text) in texts.enumerated() where index < expected.count {
                checkJSONRow(text, expected: expected[index], names: fieldNames, of: read.records[index])
            }
            return
        }
        let written = try RecordsProbe.split(run.clean, format: .jsonl).records
        let cleanRows = read.records.indices.filter { expected[$0] != nil }
        expect(written.count == cleanRows.count, "CLEAN reads back as \(written.count) rows, not \(cleanRows.count)")
        for (index, back) in zip(cleanRows, written) {
            checkJSONRow(back.bytes, expected: expected[index], names: fieldNames, of: read.records[index])
        }
        let rejects = try RecordsProbe.split(run.rejects, format: .jsonl).records
        expect(
            rejects.count == run.summary.rejected, "REJECTS holds \(rejects.count) rows, not \(run.summary.rejected)")
        for reject in rejects {
            let values = try? RecordsProbe.jsonValues(of: reject.bytes, names: ["_row", "_line"]).get()
            expect(
                RecordsProbe.firstInvalidUTF8(reject.bytes) == nil && values != nil,
                "a REJECTS row is not a JSON object in UTF-8: \(Self.shown(reject))")
        }
    }

    /// A clean row written as `text` reads back with the `expected` values of `record`.
    private func checkJSONRow(
        _ text: [UInt8]?, expected: [RecordsProbe.JSONValue]?, names: [String], of record: RecordsProbe.Record
    ) {
        guard let text else { return }
        let read = try? RecordsProbe.jsonValues(of: text, names: names).get()
        expect(
            expected != nil && read == expected && RecordsProbe.firstInvalidUTF8(text) == nil,
            "row \(Self.shown(record)) is written clean as \(Self.shown(text)), which reads as "
                + "\(read.map { "\($0)" } ?? "no JSON object"), not \(expected.map { "\($0)" } ?? "unreadable")")
    }
}
