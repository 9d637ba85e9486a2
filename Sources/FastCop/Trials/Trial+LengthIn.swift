extension Trial {
    /// Passes when the evidence's `Character` count lies in `counts`: `Trial.length(in: 3...10)`.
    ///
    /// The same as `.length(.in, counts)`, spelled so that every kind of integer range works;
    /// it accepts no other payload, so `Trial.length(in: 1.0...3.0)` does not compile.
    /// (FastCop addition.)
    public static func length(in counts: ClosedRange<Int>) -> Trial {
        .length(.in, counts)
    }

    /// Passes when the evidence's `Character` count lies in `counts`: `Trial.length(in: 3..<10)`.
    /// (FastCop addition.)
    public static func length(in counts: Range<Int>) -> Trial {
        .length(.in, counts)
    }

    /// Passes when the evidence has at least `counts.lowerBound` `Character`s:
    /// `Trial.length(in: 3...)`, the same as `.length(.minimum, 3)`.
    ///
    /// SwiftCop's `Trial.length(.in, 3...)` compiles but rejects every input (see
    /// ``LengthPayloadError``); this one does what it says. (FastCop addition.)
    public static func length(in counts: PartialRangeFrom<Int>) -> Trial {
        .length(.minimum, counts.lowerBound)
    }

    /// Passes when the evidence has at most `counts.upperBound` `Character`s:
    /// `Trial.length(in: ...100)`, the same as `.length(.maximum, 100)`, Vapor's
    /// `.count(...100)`. (FastCop addition.)
    public static func length(in counts: PartialRangeThrough<Int>) -> Trial {
        .length(.maximum, counts.upperBound)
    }

    /// Passes when the evidence has fewer than `counts.upperBound` `Character`s:
    /// `Trial.length(in: ..<100)`. (FastCop addition.)
    public static func length(in counts: PartialRangeUpTo<Int>) -> Trial {
        // `..<Int.min` holds no count; `upperBound - 1` would overflow.
        counts.upperBound == Int.min ? .beFalse : .length(.maximum, counts.upperBound - 1)
    }
}
