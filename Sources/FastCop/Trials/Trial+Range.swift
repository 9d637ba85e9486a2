extension Trial {
    /// Passes when the evidence reads as a number of type `Bound` (`Int`, `Double`, …) that
    /// lies in `bounds`, as Vapor's `.range(18...)` does for a decoded number.
    ///
    /// ```swift
    /// let age = Trial.range(18...)            // Int
    /// age.trial()("42")     // true
    /// age.trial()("17")     // false
    /// age.trial()("forty")  // false
    /// Trial.range(0.0..<1.0).trial()("0.5")   // true
    /// ```
    ///
    /// Any range works: closed (`1...9`), half-open (`1..<10`) or one-sided (`18...`,
    /// `...65`, `..<100`). The evidence is read by `Bound.init(_:)` (`Int("42")`,
    /// `Double("4.2")`), which takes ASCII digits, an optional sign and no spaces: " 42",
    /// "4 2" and Arabic-Indic digits are rejected. (FastCop addition.)
    public static func range<Bounds: RangeExpression & Sendable>(_ bounds: Bounds) -> ClosureTrial
    where Bounds.Bound: LosslessStringConvertible {
        ClosureTrial { evidence in
            guard let number = Bounds.Bound(evidence) else { return false }
            return bounds.contains(number)
        }
    }
}
