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
    /// Kept for compatibility with SwiftCop's rule: it rejects "curator@louvre.museum" and
    /// "ada@bücher.de" and accepts "a..b@example..com". For new code use
    /// ``modernEmail(message:)-(String?)->Validation<String>``.
    ///
    /// FastCop addition (the original has no email validation).
    public static func email(message: String? = nil) -> Validation<String> {
        PatternRule(
            Pattern.emailSource, whole: true, message: message ?? invalidEmailMessage,
            origin: "Validation.email(message:)"
        ).validation
    }

    /// The same on an optional string; nil fails with the same message (wrap it in
    /// `ifPresent(_:)` to let nil and "" pass).
    ///
    /// FastCop addition.
    public static func email(message: String? = nil) -> Validation<String?> {
        optionalEmailRule(email(message: message), message: message)
    }

    /// Passes when the whole string is an email address by the modern rule,
    /// ``Pattern/modernEmailSource`` (the rule of ``Trial/modernEmail``): the one to use for new
    /// code. "curator@louvre.museum" and "ada@bücher.de" pass; "a..b@example..com",
    /// "a@-x.com" and " ada@example.com" do not. Default message: "Is not a valid email".
    ///
    /// FastCop addition.
    public static func modernEmail(message: String? = nil) -> Validation<String> {
        PatternRule(
            Pattern.modernEmailSource, whole: true, message: message ?? invalidEmailMessage,
            origin: "Validation.modernEmail(message:)"
        )
        .validation
    }

    /// The same on an optional string; nil fails with the same message (wrap it in
    /// `ifPresent(_:)` to let nil and "" pass).
    ///
    /// FastCop addition.
    public static func modernEmail(message: String? = nil) -> Validation<String?> {
        optionalEmailRule(modernEmail(message: message), message: message)
    }

    /// `present` on an optional string; nil fails with `message` or the default.
    private static func optionalEmailRule(_ present: Validation<String>, message: String?) -> Validation<String?> {
        present.requiringValue(orThrow: ValidationError(description: message ?? invalidEmailMessage))
    }
}
