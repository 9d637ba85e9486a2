import Foundation
import PublicSuites
import Testing

/// csv-spectrum (max-mapper/csv-spectrum): each of its CSV files through `fastcop clean` with
/// rules that judge no column; CLEAN read back must hold the rows its JSON gives (objects keyed
/// by the header), and no row may be rejected.
@Suite(
    "csv-spectrum: fastcop clean keeps every row as the suite reads it",
    .enabled(if: PublicSuites.isPresent, Comment(rawValue: PublicSuites.absentNote)))
struct CSVSpectrumTests {
    static let names = PublicSuites.files(in: "csv-spectrum/csvs").filter { $0.hasSuffix(".csv") }
        .map { String($0.dropLast(4)) }

    /// The rows the suite's JSON gives for `name` (one object for a file of one row).
    static func expectedRows(_ name: String) throws -> [[String: String]] {
        let json = try JSONSerialization.jsonObject(
            with: Data(try PublicSuites.bytes("csv-spectrum/json/\(name).json")))
        var rows = try (json as? [[String: String]]) ?? [#require(json as? [String: String])]
        if name == "location_coordinates" {
            // The suite's JSON has a wrong phone number (its README says so): the CSV's is right.
            rows[0]["Contact Phone Number"] = "2095257564"
        }
        return rows
    }

    @Test("the suite has its 12 files")
    func files() {
        #expect(Self.names.count == 12)
    }

    @Test("CLEAN read back holds the suite's rows", arguments: names)
    func cleanRows(name: String) throws {
        let check = {
            let expected = try Self.expectedRows(name)
            let outcome = try CleanReadBack.run(try PublicSuites.bytes("csv-spectrum/csvs/\(name).csv"))
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.rowsIn == expected.count)
            #expect(outcome.rejected == 0)
            let header = try #require(outcome.records.first)
            #expect(Set(header) == Set(expected.flatMap(\.keys)))
            let rows = outcome.records.dropFirst().map { Dictionary(zip(header, $0), uniquingKeysWith: { a, _ in a }) }
            #expect(rows == expected)
        }
        try check()
    }
}
