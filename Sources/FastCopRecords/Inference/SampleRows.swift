/// Reads a sample's records into ``SampleProfile``s as `clean` reads them (the same CSV fields
/// and JSON values), one run of records per worker.
enum SampleRows {
    /// Profiles the CSV or TSV records `records` of `bytes` with `width` columns named `names`.
    static func csv(
        _ records: ArraySlice<RecordSpan>, in bytes: UnsafeBufferPointer<UInt8>, dialect: CSVDialect,
        names: [String], options: InferenceOptions
    ) -> SampleProfile {
        var profile = SampleProfile(names: names, options: options)
        var fields: [CSVField] = []
        var row = RowValues()
        for span in records {
            if let problem = span.problem {
                profile.addMalformed(line: span.line, problem: problem.description)
                continue
            }
            let record = UnsafeBufferPointer(rebasing: bytes[span.start..<span.end])
            if let bad = UTF8Validation.firstInvalidOffset(record) {
                profile.addMalformed(line: span.line, problem: "invalid UTF-8 at byte \(bad + 1)")
                continue
            }
            do throws(RecordProblem) {
                try CSVFields.parse(record, dialect: dialect, into: &fields)
            } catch {
                profile.addMalformed(line: span.line, problem: error.description)
                continue
            }
            guard fields.count == names.count else {
                profile.addMalformed(
                    line: span.line, problem: "malformed CSV: \(fields.count) fields, the header has \(names.count)")
                continue
            }
            row.reset()
            for (column, field) in fields.enumerated() {
                if field.hasEscapes {
                    row.append(column: column, CSVFields.value(of: field, in: record, dialect: dialect).utf8)
                } else {
                    let value = field.isQuoted ? (field.start + 1)..<(field.end - 1) : field.start..<field.end
                    row.append(column: column, record[value])
                }
            }
            profile.addRow(row)
        }
        return profile
    }

    /// Profiles the JSON Lines records `records` of `bytes`: every member of every object, nested
    /// objects' members as dotted paths.
    static func jsonLines(
        _ records: ArraySlice<RecordSpan>, in bytes: UnsafeBufferPointer<UInt8>, options: InferenceOptions
    ) -> SampleProfile {
        var profile = SampleProfile(names: [], options: options)
        var row = RowValues()
        for span in records {
            let record = UnsafeBufferPointer(rebasing: bytes[span.start..<span.end])
            if let bad = UTF8Validation.firstInvalidOffset(record) {
                profile.addMalformed(line: span.line, problem: "invalid UTF-8 at byte \(bad + 1)")
                continue
            }
            row.reset()
            var scanner = JSONScanner(record)
            do throws(JSONProblem) {
                scanner.skipWhitespace()
                guard scanner.current == UInt8(ascii: "{") else {
                    throw scanner.problem("expected a JSON object '{'\(scanner.found)")
                }
                try members(&scanner, prefix: "", record: record, row: &row, profile: &profile)
                scanner.skipWhitespace()
                guard scanner.isAtEnd else { throw scanner.problem("text after the object") }
            } catch {
                profile.addMalformed(
                    line: span.line, problem: "invalid JSON: \(error.message) at column \(error.offset + 1)")
                continue
            }
            profile.addRow(row)
        }
        return profile
    }

    /// Reads the object whose `{` is at the cursor, each member a column named `prefix` + its
    /// key; an object's members are columns of their own.
    private static func members(
        _ scanner: inout JSONScanner, prefix: String, record: UnsafeBufferPointer<UInt8>, row: inout RowValues,
        profile: inout SampleProfile
    ) throws(JSONProblem) {
        try scanner.scanMembers { keyRange, keyEscapes, range, kind throws(JSONProblem) in
            let key = try JSONStrings.decode(
                UnsafeBufferPointer(rebasing: record[keyRange]), hasEscapes: keyEscapes, offset: keyRange.lowerBound)
            let name = prefix + JSONFieldPath.escaped(key)
            let column = profile.column(named: name)
            switch kind {
            case .string(let escapes):
                let content = UnsafeBufferPointer(rebasing: record[(range.lowerBound + 1)..<(range.upperBound - 1)])
                if escapes {
                    let text = try JSONStrings.decode(content, hasEscapes: true, offset: range.lowerBound + 1)
                    row.set(column: column, text.utf8, literal: false)
                } else {
                    row.set(column: column, content, literal: false)
                }
            case .number, .bool:
                row.set(column: column, record[range], literal: true)
            case .null:
                break
            case .object:
                profile.addObject(column: column)
                var inner = JSONScanner(record, at: range.lowerBound)
                try members(&inner, prefix: name + ".", record: record, row: &row, profile: &profile)
            case .array:
                profile.addArray(column: column)
            }
        }
    }
}
