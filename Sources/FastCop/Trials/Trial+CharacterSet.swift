public import Foundation

extension Trial {
    /// Passes when every Unicode scalar of the evidence is in `set`; the empty string passes
    /// (combine with ``length(_:_:)`` to require a value). Vapor's `.characterSet(_:)`.
    ///
    /// ```swift
    /// let code = Trial.characterSet(.decimalDigits.union(CharacterSet(charactersIn: "-")))
    /// code.trial()("12-34")   // true
    /// ```
    ///
    /// Unicode-aware: the test is on Unicode scalars, not bytes or `Character`s, so
    /// "e\u{301}" needs both "e" and the combining accent in `set`, and Foundation's sets
    /// (`.letters`, `.decimalDigits`, …) cover every script. (FastCop addition.)
    public static func characterSet(_ set: CharacterSet) -> ClosureTrial {
        ClosureTrial { evidence in evidence.unicodeScalars.allSatisfy { set.contains($0) } }
    }

    /// Passes when the evidence holds only letters, combining marks and digits of any script
    /// (Foundation's `CharacterSet.alphanumerics`): "Zoë", "straße", "Ελληνικά", "名前",
    /// "e\u{301}" and "٣" pass; spaces, punctuation, "_" and emoji do not. The empty string
    /// passes.
    ///
    /// Unicode-aware, unlike Vapor's `.alphanumeric` (ASCII letters and digits only): for that
    /// rule write `Trial.format("[A-Za-z0-9]*")`. (FastCop addition.)
    public static var alphanumeric: ClosureTrial {
        characterSet(.alphanumerics)
    }
}
