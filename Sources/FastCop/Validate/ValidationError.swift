public import Foundation

/// The error a validation throws: a message for the user, and the cause when there is one.
///
/// Mirrors Validate's `ValidationError`: `errorDescription` (and so `localizedDescription`,
/// on Linux too) is the description given at creation.
///
/// ```swift
/// throw ValidationError(description: "Must be even")
/// ```
public struct ValidationError: LocalizedError, Sendable, CustomStringConvertible {
    /// The message.
    public let description: String

    /// What made the validation fail when it was not the value itself, for example the
    /// ``PatternError`` of a broken `format` pattern or of a match that reached a limit.
    /// Nil for ordinary failures. (FastCop addition.)
    public let underlyingError: (any Error)?

    /// The message, which `localizedDescription` returns.
    ///
    /// Mirrors Validate's `ValidationError.errorDescription`.
    public var errorDescription: String? { description }

    /// Creates an error with a message.
    ///
    /// Mirrors Validate's `ValidationError.init(description:)`.
    public init(description: String) {
        self.init(description: description, underlyingError: nil)
    }

    /// Creates an error with a message and the error that caused it. (FastCop addition.)
    public init(description: String, underlyingError: (any Error)?) {
        self.description = description
        self.underlyingError = underlyingError
    }
}
