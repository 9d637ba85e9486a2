extension Pattern {
    /// SwiftCop's email pattern, `[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}`, used as a
    /// whole match by SwiftCop's `Trial.email` and the `email` validation.
    ///
    /// It is deliberately simple and ASCII-only: "a@b.co" passes, "a@b.museum" (a TLD of more
    /// than four letters) and "ÄÖ@x.com" do not.
    public static let emailSource = #"[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}"#
}

extension Pattern {
    /// A modern email pattern for real data (the `fastcop` tool's `email` trial and
    /// `check --email`), as a whole match; SwiftCop's ``emailSource`` stays the pattern of
    /// `Trial.email`.
    ///
    /// - The local part is an RFC 5322 dot-atom in ASCII: letters, digits and
    ///   `!#$%&'*+/=?^_{|}~-` and the backtick, in runs separated by single dots (no leading, trailing or
    ///   doubled dot), at most 64 characters (RFC 5321).
    /// - The domain has two labels or more. A label is letters, digits and combining marks of
    ///   any script (an internationalized domain in Unicode, `bücher.de`) or ASCII (its
    ///   punycode, `xn--bcher-kva.de`), with hyphens inside but not at either end, 1 to 63
    ///   characters. The top-level label is letters of any length (`museum`, `company`) or
    ///   punycode (`xn--p1ai`); an all-digit one (`1.2.3.4`) is refused.
    /// - The whole address is at most 255 characters.
    ///
    /// Lengths are counted in characters, which is octets for ASCII; a Unicode label is
    /// measured as written, not as its punycode. Quoted local parts (`"a b"@x.org`), address
    /// literals (`a@[192.0.2.1]`), comments and non-ASCII local parts are not accepted.
    public static let modernEmailSource =
        #"(?=[^@]{1,64}@)(?=.{3,255}\z)"#
        + #"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"#
        + #"@(?:[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?\.)+"#
        + #"(?:\p{L}[\p{L}\p{M}]{1,62}|xn--[A-Za-z0-9-]{0,58}[A-Za-z0-9])"#
}
