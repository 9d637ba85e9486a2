extension Validation {
    /// The default message of `email(message:)`.
    static var invalidEmailMessage: String { "Is not a valid email" }

    /// Passes when the whole string is an email address by SwiftCop's rule
    /// (``Pattern/emailSource``: `[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}`).
    ///
    /// A whole match, as SwiftCop's `Trial.email`: "ada@example.com" passes, " ada@example.com"
    /// and "ada@example.com\n" do not; the rule is ASCII-only ("zoë@example.com" fails) and
    /// top-level domains have 2 to 4 letters. Default message: "Is not a valid email".
    ///
    /// FastCop addition (the original has no email validation).
    public static func email(message: String? = nil) -> Validation<String> {
        let compiled = cachedPattern(Pattern.emailSource, wholeMatch: true)
        let failure = message ?? invalidEmailMessage
        return Validation<String> { value in
            try checkPattern(compiled, in: value, whole: true, failure: failure)
        }
    }

    /// The same on an optional string; nil fails with the same message (wrap it in
    /// `ifPresent(_:)` to let nil and "" pass).
    ///
    /// FastCop addition.
    public static func email(message: String? = nil) -> Validation<String?> {
        let present: Validation<String> = email(message: message)
        return present.requiringValue(orThrow: ValidationError(description: message ?? invalidEmailMessage))
    }
}
