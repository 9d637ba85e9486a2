extension Pattern {
    /// SwiftCop's email pattern, `[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}`, used as a
    /// whole match by SwiftCop's `Trial.email` and the `email` validation.
    ///
    /// It is deliberately simple and ASCII-only: "a@b.co" passes, "a@b.museum" (a TLD of more
    /// than four letters) and "ÄÖ@x.com" do not.
    public static let emailSource = #"[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}"#
}
