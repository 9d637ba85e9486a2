import FastCop
import FastCopFuzzChecks
import Foundation
import Testing

/// Inputs the fuzzer found (each once a crash or a wrong answer), and the seed corpus replayed
/// through the fuzzer's own checks.
@Suite("Hostile: fuzz findings and the seed corpus")
struct HostileFuzzRegressionTests {
    /// The checked-in corpus folder.
    static let corpus = FuzzCorpus.checkedIn("corpus", fromTest: #filePath)

    /// The corpus files' names (an empty list makes ``corpusHoldsTheSeeds()`` fail).
    static let corpusFiles = FuzzCorpus.names(in: corpus)

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

    /// Group calls that loop without consuming anything (the first found by the fuzzer as
    /// `recursion-loop-jit` in the corpus: `(?1)as(|(?1))` on "é", about 12 s in a debug build
    /// with the fuzz limits, 90 s in C). PCRE2's JIT charges its match limit per call, not for
    /// backing out through the calls already open, so such a pattern did (match limit)² work
    /// at one start position. Patterns that call groups now run on the interpreter, which
    /// charges every step and stops the loop at once (PCRE2_ERROR_RECURSELOOP).
    static let loopingCalls: [String] = [
        "(?1)as(|(?1))", "(|(?1))(?1)x", "(?&n)x(?<n>|(?&n))", "(?1)+$(|(?1))", "(?:(?R)|)x", "((?1)|)x",
        #"(?1)é(|\g<1>)"#, "(|(?-1))(?-1)x", "(?P>n)a(?P<n>|(?P>n))",
    ]

    @Test("a group call that loops on the empty string ends at once, in a limit error", arguments: loopingCalls)
    func loopingGroupCalls(pattern: String) throws {
        for jit in [Pattern.JITMode.ifAvailable, .never] {
            let compiled = try Pattern(pattern, limits: FuzzInput.fuzzLimits, jit: jit)
            #expect(!compiled.isJITCompiled)
            for subject in ["", "é", "ésx", "asx", String(repeating: "a", count: 300) + "sx"] {
                let whole = Result { try compiled.hasWholeMatch(in: subject) }
                let search = Result { try compiled.hasMatch(in: subject) }
                let all = Result { try compiled.matches(in: subject).map(\.utf8Range) }
                // Either PCRE2's answer or a limit error (the interpreter's "nested recursion at
                // the same subject position" counts as the depth limit).
                for outcome in [whole.map { _ in 0 }, search.map { _ in 0 }, all.map { _ in 0 }] {
                    if case .failure(let error) = outcome {
                        let failure = try #require(error as? PatternError)
                        #expect(failure.isLimit, "\(pattern) on \(subject): \(failure)")
                    }
                }
            }
            #expect(Batch().hasWholeMatch(compiled, in: ["", "", "", "é"]).count == 4)
        }
    }

    /// Found by the fuzzer once the loop above ran on the interpreter (`recursion-loop-error-kind`):
    /// its "nested recursion at the same subject position" was a plain match error, which the
    /// checks (and fail-closed callers) do not take for a limit.
    @Test("the interpreter's recursion-loop error is a depth-limit error")
    func recursionLoopIsDepthLimit() throws {
        let error = try #require(throws: PatternError.self) {
            try Pattern("|(?1)(|(?1))", limits: FuzzInput.fuzzLimits).hasWholeMatch(in: "é")
        }
        #expect(error.kind == .depthLimit)
        #expect(error.isLimit)
        #expect(error.message.contains("recursion"))
    }

    @Test("a pattern that calls groups gives the same answers as before, on the interpreter")
    func groupCallsStillMatch() throws {
        let balanced = try Pattern(#"\((?:[^()]|(?R))*\)"#)
        #expect(!balanced.isJITCompiled)
        #expect(try balanced.firstMatch(in: "x(a(b)c)é")?.substring == "(a(b)c)")
        #expect(try !balanced.hasWholeMatch(in: "(a(b)c"))
        let quoted = try Pattern(#"\Q(?1)\E[(?R)]"#)
        #expect(quoted.isJITCompiled == Pattern.isJITSupported)
        #expect(try quoted.hasMatch(in: "é(?1)R"))
        if Pattern.isJITSupported {
            #expect(try Pattern("(a|(?1)b)", jit: .required).isJITCompiled)
        }
    }

    /// Group calls in every place PCRE2's parser can put them: next to an explicit callout
    /// (where no automatic callout is set), quantified, in a lookaround, a condition, a verb's
    /// group, after leading verbs, in extended mode after a comment that holds a call's text.
    static let hiddenCalls: [String] = [
        "(a)(?C1)(?1)", #"(a)(?C"é")(?1)"#, "(?1)(?C2)(a)", "(a)(?1){2}", "(a)(?1)*+", "(a)(?<=(?1))",
        "(a)(?(1)(?1)|b)", "(?(DEFINE)(?<n>é))(?&n)", "(a)(*pla:(?1))", "(a)(*sr:(?1))", "(?i:(?1))(ß)",
        "(*LIMIT_MATCH=10)(*UCP)(a)(?1)", "(?x)(a) # (?1)\n (?1)", "(?0)?é", #"(a)\g'-1'"#, #"\g<+1>(a)"#,
    ]

    @Test("a group call is found wherever it sits, and runs on the interpreter", arguments: hiddenCalls)
    func hiddenGroupCalls(pattern: String) throws {
        #expect(try !Pattern(pattern).isJITCompiled)
    }

    /// Texts that look like calls but are none: quoted, in a class, in a comment, a callout's
    /// text, a back reference, an option setting.
    static let lookAlikes: [String] = [
        #"\Q(?1)\E(é)"#, "(a)[(?1)]", "(a)(?#(?&n)b", #"(a)(?C"(?1)")b"#, #"(a)\g{1}\g1\g{-1}"#,
        "(?-i)(a)(?P<n>b)(?P=n)",
        "(?x)(a) # (?R) \\g<1>\n b",
    ]

    @Test("a text that only looks like a group call keeps the JIT", arguments: lookAlikes)
    func groupCallLookAlikes(pattern: String) throws {
        #expect(try Pattern(pattern).isJITCompiled == Pattern.isJITSupported)
    }
}
