/// A run's validation report (`--report FILE`): totals, and for each field and each rule how
/// many rows failed it, its first failing rows and the values it fails on most often, with the
/// input, the rules and the timing. Filled while the rows stream (``RuleTally``), in memory that
/// does not grow with the rows.
///
/// Its numbers are the run's: each rejected row is counted under every rule it failed, a row
/// once per rule, from the same failures its REJECTS line was written from.
package struct RunReport: Sendable {
    /// What was read.
    package struct Input: Sendable {
        package var path: String
        package var format: InputFormat
        /// CSV and TSV: the delimiter, the quote (nil: none) and whether a header row came first.
        package var dialect: CSVDialect?
        package var encoding: String
        /// The input's size on disk when it is a file, else nil.
        package var fileBytes: Int?

        package init(path: String, format: InputFormat, dialect: CSVDialect?, encoding: String, fileBytes: Int?) {
            self.path = path
            self.format = format
            self.dialect = dialect
            self.encoding = encoding
            self.fileBytes = fileBytes
        }
    }

    /// The rules the rows were judged by: a rules file, a Table Schema, or one trial.
    package struct RulesSource: Sendable {
        /// `rules`, `schema`, `email` or `pattern`.
        package var kind: String
        /// The file, or the pattern.
        package var path: String?

        package init(kind: String, path: String?) {
            self.kind = kind
            self.path = path
        }
    }

    package let summary: RunSummary
    package let input: Input
    package let rules: RulesSource
    /// The command that ran (`clean`, `check`).
    package let command: String
    /// How many examples and values per rule are shown.
    package static let valuesShown = 10

    package init(summary: RunSummary, input: Input, rules: RulesSource, command: String) {
        self.summary = summary
        self.input = input
        self.rules = rules
        self.command = command
    }

    /// One rule's part of the report.
    package struct RuleEntry: Sendable {
        package let number: Int
        package let name: String
        package let field: String?
        package let label: RuleLabel
        package let failedRows: Int
        package let examples: [FailureExample]
        /// The values it failed on most often, at most ``RunReport/valuesShown``: the value (nil
        /// when the summary was not kept), whether it is whole, its count.
        package let frequent: [(value: String, whole: Bool, count: Int)]
        /// How far below the true counts the counts may be (0: exact).
        package let frequentError: Int
    }

    /// The rules reported (``RunSummary/reportedRules``), in the rules' order.
    package var ruleEntries: [RuleEntry] {
        let tally = summary.tally
        return summary.reportedRules.map { rule in
            let entry = summary.catalog.rules[rule]
            let frequent = tally.frequent.isEmpty ? nil : tally.frequent[rule]
            return RuleEntry(
                number: rule, name: summary.catalog.name(rule), field: entry.field.map { summary.fieldNames[$0] },
                label: entry.label, failedRows: tally.counts[rule],
                examples: tally.examples.isEmpty ? [] : tally.examples[rule],
                frequent: (frequent?.top(Self.valuesShown) ?? []).map {
                    (String(decoding: $0.sample, as: UTF8.self), $0.whole, $0.count)
                },
                frequentError: frequent?.error ?? 0)
        }
    }

    /// Rows per second and input bytes per second.
    package var throughput: (rows: Double, bytes: Double) {
        summary.seconds > 0
            ? (Double(summary.rows) / summary.seconds, Double(summary.bytesRead) / summary.seconds) : (0, 0)
    }

    /// The report as JSON (see docs/rules.md, "Reports", for its keys).
    package var json: OrderedJSON {
        let summary = self.summary
        var inputMembers: [(String, OrderedJSON)] = [
            ("path", .string(input.path)), ("format", .string(input.format.rawValue)),
        ]
        if let dialect = input.dialect {
            inputMembers.append(
                (
                    "dialect",
                    .object([
                        ("delimiter", .string(String(UnicodeScalar(dialect.delimiter)))),
                        ("quote", .string(dialect.quote.map { String(UnicodeScalar($0)) })),
                        ("header", .bool(dialect.hasHeader)),
                    ])
                ))
        }
        inputMembers += [
            ("encoding", .string(input.encoding)),
            ("fileBytes", input.fileBytes.map { .integer($0) } ?? .null),
            ("bytesRead", .integer(summary.bytesRead)),
        ]
        let fields: [OrderedJSON] = summary.fieldNames.indices.map { field in
            .object([
                ("name", .string(summary.fieldNames[field])), ("failedRows", .integer(summary.failuresByField[field])),
            ])
        }
        let failures: [OrderedJSON] = ruleEntries.map { entry in
            .object([
                ("rule", .string(entry.name)),
                ("field", .string(entry.field)),
                ("kind", .string(entry.label.kind)),
                ("detail", .string(entry.label.detail)),
                ("place", .string(entry.label.place)),
                ("failedRows", .integer(entry.failedRows)),
                (
                    "examples",
                    .array(
                        entry.examples.map { example in
                            .object([
                                ("row", .integer(example.row)), ("line", .integer(example.line)),
                                ("value", .string(example.value)), ("message", .string(example.message)),
                                ("record", .string(example.record)),
                            ])
                        })
                ),
                (
                    "frequentValues",
                    .object([
                        ("exact", .bool(entry.frequentError == 0)),
                        ("maxUndercount", .integer(entry.frequentError)),
                        (
                            "values",
                            .array(
                                entry.frequent.map {
                                    .object([
                                        ("value", .string($0.value)), ("whole", .bool($0.whole)),
                                        ("count", .integer($0.count)),
                                    ])
                                })
                        ),
                    ])
                ),
            ])
        }
        let rate = throughput
        return .object([
            ("fastcopReport", .integer(1)),
            ("command", .string(command)),
            ("input", .object(inputMembers)),
            ("rules", .object([("kind", .string(rules.kind)), ("path", .string(rules.path))])),
            (
                "totals",
                .object([
                    ("rowsIn", .integer(summary.rows)), ("clean", .integer(summary.clean)),
                    ("rejected", .integer(summary.rejected)), ("malformed", .integer(summary.malformed)),
                    ("invalidUTF8", .integer(summary.invalidUTF8)),
                    ("blankLinesSkipped", .integer(summary.blankLines)),
                    ("strayQuoteRows", .integer(summary.strayQuotes)),
                ])
            ),
            (
                "timing",
                .object([
                    ("seconds", .number(summary.seconds, decimals: 3)),
                    ("rowsPerSecond", .integer(Int(rate.rows.rounded()))),
                    ("bytesPerSecond", .integer(Int(rate.bytes.rounded()))),
                    ("workers", .integer(summary.workers)),
                ])
            ),
            ("fields", .array(fields)),
            ("failuresByRule", .array(failures)),
        ])
    }
}
