extension Trial {
    /// Passes when the evidence equals one of `values`, as Vapor's `.in("a", "b")` does.
    ///
    /// ```swift
    /// let size = Trial.oneOf(["S", "M", "L"])
    /// size.trial()("M")    // true
    /// size.trial()("XL")   // false
    /// ```
    ///
    /// An exact, whole-string comparison by Swift's `String` equality, so canonically
    /// equivalent text is equal ("café" with a precomposed é equals "cafe\u{301}"); no case
    /// folding and no trimming. SwiftCop's ``inclusion(_:)`` is a different test: a substring
    /// search. An empty list rejects everything. (FastCop addition.)
    ///
    /// - Complexity: O(*n*) in the evidence's length (a hash-set lookup).
    public static func oneOf(_ values: [String]) -> ClosureTrial {
        let members = Set(values)
        return ClosureTrial { members.contains($0) }
    }
}
