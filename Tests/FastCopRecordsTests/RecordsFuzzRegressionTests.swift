import FastCopFuzzChecks
import FastCopRecordsFuzzChecks
import Foundation
import Testing

/// The records fuzzer's corpus (`Fuzz/records-corpus`: the seeds and the inputs it once found a
/// problem with), replayed through the fuzzer's own checks.
@Suite("FastCopRecords: the records fuzzer's corpus")
struct RecordsFuzzRegressionTests {
    /// The checked-in corpus folder.
    static let corpus = FuzzCorpus.checkedIn("records-corpus", fromTest: #filePath)

    /// The corpus files' names (an empty list makes ``corpusHoldsTheSeeds()`` fail).
    static let corpusFiles = FuzzCorpus.names(in: corpus)

    @Test("the corpus folder holds at least the seed table")
    func corpusHoldsTheSeeds() {
        #expect(Self.corpusFiles.count >= RecordsSeeds.all.count)
    }

    /// One test case per corpus file: a finding fails that case, with what was found.
    @Test("a corpus input passes the records fuzzer's checks", arguments: corpusFiles)
    func corpusReplays(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent(name)))
        let findings = RecordsFuzzChecks.run(bytes)
        #expect(findings.isEmpty, "\(name): \(findings.joined(separator: "; "))")
    }

    @Test("the seed table and the checked-in seeds are the same")
    func seedsAreCheckedIn() throws {
        for (index, seed) in RecordsSeeds.all.enumerated() {
            let file = Self.corpus.appendingPathComponent(String(format: "seed-%03d", index))
            #expect([UInt8](try Data(contentsOf: file)) == seed, "\(file.lastPathComponent)")
        }
    }

    @Test("every target is in the seeds")
    func seedsCoverEveryTarget() {
        let targets = Set(RecordsSeeds.all.map { RecordsFuzzInput($0).target })
        #expect(targets == Set(RecordsFuzzInput.Target.allCases))
    }

    @Test("a broken invariant is a finding, and the checks go on (no abort)")
    func findingsAreReturned() {
        let checks = RecordsFuzzChecks()
        checks.expect(false, "first")
        checks.expect(true, "never recorded")
        checks.finding("second")
        #expect(checks.findings == ["first", "second"])
    }
}
