import FastCop
import FastCopFuzzChecks
import Foundation
import Testing

/// Inputs the fuzzer found (each once a crash or a wrong answer), and the seed corpus replayed
/// through the fuzzer's own checks.
@Suite("Hostile: fuzz findings and the seed corpus")
struct HostileFuzzRegressionTests {
    /// The checked-in corpus folder, found from this file's path.
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus")

    /// The checked-in corpus files' names (an empty list makes ``corpusHoldsTheSeeds()`` fail).
    static let corpusFiles: [String] =
        ((try? FuzzCorpus.files(at: corpus.path)) ?? []).map(\.lastPathComponent)

    @Test("the corpus folder holds at least the seed table")
    func corpusHoldsTheSeeds() {
        #expect(Self.corpusFiles.count >= Seeds.all.count)
    }

    /// One test case per corpus file: a finding fails that case, with what was found.
    @Test("a corpus input passes the fuzzer's checks", arguments: corpusFiles)
    func corpusReplays(name: String) throws {
        let findings = try FuzzCorpus.replay(Self.corpus.appendingPathComponent(name))
        #expect(findings.isEmpty, "\(name): \(findings.joined(separator: "; "))")
    }

    @Test("a failed check is recorded as a finding and the checks go on (no abort)")
    func findingsAreReturned() {
        let checks = FuzzChecks()
        checks.expect(1 + 1 == 3, "arithmetic")
        checks.expect(true, "never recorded")
        checks.finding("second")
        #expect(checks.findings == ["arithmetic", "second"])
        let clean = FuzzInput.encode(
            pattern: "a", subject: Array("a".utf8), template: "<$0>", options: [], noJIT: false, tight: false)
        #expect(clean.withUnsafeBufferPointer { FuzzChecks.run(FuzzInput($0)) }.isEmpty)
    }

    @Test("the seed table and the checked-in seeds are the same")
    func seedsAreCheckedIn() throws {
        for index in Seeds.all.indices {
            let file = Self.corpus.appendingPathComponent(String(format: "seed-%03d", index))
            #expect([UInt8](try Data(contentsOf: file)) == FuzzCorpus.encodedSeed(index), "\(file.lastPathComponent)")
        }
    }

    /// Found by the seed corpus on the first replay: `\C` matches one byte, so on "é" it ended
    /// a match inside the character. The match's UTF-8 range then named half a character, and
    /// the next search started mid-character with the UTF check off (undefined behaviour in
    /// PCRE2). FastCop now compiles with `PCRE2_NEVER_BACKSLASH_C`: `\C` is a compile error
    /// (ICU reads it as the letter C; see the differential suite).
    @Test("\\C (one code unit) is refused at compile time", arguments: [#"\C"#, #"a\C+"#, #"(?<=\C)x"#])
    func backslashC(pattern: String) throws {
        let error = try #require(throws: PatternError.self) { try Pattern(pattern) }
        #expect(error.kind == .compile)
        #expect(error.message.contains(#"\C"#))
    }

    @Test("literal patterns still accept a backslash C")
    func literalBackslashC() throws {
        let pattern = try Pattern(#"\C"#, options: .literal)
        #expect(try pattern.hasMatch(in: #"é\Cß"#))
        #expect(try pattern.firstMatch(in: #"é\Cß"#)?.substring == #"\C"#)
    }
}
