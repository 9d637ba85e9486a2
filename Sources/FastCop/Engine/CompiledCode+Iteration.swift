extension CompiledCode {
    /// Visits every non-overlapping match in `subject`, left to right, with the offsets
    /// ``offsets(in:from:options:validated:budget:)`` returns. `body` returns false to stop.
    ///
    /// The searches follow PCRE2's own global loop (``GlobalLoop``): after an empty match, a
    /// non-empty match at the same place, else the next match one character further (Perl's
    /// rule: `a*` on "baaa" gives "", "aaa", "", as ICU does too; for lazy patterns such as
    /// `a*?` ICU gives fewer empty matches, see docs/differences-from-NSRegularExpression.md).
    ///
    /// - Parameter validated: as for ``run(_:from:options:validated:scratch:)``. When false,
    ///   the first search checks the whole subject's UTF-8 once; later ones skip the check.
    func forEachMatch(
        in subject: UnsafeBufferPointer<UInt8>, validated: Bool, _ body: ([Int]) throws -> Bool
    ) throws {
        var loop = GlobalLoop(self)
        var checked = validated
        // One budget for the whole iteration (see EngineLimits.total).
        var remaining = limits.budget(forSubjectOf: subject.count)
        while !loop.isDone {
            let next = try withUnsafeMutablePointer(to: &remaining) { budget in
                try offsets(in: subject, from: loop.start, options: loop.options, validated: checked, budget: budget)
            }
            checked = true
            guard let found = next else {
                loop.missed(in: subject)
                continue
            }
            guard try body(found) else { return }
            loop.matched(found[0], found[1], count: subject.count)
        }
    }
}
