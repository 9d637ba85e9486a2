import Testing

@testable import FastCopRecords

/// The numbers of the summary and the progress bar: the same text on every machine.
@Suite("FastCopRecords: numbers in summaries")
struct FormattingTests {
    @Test("whole numbers are grouped by thousands")
    func grouped() {
        #expect(Formatting.grouped(0) == "0")
        #expect(Formatting.grouped(999) == "999")
        #expect(Formatting.grouped(1000) == "1,000")
        #expect(Formatting.grouped(1_234_567) == "1,234,567")
        #expect(Formatting.grouped(-1_234) == "-1,234")
    }

    @Test("fixed decimals round half away from zero")
    func fixed() {
        #expect(Formatting.fixed(0.745, decimals: 2) == "0.75")
        #expect(Formatting.fixed(2, decimals: 1) == "2.0")
        #expect(Formatting.fixed(-0.004, decimals: 2) == "0.00")
        #expect(Formatting.fixed(12.5, decimals: 0) == "13")
    }

    /// A slow pipe (3 rows in 4 s) was shown as "0 rows/s": the rate was cut to a whole number.
    @Test("a rate keeps the decimals that show it")
    func rate() {
        #expect(Formatting.rate(0) == "0")
        #expect(Formatting.rate(.nan) == "0")
        #expect(Formatting.rate(0.75) == "0.75")
        #expect(Formatting.rate(0.001) == "< 0.01")
        #expect(Formatting.rate(2.5) == "2.5")
        #expect(Formatting.rate(9.94) == "9.9")
        #expect(Formatting.rate(9.96) == "10")
        #expect(Formatting.rate(1_234_567.4) == "1,234,567")
    }
}
