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
    /// `\w`, `\d` and `\b` are Unicode-aware as in ICU. A broken pattern does not crash (the
    /// original stops with `preconditionFailure`): every value fails with a ``ValidationError``
    /// whose description is "Invalid pattern:" and the compile error with a caret under the
    /// offending character. A match that reaches a limit also fails, saying why.
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
        let compiled = cachedPattern(pattern, options: Pattern.Options(options), wholeMatch: false)
        // Made and boxed once: throwing it again allocates nothing.
        let failure: any Error = ValidationError(description: message ?? "Is incorrectly formatted")
        return Validation<String> { value in
            try checkPattern(compiled, in: value, whole: false, failure: failure)
        }
    }

    /// The same on an optional string; nil fails with the same message.
    ///
    /// Mirrors Validate's `format(_:options:message:)` on `Optional<String>`.
    public static func format(
        _ pattern: String, options: NSRegularExpression.Options = [], message: String? = nil
    ) -> Validation<String?> {
        let present: Validation<String> = format(pattern, options: options, message: message)
        return present.requiringValue(orThrow: ValidationError(description: message ?? "Is incorrectly formatted"))
    }
}
