extension CompiledCode {
    /// Visits every non-overlapping match in `subject`, left to right, with the offsets
    /// ``offsets(in:from:options:validated:budget:)`` returns. `body` returns false to stop.
    ///
    /// After an empty match the next search starts at the same place with
    /// `PCRE2_NOTEMPTY_ATSTART`, so it finds a non-empty match there or any match further
    /// on, and never the same empty match again (Perl's rule: `a*` on "baaa" gives "", "aaa",
    /// "", as ICU does too; for lazy patterns such as `a*?` ICU gives fewer empty matches, see
    /// docs/differences-from-NSRegularExpression.md).
    ///
    /// - Parameter validated: as for ``run(_:from:options:validated:scratch:)``. When false,
    ///   the first search checks the whole subject's UTF-8 once; later ones skip the check.
    func forEachMatch(
        in subject: UnsafeBufferPointer<UInt8>, validated: Bool, _ body: ([Int]) throws -> Bool
    ) throws {
        var start = 0
        var options: UInt32 = 0
        var checked = validated
        // One budget for the whole iteration (see EngineLimits.total).
        var remaining = limits.budget(forSubjectOf: subject.count)
        while start <= subject.count {
            let next = try withUnsafeMutablePointer(to: &remaining) { budget in
                try offsets(in: subject, from: start, options: options, validated: checked, budget: budget)
            }
            guard let found = next else { return }
            checked = true
            guard try body(found) else { return }
            let (lower, upper) = (found[0], found[1])
            options = upper == lower ? EngineFlags.notEmptyAtStart : 0
            start = max(upper, start)
        }
    }
}
