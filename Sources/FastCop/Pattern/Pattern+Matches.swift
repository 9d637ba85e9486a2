extension Pattern {
    /// The first match in `string`, or nil.
    ///
    /// ```swift
    /// let date = try Pattern(#"(?<year>\d{4})-(?<month>\d\d)"#)
    /// let match = try date.firstMatch(in: "due 2026-11, paid")!
    /// match["year"]   // "2026"
    /// ```
    ///
    /// - Throws: ``PatternError`` when the match reaches a limit.
    public func firstMatch(in string: String) throws -> Match? {
        try firstMatch(in: string[...])
    }

    /// The first match in `string`, or nil.
    public func firstMatch(in string: Substring) throws -> Match? {
        let code = try searchCode
        let found = try translatingErrors {
            try UTF8Access.with(string) { try code.offsets(in: $0, validated: true) }
        }
        return found.map { Match(subject: string, offsets: $0, groupNumbers: code.groupNumbers) }
    }

    /// The match of the whole of `string`, with its groups, or nil when the whole string
    /// does not match.
    public func wholeMatch(in string: String) throws -> Match? {
        try wholeMatch(in: string[...])
    }

    /// The match of the whole of `string`, with its groups, or nil.
    public func wholeMatch(in string: Substring) throws -> Match? {
        let code = try wholeCode
        let found = try translatingErrors {
            try UTF8Access.with(string) { try code.offsets(in: $0, validated: true) }
        }
        return found.map { Match(subject: string, offsets: $0, groupNumbers: code.groupNumbers) }
    }

    /// Every non-overlapping match in `string`, left to right.
    ///
    /// Empty matches are included, and after one the search looks for a non-empty match at the
    /// same place or any match further on (Perl's rule): `a*` on "baaa" gives "", "aaa", "", as
    /// `NSRegularExpression` does. Lazy patterns such as `a*?` give more empty matches than
    /// ICU; see docs/differences-from-NSRegularExpression.md.
    ///
    /// - Complexity: O(*n*) matches of the pattern over the string.
    public func matches(in string: String) throws -> [Match] {
        try matches(in: string[...])
    }

    /// Every non-overlapping match in `string`, left to right.
    public func matches(in string: Substring) throws -> [Match] {
        let code = try searchCode
        var result: [Match] = []
        try translatingErrors {
            try UTF8Access.with(string) { bytes in
                try code.forEachMatch(in: bytes, validated: true) { offsets in
                    result.append(Match(subject: string, offsets: offsets, groupNumbers: code.groupNumbers))
                    return true
                }
            }
        }
        return result
    }

    /// The number of non-overlapping matches in `string`.
    public func numberOfMatches(in string: String) throws -> Int {
        let code = try searchCode
        var count = 0
        try translatingErrors {
            try UTF8Access.with(string) { bytes in
                try code.forEachMatch(in: bytes, validated: true) { _ in
                    count += 1
                    return true
                }
            }
        }
        return count
    }
}
