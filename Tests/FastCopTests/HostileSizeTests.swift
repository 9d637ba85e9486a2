import FastCop
import Foundation
import Testing

/// Sizes no everyday test should pay for: a 100 MB string and a batch of 10,000,000 strings.
/// Runs only with `FASTCOP_SIZE_TESTS=1` (scripts/test runs it as its own step, alone in its
/// process, so that the peak-memory readings are this suite's own).
@Suite(
    "Hostile: 100 MB strings and 10,000,000-string batches",
    .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["FASTCOP_SIZE_TESTS"] == "1", "set FASTCOP_SIZE_TESTS=1"))
struct HostileSizeTests {
    /// Peak resident memory while `body` runs, in MiB above the resident memory before it
    /// (Linux: resets the high-water mark through /proc/self/clear_refs, reads VmHWM).
    static func peakGrowth<T>(_ body: () throws -> T) rethrows -> (value: T, mebibytes: Int) {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let before = statusField("VmRSS")
        let value = try body()
        return (value, max(0, statusField("VmHWM") - before) / 1024)
    }

    /// A field of /proc/self/status in KiB (0 when unreadable).
    static func statusField(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    static let hundredMegabytes = 100 * 1024 * 1024

    /// 100 MiB of "abcdéfghi\n"-like lines (10 bytes each) with "needle" at the very end.
    static let bigString: String = {
        var text = String(repeating: "abcdéfgh\n", count: hundredMegabytes / 10)
        text += "needle"
        return text
    }()

    @Test("matching a 100 MB string answers without copying it")
    func hundredMegabyteMatch() throws {
        let text = Self.bigString
        #expect(text.utf8.count > Self.hundredMegabytes - 100)
        let needle = try Pattern("needle$")
        let (found, growth) = try Self.peakGrowth { try needle.firstMatch(in: text) }
        #expect(found?.utf8Range.upperBound == text.utf8.count)
        #expect(growth < 16, "matching used \(growth) MiB")
        // A group repeated 10 million times in one match is more work than the default match
        // limit allows (and keeps more backtracking points than the JIT stack holds): a limit
        // error. A higher match limit and a possessive group (no backtracking points) lift it.
        let limited = try #require(throws: PatternError.self) {
            try Pattern(#"\A(?:[a-hé]+\n)+needle\z"#).hasWholeMatch(in: text)
        }
        #expect(limited.isLimit)
        let generous = Pattern.Limits(matchLimit: 100_000_000, depthLimit: 100_000, heapLimit: 64 << 20)
        #expect(try Pattern(#"\A(?:[a-hé]++\n)++needle\z"#, limits: generous).hasWholeMatch(in: text))
        #expect(try !Pattern("ß").hasMatch(in: text))
        #expect(try Pattern("e+dle|ß").numberOfMatches(in: text) == 1)
        let runaway = try Pattern("^(a|aa)+$")
        #expect(throws: PatternError.self) { try runaway.hasWholeMatch(in: String(repeating: "a", count: 40) + "!") }
        #expect(try !runaway.hasWholeMatch(in: text))
    }

    @Test("replacing in a 100 MB string costs the output and one working copy")
    func hundredMegabyteReplace() throws {
        let text = Self.bigString
        let pattern = try Pattern("é")
        let (output, growth) = try Self.peakGrowth { try pattern.replacing(in: text, with: "e") }
        #expect(output.utf8.count == text.utf8.count - Self.hundredMegabytes / 10)
        #expect(output.hasSuffix("abcdefgh\nneedle"))
        // The output (90 MB) plus PCRE2's working buffer (1.5 × the input): under 400 MiB.
        #expect(growth < 400, "replacing used \(growth) MiB")
    }

    @Test("100 MB of raw lines: one verdict per line, memory per line")
    func hundredMegabyteLines() throws {
        let bytes = Array(Self.bigString.utf8)
        let pattern = try Pattern("^[a-hé]+$")
        let (result, growth) = Self.peakGrowth {
            bytes.withUnsafeBytes { Batch().matchLines(pattern, in: $0, wholeLine: true) }
        }
        #expect(result.lines.count == Self.hundredMegabytes / 10 + 1)
        #expect(result.matchCount == Self.hundredMegabytes / 10)  // all but "needle"
        #expect(result.verdicts.last == .noMatch)
        #expect(result.problems.isEmpty)
        // 17 bytes per line of result (a range and a verdict) for 10.5 million lines.
        #expect(growth < 400, "matchLines used \(growth) MiB")
    }

    @Test("a batch of 10,000,000 strings: right count, memory of the results only")
    func tenMillionStrings() throws {
        let email = try Pattern(Pattern.emailSource)
        let count = 10_000_000
        let indices = Array(0..<count)
        // Inputs are made inside the workers (short strings live inline, no allocation), so
        // the batch holds only the indices and the results.
        let (valid, growth) = Self.peakGrowth {
            Batch().map(indices) { index -> Bool in
                let input = index % 10 == 0 ? "not-an-email-\(index)" : "u\(index)@x.io"
                return (try? email.hasWholeMatch(in: input)) ?? false
            }
        }
        #expect(valid.count == count)
        #expect(valid.filter { $0 }.count == count - count / 10)
        #expect(growth < 200, "the batch used \(growth) MiB")
    }

    @Test("a report over 10,000,000 strings keeps only the failures")
    func tenMillionReport() throws {
        let count = 10_000_000
        // Strings of at most 15 UTF-8 bytes are stored inline: 16 bytes each.
        let inputs = (0..<count).map { $0 % 100_000 == 0 ? "é\($0)" : "\($0)" }
        let digits = try Pattern(#"\d+"#)
        let (report, growth) = Self.peakGrowth {
            Batch().report(inputs, wholeMatching: digits, message: "Not digits")
        }
        #expect(report.count == count)
        #expect(report.invalidCount == count / 100_000)
        #expect(report.failures.first?.index == 0)
        #expect(growth < 64, "the report used \(growth) MiB")
    }
}
