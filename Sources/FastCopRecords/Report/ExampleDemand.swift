import Synchronization

/// Which rules still want examples, shared by a run's workers: once the run's tally (merged in
/// input order) holds a rule's examples, a task judged after that takes none for the rule (it
/// would make them only for them to be dropped). Safe to skip: every row of such a task comes
/// after the rows those examples are from.
final class ExampleDemand: @unchecked Sendable {
    /// One bit per rule, set when the rule has all its examples (relaxed atomics: a late bit
    /// only costs a few examples made and dropped).
    private let words: UnsafeMutablePointer<Atomic<UInt64>>
    private let wordCount: Int

    init(ruleCount: Int) {
        wordCount = (ruleCount + 63) / 64
        words = .allocate(capacity: max(1, wordCount))
        for index in 0..<max(1, wordCount) { (words + index).initialize(to: Atomic(0)) }
    }

    deinit {
        words.deinitialize(count: max(1, wordCount))
        words.deallocate()
    }

    /// Whether rule `rule` has all its examples.
    @inline(__always)
    func isMet(_ rule: Int) -> Bool {
        words[rule >> 6].load(ordering: .relaxed) & (1 << UInt64(rule & 63)) != 0
    }

    /// Marks rule `rule` as having all its examples.
    func meet(_ rule: Int) {
        words[rule >> 6].bitwiseOr(1 << UInt64(rule & 63), ordering: .relaxed)
    }
}
