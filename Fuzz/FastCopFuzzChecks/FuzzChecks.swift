import FastCop

/// What the fuzzer asks of FastCop for every input: compile the pattern, then match, whole-match,
/// list matches and replace on the subject as a `String`, a `Substring` and raw bytes, and check
/// that the answers agree with each other. A limit error is an accepted answer; a crash, a hang
/// or two answers that disagree is a finding.
///
/// The checks collect their findings instead of stopping the process, so one target serves both
/// callers: the fuzzer (`FastCopFuzz`) aborts on a finding so that libFuzzer keeps the input,
/// and the test suite records each finding as a failure of the one test that replayed it.
package final class FuzzChecks {
    /// A small cache, so that inputs also churn eviction.
    static let cache = PatternCache(capacity: 8)

    /// What this run found, in the order found.
    package private(set) var findings: [String] = []

    package init() {}

    /// Runs every check on `input` and returns the findings (empty when FastCop behaved).
    package static func run(_ input: FuzzInput) -> [String] {
        let checks = FuzzChecks()
        checks.check(input)
        return checks.findings
    }

    private func check(_ input: FuzzInput) {
        let pattern: Pattern
        do {
            pattern = try Self.cache.pattern(
                input.pattern, options: input.options, limits: input.limits, jit: input.jit)
        } catch let error as PatternError {
            expect(error.kind == .compile || error.kind == .jitUnavailable, "compile failed oddly: \(error)")
            expect(!error.description.isEmpty, "empty error description")
            if let offset = error.offset {
                expect(offset <= input.pattern.utf8.count, "compile error offset \(offset) beyond the pattern")
            }
            return
        } catch {
            return finding("a non-PatternError from compiling: \(error)")
        }
        checkString(pattern, input.subject, template: input.template)
        checkString(pattern, String(input.subject.dropFirst()), template: input.template)
        checkSubstring(pattern, input.subject)
        checkBytes(pattern, input.subjectBytes, decoded: input.subject)
        checkInterpreterAgrees(pattern, input)
        checkSteppingAgrees(input)
        checkBatch(pattern, input.subject)
    }

    /// With a whole-search budget small enough that searches escalate
    /// (``FuzzInput/steppingLimits``): PCRE2's own search on the watched form
    /// (`pattern\E|…(?C255)(*F)`), and the windows of start positions when its clock runs
    /// out. Every answer given is the one PCRE2 gives with no budget at all, so this also
    /// checks that the watched form's extra branch never changes a match.
    func checkSteppingAgrees(_ input: FuzzInput) {
        guard
            let stepping = try? Pattern(
                input.pattern, options: input.options, limits: FuzzInput.steppingLimits, jit: input.jit),
            let reference = try? Pattern(
                input.pattern, options: input.options, limits: FuzzInput.unboundedLimits, jit: input.jit)
        else { return }
        let subject = input.subject
        if let stepped = answer({ try stepping.matches(in: subject).map(\.utf8Range) }),
            let plain = answer({ try reference.matches(in: subject).map(\.utf8Range) })
        {
            expect(stepped == plain, "with the budget, matches \(stepped); without, \(plain)")
        }
        if let stepped = answer({ try stepping.replacing(in: subject, with: "<$0>") }),
            let plain = answer({ try reference.replacing(in: subject, with: "<$0>") })
        {
            expect(stepped == plain, "with the budget, replacing gave other text")
        }
        guard String(validating: input.subjectBytes, as: UTF8.self) != nil else { return }
        if let stepped = answer({ try stepping.hasMatch(in: input.subjectBytes) }),
            let plain = answer({ try reference.hasMatch(in: input.subjectBytes) })
        {
            expect(stepped == plain, "with the budget, hasMatch(bytes) \(stepped); without, \(plain)")
        }
    }

    /// The string API's answers agree with each other.
    func checkString(_ pattern: Pattern, _ subject: String, template: String) {
        let has = answer { try pattern.hasMatch(in: subject) }
        let first = answer { try pattern.firstMatch(in: subject) }
        if let has, let first {
            expect(has == (first != nil), "hasMatch \(has) but firstMatch \(String(describing: first))")
        }
        if let match = first ?? nil { checkMatch(match, in: subject[...]) }

        let hasWhole = answer { try pattern.hasWholeMatch(in: subject) }
        let whole = answer { try pattern.wholeMatch(in: subject) }
        if let hasWhole, let whole {
            expect(hasWhole == (whole != nil), "hasWholeMatch \(hasWhole) but wholeMatch disagrees")
        }
        if let match = whole ?? nil {
            checkMatch(match, in: subject[...])
            expect(match.range == subject.startIndex..<subject.endIndex, "wholeMatch is not the whole string")
        }
        if hasWhole == true, has == false { finding("a whole match but no match") }

        let all = answer { try pattern.matches(in: subject) }
        if let all {
            var previousEnd = subject.startIndex
            for match in all {
                checkMatch(match, in: subject[...])
                expect(match.range.lowerBound >= previousEnd, "matches overlap or go backwards")
                previousEnd = match.range.upperBound
            }
            if let has { expect(has == !all.isEmpty, "hasMatch \(has) but \(all.count) matches") }
            if let count = answer({ try pattern.numberOfMatches(in: subject) }) {
                expect(count == all.count, "numberOfMatches \(count) but matches \(all.count)")
            }
        }

        let same = answer { try pattern.replacing(in: subject, with: "$0") }
        if let same { expect(same == subject, "replacing with $0 changed the string") }
        let viaClosure = answer { try pattern.replacing(in: subject) { String($0.substring) } }
        if let viaClosure { expect(viaClosure == subject, "replacing with the match changed the string") }
        let literal = answer { try pattern.replacing(in: subject, withLiteral: "$1\\") }
        let escaped = answer { try pattern.replacing(in: subject, with: "\\$1\\\\") }
        if let literal, let escaped { expect(literal == escaped, "literal and escaped templates differ") }
        if all?.isEmpty == true, let literal { expect(literal == subject, "no match, yet the string changed") }
        _ = answer { try pattern.replacing(in: subject, with: template) }
    }

    /// Matching a substring (a slice in the middle of a larger string) works on the slice only.
    func checkSubstring(_ pattern: Pattern, _ subject: String) {
        guard !subject.isEmpty else { return }
        let slice = subject.dropFirst().dropLast()
        if let match = answer({ try pattern.firstMatch(in: slice) }) ?? nil {
            checkMatch(match, in: slice)
        }
        if let whole = answer({ try pattern.wholeMatch(in: slice) }) ?? nil {
            expect(whole.range == slice.startIndex..<slice.endIndex, "substring wholeMatch is not the slice")
        }
        let sliceAnswer = answer { try pattern.hasWholeMatch(in: slice) }
        let copyAnswer = answer { try pattern.hasWholeMatch(in: String(slice)) }
        if let sliceAnswer, let copyAnswer {
            expect(sliceAnswer == copyAnswer, "a Substring and its String copy answer differently")
        }
    }

    /// Raw bytes give the string's answers when they are valid UTF-8 and an invalid-UTF-8 error
    /// (never a crash, never an answer) when they are not.
    func checkBytes(_ pattern: Pattern, _ bytes: [UInt8], decoded: String) {
        let valid = String(validating: bytes, as: UTF8.self) != nil
        do {
            let has = try pattern.hasMatch(in: bytes)
            expect(valid, "invalid UTF-8 was matched without an error")
            if let stringAnswer = answer({ try pattern.hasMatch(in: decoded) }) {
                expect(has == stringAnswer, "bytes and string disagree on hasMatch")
            }
            if let match = answer({ try pattern.firstMatch(in: bytes) }) ?? nil {
                expect(match.range.lowerBound >= 0 && match.range.upperBound <= bytes.count, "byte match out of range")
            }
            if let byteMatches = answer({ try pattern.matches(in: bytes) }),
                let stringMatches = answer({ try pattern.matches(in: decoded) })
            {
                expect(byteMatches.map(\.range) == stringMatches.map(\.utf8Range), "byte and string matches differ")
            }
            _ = answer { try pattern.hasWholeMatch(in: bytes[...]) }
        } catch let error as PatternError {
            if error.kind == .invalidUTF8 {
                expect(!valid, "valid UTF-8 reported as invalid: \(error)")
                expect((error.offset ?? -1) >= 0 && (error.offset ?? -1) <= bytes.count, "bad invalid-UTF-8 offset")
            } else {
                expect(error.isLimit, "unexpected error on bytes: \(error)")
            }
        } catch {
            finding("a non-PatternError from matching bytes: \(error)")
        }
    }

    /// The interpreter gives the JIT's answers whenever neither reaches a limit.
    func checkInterpreterAgrees(_ pattern: Pattern, _ input: FuzzInput) {
        guard pattern.isJITCompiled,
            let interpreted = try? Pattern(input.pattern, options: input.options, limits: input.limits, jit: .never)
        else { return }
        let subject = input.subject
        if let jit = answer({ try pattern.matches(in: subject).map(\.utf8Range) }),
            let plain = answer({ try interpreted.matches(in: subject).map(\.utf8Range) })
        {
            expect(jit == plain, "JIT matches \(jit) but interpreter \(plain)")
        }
        if let jit = answer({ try pattern.hasWholeMatch(in: subject) }),
            let plain = answer({ try interpreted.hasWholeMatch(in: subject) })
        {
            expect(jit == plain, "JIT whole match \(jit) but interpreter \(plain)")
        }
    }

    /// A batch gives the one-by-one answers (limits count as no match: fail closed).
    func checkBatch(_ pattern: Pattern, _ subject: String) {
        let inputs = [subject, "", subject + subject, "é"]
        let oneByOne = inputs.map { (try? pattern.hasWholeMatch(in: $0)) ?? false }
        let batch = Batch(options: BatchOptions(parallelism: 2, chunkSize: 1, sequentialThreshold: 0))
        expect(batch.hasWholeMatch(pattern, in: inputs) == oneByOne, "batch and one-by-one whole matches differ")
        let report = batch.report(inputs, wholeMatching: pattern, message: "no")
        expect(report.failures.map(\.index) == oneByOne.indices.filter { !oneByOne[$0] }, "report disagrees")
    }

    func checkMatch(_ match: Pattern.Match, in subject: Substring) {
        let range = match.range
        expect(range.lowerBound >= subject.startIndex && range.upperBound <= subject.endIndex, "match out of range")
        expect(match.utf8Range.count == subject[range].utf8.count, "utf8Range and range disagree")
        for group in 0..<match.count {
            if let groupRange = match.range(at: group) {
                expect(
                    groupRange.lowerBound >= subject.startIndex && groupRange.upperBound <= subject.endIndex,
                    "group \(group) out of range")
            }
        }
        _ = match.captures
    }

    /// The value, or nil when the call threw a `PatternError` that is allowed here (a limit or
    /// a bad template); any other error is a finding.
    func answer<T>(_ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch let error as PatternError {
            expect(error.isLimit || error.kind == .replacement, "unexpected error: \(error)")
            return nil
        } catch {
            finding("a non-PatternError: \(error)")
            return nil
        }
    }

    /// Records `message` as a finding unless `condition` holds; the checks go on either way.
    package func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { finding(message()) }
    }

    package func finding(_ message: String) {
        findings.append(message)
    }
}
