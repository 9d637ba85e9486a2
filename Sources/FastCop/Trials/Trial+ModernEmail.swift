extension Trial {
    /// Passes when the whole evidence is an email address by the modern rule,
    /// ``Pattern/modernEmailSource``: the rule to use for new code.
    ///
    /// ```swift
    /// let email = Trial.modernEmail
    /// email.trial()("curator@louvre.museum")   // true
    /// email.trial()("ada@bücher.de")           // true
    /// email.trial()("a..b@example..com")       // false
    /// ```
    ///
    /// An RFC 5322 dot-atom local part in ASCII, a domain of two labels or more in any script
    /// (or punycode) with no leading or trailing hyphen and a top-level label of two letters
    /// or more, within the RFC 5321 lengths. SwiftCop's ``email`` (TLDs of 2 to 4 ASCII
    /// letters, doubled dots accepted) stays for compatibility. The same `format` trial as
    /// `Trial.format(Pattern.modernEmailSource)`: compiled once, through
    /// ``PatternCache/shared``. (FastCop addition.)
    public static var modernEmail: Trial {
        .format(Pattern.modernEmailSource)
    }
}
