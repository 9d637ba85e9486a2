import FastCop
import Foundation
import Testing

@testable import FastCopFuzz

/// Inputs the fuzzer found (each once a crash or a wrong answer), and the seed corpus replayed
/// through the fuzzer's own checks.
@Suite("Hostile: fuzz findings and the seed corpus")
struct HostileFuzzRegressionTests {
    /// The checked-in corpus folder, found from this file's path.
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus")

    @Test("every corpus input passes the fuzzer's checks")
    func corpusReplays() throws {
        let files = try Replay.files(at: Self.corpus.path)
        #expect(files.count >= Seeds.all.count)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            bytes.withUnsafeBufferPointer { FuzzChecks.run(FuzzInput($0)) }
        }
    }

    @Test("the seed table and the checked-in seeds are the same")
    func seedsAreCheckedIn() throws {
        for (index, seed) in Seeds.all.enumerated() {
            let file = Self.corpus.appendingPathComponent(String(format: "seed-%03d", index))
            let expected = FuzzInput.encode(
                pattern: seed.pattern, subject: seed.subject, template: seed.template, options: seed.options,
                noJIT: seed.noJIT, tight: seed.tight)
            #expect([UInt8](try Data(contentsOf: file)) == expected, "\(file.lastPathComponent)")
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
