public import Foundation

extension Validation {
    /// Passes when `pattern` matches anywhere in the string, as the original does: `\d{3}`
    /// accepts "ab123cd". Anchor it (`^…$`, or better `\A…\z`) to check the whole string.
    ///
    /// Default message: "Is incorrectly formatted".
    ///
    /// Runs on FastCop's PCRE2 engine, not `NSRegularExpression`: the pattern is compiled once,
    /// when the validation is made, through ``PatternCache/shared`` (the original compiled it
    /// at every validation). The syntax is PCRE2's, which agrees with ICU's on common patterns;
    /// `\w`, `\d` and `\b` are Unicode-aware as in ICU.
    ///
    /// Users only ever see `message`, never the pattern:
    ///
    /// - A broken pattern does not crash (the original stops with `preconditionFailure`): every
    ///   value fails with `message`, the error's ``ValidationError/underlyingError`` is the
    ///   ``PatternError``, and the developer is told once, at setup, through
    ///   ``ValidationDiagnostics`` (standard error by default), with PCRE2's message and a caret
    ///   under the fault. To get the error thrown instead, compile the pattern with
    ///   `try Pattern(…)` and pass it to ``format(_:message:)-(Pattern,_)->Validation<String>``.
    /// - A match that reaches a limit (a runaway pattern on hostile input) fails the value with
    ///   `message`; the underlying error is the limit's ``PatternError``.
    ///
    /// - Parameters:
    ///   - pattern: the regular expression.
    ///   - options: `.caseInsensitive`, `.allowCommentsAndWhitespace`,
    ///     `.ignoreMetacharacters`, `.dotMatchesLineSeparators`, `.anchorsMatchLines` and
    ///     `.useUnixLineSeparators` are honoured; `.useUnicodeWordBoundaries` is ignored.
    ///   - message: the message when the pattern is not found.
    ///
    /// Mirrors Validate's `format(_:options:message:)`.
    public static func format(
        _ pattern: String, options: NSRegularExpression.Options = [], message: String? = nil
    ) -> Validation<String> {
        PatternRule(
            pattern, options: Pattern.Options(options), whole: false,
            message: message ?? invalidFormatMessage, origin: "Validation.format(_:options:message:)"
        ).validation
    }

    /// The same on an optional string; nil fails with the same message.
    ///
    /// Mirrors Validate's `format(_:options:message:)` on `Optional<String>`.
    public static func format(
        _ pattern: String, options: NSRegularExpression.Options = [], message: String? = nil
    ) -> Validation<String?> {
        let present: Validation<String> = format(pattern, options: options, message: message)
        return present.requiringValue(orThrow: ValidationError(description: message ?? invalidFormatMessage))
    }

    /// Passes when the compiled `pattern` matches anywhere in the string, as
    /// ``format(_:options:message:)-(String,_,_)->Validation<String>`` does: the form for a
    /// pattern whose compile error should be thrown at setup rather than reported.
    ///
    /// ```swift
    /// let phone = try Pattern(#"\A\+?[0-9 ()-]{7,20}\z"#)   // throws PatternError if broken
    /// @Validate(.format(phone, message: "Invalid phone number")) var number: String = ""
    /// ```
    ///
    /// A match that reaches one of the pattern's limits fails the value with `message` (the
    /// underlying error is the ``PatternError``). Default message: "Is incorrectly formatted".
    ///
    /// FastCop addition.
    public static func format(_ pattern: Pattern, message: String? = nil) -> Validation<String> {
        PatternRule(pattern, whole: false, message: message ?? invalidFormatMessage).validation
    }

    /// The same on an optional string; nil fails with the same message.
    ///
    /// FastCop addition.
    public static func format(_ pattern: Pattern, message: String? = nil) -> Validation<String?> {
        let present: Validation<String> = format(pattern, message: message)
        return present.requiringValue(orThrow: ValidationError(description: message ?? invalidFormatMessage))
    }

    /// The default message of the `format` validations.
    static var invalidFormatMessage: String { "Is incorrectly formatted" }
}
