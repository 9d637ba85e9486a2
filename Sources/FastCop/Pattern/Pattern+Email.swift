extension Pattern {
    /// SwiftCop's email pattern, `[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}`, used as a
    /// whole match by SwiftCop's `Trial.email` and the `email` validation.
    ///
    /// It is deliberately simple and ASCII-only: "a@b.co" passes, "a@b.museum" (a TLD of more
    /// than four letters) and "ÄÖ@x.com" do not.
    public static let emailSource = #"[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}"#
}

extension Pattern {
    /// A modern email pattern for real data, as a whole match: the shape of the `fastcop`
    /// tool's email rule (`email` in a rules file, `check --email`), which adds checks a
    /// pattern cannot make (octet lengths and IDNA 2008 for Unicode and punycode domains).
    /// SwiftCop's ``emailSource`` stays the pattern of `Trial.email`.
    ///
    /// - The local part is an RFC 5322 dot-atom in ASCII: letters, digits and
    ///   `!#$%&'*+/=?^_{|}~-` and the backtick, in runs separated by single dots (no leading, trailing or
    ///   doubled dot), at most 64 characters (RFC 5321).
    /// - The domain has two labels or more. A label is letters, digits and combining marks of
    ///   any script (an internationalized domain in Unicode, `bücher.de`) or ASCII (its
    ///   punycode, `xn--bcher-kva.de`), with hyphens inside but not at either end, 1 to 63
    ///   characters. The top-level label is two letters or more (`io`, `museum`) or punycode
    ///   (`xn--p1ai`); an all-digit one (`1.2.3.4`) is refused.
    /// - The whole address is at most 254 characters (RFC 5321).
    ///
    /// Lengths are counted in characters, which is octets for ASCII. Quoted local parts
    /// (`"a b"@x.org`), address literals (`a@[192.0.2.1]`), comments, display names and
    /// non-ASCII local parts (`josé@x.org`) are not accepted.
    public static let modernEmailSource =
        #"(?=[^@]{1,64}@)(?=.{3,254}\z)"#
        + #"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"#
        + #"@(?:[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?\.)+"#
        + #"(?:\p{L}[\p{L}\p{M}]{1,62}|[Xx][Nn]--[A-Za-z0-9-]{0,58}[A-Za-z0-9])"#
}
