extension Pattern {
    /// Whether the pattern matches anywhere in `string`.
    ///
    /// ```swift
    /// try Pattern(#"\d{3}"#).hasMatch(in: "ab123cd")   // true
    /// ```
    ///
    /// - Throws: ``PatternError`` when the match reaches a limit.
    /// - Complexity: O(*n*) for most patterns; bounded by ``Limits`` for the rest.
    public func hasMatch(in string: String) throws -> Bool {
        try test(string, whole: false)
    }

    /// Whether the pattern matches anywhere in `string`.
    public func hasMatch(in string: Substring) throws -> Bool {
        let code = try searchCode
        return try translatingErrors {
            try UTF8Access.with(string) { try code.run($0, validated: true, scratch: .current) }
        }
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
    public func hasWholeMatch(in string: String) throws -> Bool {
        try test(string, whole: true)
    }

    /// Whether the pattern matches the whole of `string`.
    public func hasWholeMatch(in string: Substring) throws -> Bool {
        let code = try wholeCode
        return try translatingErrors {
            try UTF8Access.with(string) { try code.run($0, validated: true, scratch: .current) }
        }
    }

    func test(_ string: String, whole: Bool) throws -> Bool {
        let code = try whole ? wholeCode : searchCode
        return try translatingErrors {
            try UTF8Access.with(string) { try code.run($0, validated: true, scratch: .current) }
        }
    }
}
