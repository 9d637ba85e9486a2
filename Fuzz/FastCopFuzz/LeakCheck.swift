import FastCop
import Foundation

/// A loop that creates, uses and drops everything FastCop allocates (patterns and their
/// compiled code, caches, trials, validations, filters, batches and their worker threads,
/// errors), then checks that the heap does not grow with the number of rounds.
///
/// `FastCopFuzz --leak-check ROUNDS` runs it; scripts/sanitize runs it in a plain build
/// (growth of resident memory, from /proc/self/status) and under AddressSanitizer
/// (LeakSanitizer reports every block still unreachable at exit, however small).
enum LeakCheck {
    /// Resident memory in bytes (Linux: VmRSS in /proc/self/status); 0 where unavailable.
    /// (glibc's `mallinfo2` would be finer, but Swift's Glibc module does not import it.)
    static func residentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return 1024 * (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0)
        }
        return 0
    }

    /// One round: every kind of object made, used and dropped.
    static func round(_ index: Int) {
        let inputs = ["", "é", "ada@example.com", "ß😀 e\u{301}", String(repeating: "a", count: 30) + "!", "\(index)"]
        // Patterns, compiled with and without JIT, matched every way; tight limits make the
        // runaway branch end in a limit error at once.
        let tight = Pattern.Limits(matchLimit: 2_000, depthLimit: 1_000, heapLimit: 1 << 20)
        for jit in [Pattern.JITMode.ifAvailable, .never] {
            if let pattern = try? Pattern(
                #"(?<w>\w+)@(\w+)\.com|^(a|aa)+$"#, options: .caseInsensitive, limits: tight, jit: jit)
            {
                for input in inputs {
                    _ = try? pattern.hasMatch(in: input)
                    _ = try? pattern.hasWholeMatch(in: input)
                    _ = try? pattern.firstMatch(in: input)?.captures
                    _ = try? pattern.matches(in: input).map(\.substring)
                    _ = try? pattern.replacing(in: input, with: "<${w}>")
                    _ = try? pattern.replacing(in: input) { $0.substring.uppercased() }
                    _ = try? pattern.matches(in: Array(input.utf8) + [0xFF])
                }
            }
        }
        // Broken patterns and templates: errors made and dropped.
        _ = try? Pattern("(unclosed \(index)")
        _ = try? Pattern("(a)").replacing(in: "a", with: "$2")
        // A private cache, filled past its capacity, then dropped.
        let cache = PatternCache(capacity: 3)
        for variant in 0..<6 { _ = try? cache.pattern("x{\(variant)}é", wholeMatch: variant % 2 == 0) }
        _ = try? cache.pattern("(")
        // The shared cache with 20 patterns in turn (well below its capacity, so that it is
        // full from the warm-up on).
        _ = try? PatternCache.shared.pattern("leak-check-\(index % 20)")
        // Trials, validations and filters (one real limit error per round, through a trial).
        _ = Trial.format("^(a|aa)+$").trial()(inputs[4])
        _ = try? Trial.email.evaluate(inputs[2])
        let validation: Validation<String> = .format(#"\d+"#)
        _ = try? validation.validate(inputs[5])
        _ = try? RegexReplaceFilter(pattern: #"\s+"#, replacement: " ").apply(to: inputs[3])
        let chain = FilterChain {
            $0.registerFilter(TrimFilter())
            $0.registerFilter(RegexReplaceFilter(pattern: "(é)", replacement: "[$1]"))
        }
        _ = try? chain.apply(to: " café ", context: nil)
        // Batches on two workers (their threads keep one match scratch each, by design).
        let batch = Batch(options: BatchOptions(parallelism: 2, chunkSize: 2, sequentialThreshold: 0))
        if let email = try? Pattern(Pattern.emailSource) {
            _ = batch.hasWholeMatch(email, in: inputs)
            _ = batch.report(inputs, wholeMatching: email, message: "Invalid email")
            _ = try? batch.replacing(email, in: inputs, with: "<$0>")
            let lines = Array(inputs.joined(separator: "\n").utf8)
            _ = lines.withUnsafeBytes { batch.matchLines(email, in: $0, wholeLine: true) }
        }
        _ = try? batch.report(inputs, rules: [TrialRule(.format("^(a|b)+$"), message: "no")])
    }

    /// Runs `rounds` rounds after a warm-up. With `measure`, prints the growth of resident
    /// memory and exits with status 1 when it grew by more than 1 KiB per round on average.
    /// Without it (under AddressSanitizer, whose quarantine holds freed memory, so resident
    /// memory grows anyway) it only runs the loop; LeakSanitizer checks at exit.
    static func main(rounds: Int, measure: Bool) {
        guard measure else {
            for index in 0..<rounds { round(index) }
            print("leak loop: \(rounds) rounds done")
            return
        }
        let warmUp = max(50, rounds / 10)
        for index in 0..<warmUp { round(index) }
        let before = residentBytes()
        for index in warmUp..<(warmUp + rounds) { round(index) }
        let after = residentBytes()
        let growth = after - before
        let perRound = Double(growth) / Double(max(1, rounds))
        print(
            "leak check: \(rounds) rounds, resident memory \(before) -> \(after) bytes "
                + "(\(growth >= 0 ? "+" : "")\(growth), \(String(format: "%.1f", perRound)) per round)")
        if perRound > 1024 {
            print("leak check: FAILED, memory grows with the number of rounds")
            exit(1)
        }
        print("leak check: no growth")
    }
}
