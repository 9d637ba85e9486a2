extension Pattern {
    /// Whether the pattern matches anywhere in `string`.
    ///
    /// ```swift
    /// try Pattern(#"\d{3}"#).hasMatch(in: "ab123cd")   // true
    /// ```
    ///
    /// - Throws: ``PatternError`` when the match reaches a limit.
    /// - Complexity: O(*n*) for most patterns; bounded by ``Limits`` for the rest.
    @_effects(releasenone)
    public func hasMatch(in string: String) throws -> Bool {
        // releasenone: see hasWholeMatch(in:).
        try test(string, whole: false)
    }

    /// Whether the pattern matches anywhere in `string`.
    public func hasMatch(in string: Substring) throws -> Bool {
        try test(string, whole: false)
    }

    /// Whether the pattern matches the whole of `string`, as `NSPredicate`'s `MATCHES` and
    /// Swift's `wholeMatch(of:)` do.
    ///
    /// The match must start at the first character and end at the last: `a|ab` matches
    /// "ab", and `abc` does not match "abc\n".
    ///
    /// ```swift
    /// try Pattern("a|ab").hasWholeMatch(in: "ab")   // true
    /// ```
    ///
    /// - Throws: ``PatternError`` when the match reaches a limit.
    @_effects(releasenone)
    public func hasWholeMatch(in string: String) throws -> Bool {
        // releasenone tells the caller's optimizer that this call releases no object that
        // existed before it, so the caller need not retain and release `string` around it (two
        // atomic operations per call, about 15% of a short match). It holds: the match borrows
        // the string, the compiled code and the thread's scratch; only a first call compiles,
        // and that releases only what it created itself.
        try test(string, whole: true)
    }

    /// Whether the pattern matches the whole of `string`.
    public func hasWholeMatch(in string: Substring) throws -> Bool {
        try test(string, whole: true)
    }

    /// One match on a string's UTF-8, borrowing the code and the thread's scratch (no
    /// retain/release per call).
    func test(utf8 bytes: UnsafeBufferPointer<UInt8>, whole: Bool) throws -> Bool {
        try withCode(whole: whole) { code in
            try translatingErrors {
                try MatchScratch.withCurrent { try code.run(bytes, validated: true, scratch: $0) }
            }
        }
    }

    func test(_ string: String, whole: Bool) throws -> Bool {
        try UTF8Access.with(string) { try test(utf8: $0, whole: whole) }
    }

    func test(_ string: Substring, whole: Bool) throws -> Bool {
        try UTF8Access.with(string) { try test(utf8: $0, whole: whole) }
    }
}
