extension Validation {
    /// A pattern from ``PatternCache/shared``, or the error compiling it gave, kept so that the
    /// validation reports it instead of crashing.
    static func cachedPattern(
        _ source: String, options: Pattern.Options = [], wholeMatch: Bool
    ) -> Result<Pattern, any Error> {
        Result { try PatternCache.shared.pattern(source, options: options, wholeMatch: wholeMatch) }
    }

    /// Throws unless `compiled` matches `value` (anywhere, or as a whole match).
    ///
    /// Fails closed: a broken pattern or a match that reaches a limit throws a
    /// ``ValidationError`` that says why, with the ``PatternError`` as its underlying error;
    /// it never lets the value pass.
    static func checkPattern(
        _ compiled: Result<Pattern, any Error>, in value: String, whole: Bool, failure: any Error
    ) throws {
        let pattern: Pattern
        switch compiled {
        case .success(let compiledPattern):
            pattern = compiledPattern
        case .failure(let error):
            throw ValidationError(description: "Invalid pattern:\n\(error)", underlyingError: error)
        }
        let matched: Bool
        do {
            matched = whole ? try pattern.hasWholeMatch(in: value) : try pattern.hasMatch(in: value)
        } catch {
            throw ValidationError(description: "Could not be checked: \(error)", underlyingError: error)
        }
        guard matched else { throw failure }
    }
}
