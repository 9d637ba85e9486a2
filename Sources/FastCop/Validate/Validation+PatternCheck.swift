/// The pattern of a `format` or email validation, compiled when the validation is made, and
/// the errors it throws.
///
/// Not generic (the validations it serves are all on `String`), so the check runs as plain
/// code whatever generic context made it.
struct PatternRule: Sendable {
    /// The compiled pattern; nil when it does not compile.
    private let pattern: Pattern?
    /// Whether the whole string must match (email), or a match anywhere will do (`format`).
    private let whole: Bool
    /// The message users see when the rule fails.
    private let message: String
    /// The error for a value the rule rejects: made (and boxed) once, so throwing it again
    /// allocates nothing. For a broken pattern it carries the compile error underneath.
    private let failure: any Error

    /// Compiles `source` through ``PatternCache/shared``. A broken pattern does not crash: every
    /// value fails with `message` (the error underneath is the ``PatternError``), and the
    /// developer is told through ``ValidationDiagnostics`` as `origin`.
    init(_ source: String, options: Pattern.Options = [], whole: Bool, message: String, origin: String) {
        self.whole = whole
        self.message = message
        do {
            pattern = try PatternCache.shared.pattern(source, options: options, wholeMatch: whole)
            failure = ValidationError(description: message)
        } catch {
            pattern = nil
            failure = ValidationError(description: message, underlyingError: error)
            ValidationDiagnostics.report(
                .init(origin: origin, userMessage: message, error: error))
        }
    }

    /// A rule on a pattern compiled by the caller (who saw any compile error thrown).
    init(_ pattern: Pattern, whole: Bool, message: String) {
        self.pattern = pattern
        self.whole = whole
        self.message = message
        failure = ValidationError(description: message)
    }

    /// Throws unless the pattern matches `value` (anywhere, or as a whole match).
    ///
    /// Fails closed, and shows users only the message: a broken pattern, or a match that
    /// reaches a limit, throws a ``ValidationError`` with the message whose
    /// ``ValidationError/underlyingError`` is the ``PatternError``; it never lets the value pass.
    func check(_ value: String) throws {
        guard let pattern else { throw failure }
        let matched: Bool
        do {
            matched = whole ? try pattern.hasWholeMatch(in: value) : try pattern.hasMatch(in: value)
        } catch {
            throw ValidationError(description: message, underlyingError: error)
        }
        guard matched else { throw failure }
    }

    /// The rule as a validation.
    var validation: Validation<String> {
        Validation<String> { value in try check(value) }
    }
}
