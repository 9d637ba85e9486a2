import PublicSuites
import Testing

/// PapaParse's parser cases (``PapaParseCase``) through `fastcop clean` with rules that judge no
/// column: CLEAN read back must hold PapaParse's rows, for every case whose config FastCop can
/// express (delimiter, quote character, header or not; `newline` and `skipEmptyLines: true` need
/// no flag). The others are listed with the reason by ``skippedCases()``.
///
/// Where PapaParse reports an error for a row (quotes, or too few or many fields for the header),
/// FastCop rejects the row as malformed; after a broken quote, the lines FastCop reads as rows
/// of their own must be whole lines of the text PapaParse flagged. Without a header PapaParse
/// keeps rows of any width; FastCop takes the first well-formed row's width as the table's and
/// rejects the others: those rows are expected among the rejects, not in CLEAN. Blank lines are
/// read as PapaParse's `skipEmptyLines` reads them, and CLEAN's header is named by PapaParse's
/// rule for duplicate names (see ``check(_:)``).
@Suite(
    "PapaParse's cases: fastcop clean keeps PapaParse's rows",
    .enabled(if: PublicSuites.isPresent, Comment(rawValue: PublicSuites.absentNote)))
struct PapaParseTests {
    static let cases = PapaParseCase.all.filter { $0.unsupported == nil }

    /// The cases FastCop cannot express, by the start of their reason (``PapaParseCase/unsupported``).
    static let skipped: [String: [String]] = [
        "comment lines": [
            "core 39", "core 40", "core 41", "core 42", "core 43", "core 44", "core 45", "core 46", "core 47",
            "core 48", "core 49", "core 50", "core 56", "parse 65", "parse 66", "parse 75",
        ],
        "a JavaScript function": [
            "core 60", "parse 17", "parse 18", "parse 27", "parse 34", "parse 35", "parse 37", "parse 38", "parse 39",
        ],
        "a delimiter that is not one character": ["parse 24", "parse 25", "parse 26"],
        "typed values": [
            "parse 28", "parse 29", "parse 30", "parse 31", "parse 32", "parse 33", "parse 36", "parse 40", "parse 41",
        ],
        "preview": ["core 57", "parse 53", "parse 54", "parse 55", "parse 56", "parse 57", "parse 58"],
        "an escape character": ["parse 72", "parse 73", "parse 74"],
        "skipping lines": ["parse 92", "parse 93", "parse 94", "parse 95", "parse 96"],
        "skipEmptyLines 'greedy'": ["parse 88", "parse 89"],
    ]

    @Test("the cases FastCop cannot express are the 54 listed, for the reasons listed")
    func skippedCases() {
        let skipped = PapaParseCase.all.filter { $0.unsupported != nil }
        #expect(PapaParseCase.all.count == 160)
        #expect(skipped.count == 54)
        #expect(skipped.count == Self.skipped.values.joined().count)
        for skippedCase in skipped {
            let reason = skippedCase.unsupported ?? ""
            let listed = Self.skipped.first { reason.hasPrefix($0.key) }?.value ?? []
            #expect(listed.contains(skippedCase.id), "\(skippedCase.testDescription): \(reason)")
        }
    }

    @Test("CLEAN read back holds PapaParse's rows", arguments: cases)
    func cleanRows(testCase: PapaParseCase) throws {
        try Self.check(testCase)
    }

    static func check(_ testCase: PapaParseCase) throws {
        let outcome = try CleanReadBack.run(
            Array(testCase.input.utf8), arguments: testCase.arguments, delimiter: testCase.delimiter,
            quote: testCase.quote)
        #expect(outcome.rowsIn == outcome.clean + outcome.rejected, "\(outcome.stderr)")
        let expectedRejected: Int
        // FastCop keeps a header's duplicate names as written; PapaParse renames them for its
        // objects (A, A_1, A_2…). CLEAN's header is read with PapaParse's names to compare.
        let header = PapaParseCase.renamedHeader(outcome.records.first ?? [])
        if let objects = testCase.objects {
            // Papa.parse with a header: objects keyed by it.
            let expected = objects.enumerated().filter { !testCase.errorRows.contains($0.offset) }.map(\.element)
            let rows = outcome.records.dropFirst().map {
                Dictionary(zip(header, $0), uniquingKeysWith: { first, _ in first })
            }
            #expect(rows == expected)
            #expect(outcome.clean == expected.count)
            expectedRejected = objects.count - expected.count
        } else {
            // Lists of values. Blank lines are no rows in FastCop, as in PapaParse with
            // skipEmptyLines: PapaParse's rows of one empty field from blank lines (and from the
            // end of the input after a final line break) are left out. Without a header,
            // FastCop's CLEAN keeps the rows as wide as the first well-formed one.
            let rows = testCase.rowsSkippingEmptyLines
            let width = rows.first { !testCase.errorRows.contains($0.offset) }?.element.count
            let expected = rows.filter {
                !testCase.errorRows.contains($0.offset) && $0.element.count == width
            }.map(\.element)
            var records = testCase.header ? [header] + outcome.records.dropFirst() : outcome.records
            // After a broken quote, PapaParse reads the rest of the input into that quoted
            // field (its row has the error); FastCop cuts the malformed row at its line end and
            // reads the next lines without a quote as rows of their own. Such a recovered row
            // must be a whole line of the text PapaParse flagged.
            let broken = Set(
                rows.filter { testCase.errorRows.contains($0.offset) }.flatMap {
                    $0.element.joined(separator: String(testCase.delimiter)).split(separator: "\n").map(String.init)
                })
            let recovered = records.filter {
                testCase.quoteErrors && !expected.contains($0)
                    && broken.contains($0.joined(separator: String(testCase.delimiter)))
            }
            records.removeAll { recovered.contains($0) }
            #expect(records == expected)
            // The core parser's rows with a header include it; CLEAN's count does not.
            #expect(outcome.clean == max(0, expected.count - (testCase.header ? 1 : 0)) + recovered.count)
            expectedRejected = rows.count - expected.count
        }
        if testCase.quoteErrors {
            #expect(outcome.rejected >= 1)
        } else {
            #expect(outcome.rejected == expectedRejected)
        }
    }
}
