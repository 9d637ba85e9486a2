/// What a run did: rows in, clean, rejected, failures per rule field, time.
package struct RunSummary: Sendable {
    package var input: String
    package var format: InputFormat
    package var rows = 0
    package var clean = 0
    package var rejected = 0
    /// Rejected because they could not be read (malformed, invalid UTF-8).
    package var malformed = 0
    /// Of those, the rows that are not valid UTF-8.
    package var invalidUTF8 = 0
    /// Rows read with a quote inside an unquoted CSV field, taken as data (`12" pipe`).
    package var strayQuotes = 0
    /// Whether a CSV or TSV input held its header and no row (the text summary says so, as
    /// CLEAN is then empty but for the header).
    var headerOnly = false
    /// Whether the input's lines end with CR alone (read so, and written so).
    var crLineEnds = false
    /// Blank lines between records, which are no rows (CSV, TSV, JSON Lines).
    package var blankLines = 0
    package var fieldNames: [String]
    package var failuresByField: [Int]
    /// The rules failures are counted by.
    package let catalog: RuleCatalog
    /// Failing rows per rule, and the report's examples and values.
    package private(set) var tally: RuleTally
    var examples: [RejectExample] = []
    package var seconds = 0.0
    package var bytesRead = 0
    /// The threads that judged the rows.
    package var workers = 1
    /// Where the clean rows and the rejects went (nil when not written).
    package var cleanOutput: String?
    package var rejectsOutput: String?
    /// Whether rejected rows were dropped on request (`--discard-rejects`).
    package var rejectsDiscarded = false

    init(input: String, format: InputFormat, catalog: RuleCatalog, detail: ReportDetail?) {
        self.input = input
        self.format = format
        self.fieldNames = catalog.fieldNames
        self.failuresByField = Array(repeating: 0, count: fieldNames.count)
        self.catalog = catalog
        tally = RuleTally(ruleCount: catalog.count, detail: detail)
    }

    /// Adds one worker's counts.
    mutating func add(_ result: TaskResult) {
        rows += result.rows
        clean += result.cleanRows
        rejected += result.rejectedRows
        malformed += result.malformedRows
        invalidUTF8 += result.invalidUTF8Rows
        strayQuotes += result.strayQuoteRows
        for (index, count) in result.failuresByField.enumerated() { failuresByField[index] += count }
        tally.merge(result.tally)
        for example in result.examples where examples.count < RejectExample.limit {
            examples.append(example)
        }
    }

    /// The summary for people.
    package func text(examples exampleCount: Int = 0) -> String {
        let width = Formatting.grouped(rows).count
        func number(_ value: Int) -> String {
            let text = Formatting.grouped(value)
            return String(repeating: " ", count: max(0, width - text.count)) + text
        }
        var lines = ["fastcop: \(input) (\(format.rawValue))"]
        lines.append("  rows in   \(number(rows))")
        lines.append("  clean     \(number(clean))" + (cleanOutput.map { "  -> \($0)" } ?? ""))
        let rejectsPlace = rejectsDiscarded ? "discarded (--discard-rejects)" : rejectsOutput
        lines.append("  rejected  \(number(rejected))" + (rejectsPlace.map { "  -> \($0)" } ?? ""))
        if rejected > 0 {
            lines.append("  failures by field:")
            let nameWidth = max(fieldNames.map(\.count).max() ?? 0, malformed > 0 ? 9 : 0)
            for (name, count) in zip(fieldNames, failuresByField) where count > 0 {
                lines.append("    \(name.padding(nameWidth))  \(Formatting.grouped(count))")
            }
            if malformed > 0 { lines.append("    \("malformed".padding(nameWidth))  \(Formatting.grouped(malformed))") }
            let top = mostFailing(3)
            if !top.isEmpty {
                lines.append("  rules failing most:")
                let names = top.map { Self.shortened(catalog.name($0.rule), to: 60) }
                let nameWidth = names.map(\.count).max() ?? 0
                for (name, entry) in zip(names, top) {
                    lines.append("    \(name.padding(nameWidth))  \(Formatting.grouped(entry.count))")
                }
            }
        }
        if blankLines > 0 {
            let blank = blankLines == 1 ? "1 blank line" : "\(Formatting.grouped(blankLines)) blank lines"
            lines.append("  \(blank) between records: not rows, skipped")
        }
        if headerOnly {
            lines.append("  no rows: the input holds its header and nothing else")
        }
        if crLineEnds {
            lines.append("  lines end with CR alone (classic Mac): read as line ends, and written so")
        }
        if strayQuotes > 0 {
            let rows = strayQuotes == 1 ? "1 row has" : "\(Formatting.grouped(strayQuotes)) rows have"
            lines.append("  \(rows) a quote inside an unquoted field, read as data (--strict-quotes rejects them)")
        }
        if invalidUTF8 > 0 {
            let rows = invalidUTF8 == 1 ? "1 row is" : "\(Formatting.grouped(invalidUTF8)) rows are"
            lines.append("  \(rows) not valid UTF-8 \(UTF8Validation.encodingHint)")
        }
        let rate = seconds > 0 ? Double(rows) / seconds : 0
        lines.append(
            "  time      \(Formatting.fixed(seconds, decimals: 2)) s (\(Formatting.rate(rate)) rows/s)")
        if exampleCount > 0 && !examples.isEmpty {
            lines.append("")
            lines.append("First rejected rows:")
            for example in examples.prefix(exampleCount) {
                lines.append("  row \(example.row) (line \(example.line)): \(example.reasons)")
                lines.append("    \(example.original)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `limit` rules that failed on the most rows, most first (ties in the rules' order),
    /// those that failed at all.
    package func mostFailing(_ limit: Int) -> [(rule: Int, count: Int)] {
        let failed = tally.counts.indices.filter { tally.counts[$0] > 0 }
        let order = failed.sorted {
            tally.counts[$0] != tally.counts[$1] ? tally.counts[$0] > tally.counts[$1] : $0 < $1
        }
        return order.prefix(limit).map { ($0, tally.counts[$0]) }
    }

    /// The rules reported with their counts: the rules' own (each that a row can fail, failing
    /// or not), then the
    /// per-row ones (a unique field, a malformed row) that failed.
    package var reportedRules: [Int] {
        catalog.rules.indices.filter {
            (catalog.hasOwnMessage($0) && catalog.rules[$0].canFail) || tally.counts[$0] > 0
        }
    }

    /// `text`, at most `limit` characters, with `…` when cut.
    static func shortened(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    /// The summary for machines (`--summary json`), on one line.
    package func json() -> String {
        var fields: [UInt8] = []
        for (index, (name, count)) in zip(fieldNames, failuresByField).enumerated() {
            if index > 0 { fields.append(ASCII.comma) }
            JSONStrings.write(name, to: &fields)
            fields.append(contentsOf: ":\(count)".utf8)
        }
        func string(_ value: String?) -> String {
            guard let value else { return "null" }
            var bytes: [UInt8] = []
            JSONStrings.write(value, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        return "{\"input\":\(string(input)),\"format\":\"\(format.rawValue)\",\"rowsIn\":\(rows),"
            + "\"clean\":\(clean),\"rejected\":\(rejected),\"malformed\":\(malformed),"
            + "\"failuresByField\":{\(String(decoding: fields, as: UTF8.self))},"
            + "\"failuresByRule\":\(String(decoding: rulesJSON(), as: UTF8.self)),"
            + "\"cleanOutput\":\(string(cleanOutput)),\"rejectsOutput\":\(string(rejectsOutput)),"
            + "\"rejectsDiscarded\":\(rejectsDiscarded),\"blankLinesSkipped\":\(blankLines),"
            + "\"strayQuoteRows\":\(strayQuotes),\"crLineEnds\":\(crLineEnds),"
            + "\"seconds\":\(Formatting.fixed(seconds, decimals: 3)),\"bytesRead\":\(bytesRead)}\n"
    }
}

extension RunSummary {
    /// `[{"rule":"email: email modern rule","field":"email","kind":"email","count":3},…]` for
    /// ``reportedRules``.
    func rulesJSON() -> [UInt8] {
        var json: [UInt8] = Array("[".utf8)
        for (number, rule) in reportedRules.enumerated() {
            if number > 0 { json.append(ASCII.comma) }
            let entry = catalog.rules[rule]
            json += Array("{\"rule\":".utf8)
            JSONStrings.write(catalog.name(rule), to: &json)
            json += Array(",\"field\":".utf8)
            if let field = entry.field {
                JSONStrings.write(fieldNames[field], to: &json)
            } else {
                json += Array("null".utf8)
            }
            json += Array(",\"kind\":".utf8)
            JSONStrings.write(entry.label.kind, to: &json)
            json += Array(",\"count\":\(tally.counts[rule])}".utf8)
        }
        json.append(UInt8(ascii: "]"))
        return json
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    package func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
