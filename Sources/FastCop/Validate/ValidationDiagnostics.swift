#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where FastCop tells the developer, never the user, that a validation cannot work as
/// written: a `format` pattern that does not compile, given to an API that cannot throw.
///
/// Validate's `format(_:options:message:)` returns a `Validation`, not a throwing function, and
/// `@Validate(.format("(ab"))` has nowhere to throw to. The original stops the program. FastCop
/// keeps running and splits the news in two:
///
/// - **The user** sees the rule's message ("Is incorrectly formatted", or the one you gave), as
///   for any value the rule rejects: never the pattern, never PCRE2's caret. Every value fails
///   (fail closed), and the error's ``ValidationError/underlyingError`` is the ``PatternError``.
/// - **The developer** gets the ``PatternError`` (code, offset, caret) through ``handler``, once
///   per pattern and message in a process, when the validation is made, that is at setup. By default it is
///   written to standard error:
///
/// ```
/// FastCop: Validation.format(_:options:message:) cannot check any value; every value fails
/// with "Is incorrectly formatted" until this is fixed:
/// (ab
///    ^
/// missing closing parenthesis at offset 3
/// ```
///
/// Send it to your logger (or stop the program in debug builds) at startup:
///
/// ```swift
/// ValidationDiagnostics.handler = { diagnostic in
///     logger.error("\(diagnostic)")
///     assertionFailure("\(diagnostic)")
/// }
/// ```
///
/// To have the error thrown at setup instead, compile the pattern yourself: `try Pattern(…)`
/// throws the same ``PatternError``, and ``Validation/format(_:message:)-(Pattern,_)->Validation<String>`` takes the
/// compiled pattern.
///
/// The rules that report here: `format(_:options:message:)` on `String` and `String?`, and
/// `trial(_:message:)` with a trial that cannot be prepared (a broken `Trial.format`).
/// (FastCop addition.)
public enum ValidationDiagnostics {
    /// A rule that cannot check values, and why.
    public struct Diagnostic: Sendable, CustomStringConvertible {
        /// The API that made the rule, such as "Validation.format(_:options:message:)".
        public let origin: String
        /// What the user is shown for every value instead: the rule's message.
        public let userMessage: String
        /// Why the rule cannot check values: the ``PatternError`` of a broken pattern (kind
        /// ``PatternError/Kind/compile``, with its caret description) or the error a trial gave
        /// when it was prepared.
        public let error: any Error

        /// The account written to standard error by default: the origin, the message users
        /// see, and the error (for a pattern, the pattern with a caret under the fault).
        public var description: String {
            "FastCop: \(origin) cannot check any value; every value fails with "
                + "\"\(userMessage)\" until this is fixed:\n\(error)"
        }
    }

    /// What is called with each ``Diagnostic``: ``standardError`` unless you set another.
    ///
    /// Called on the thread that made the rule, outside any FastCop lock, once per distinct
    /// diagnostic in a process (a struct with `@Validate` properties made per request does not
    /// repeat it). Set it once, at startup, before rules are made.
    public static var handler: Handler {
        get { state.withLock { $0.handler } }
        set { state.withLock { $0.handler = newValue } }
    }

    /// A function that receives diagnostics.
    public typealias Handler = @Sendable (_ diagnostic: Diagnostic) -> Void

    /// The default handler: writes the diagnostic's ``Diagnostic/description`` and a newline to
    /// standard error.
    public static let standardError: Handler = writing(to: STDERR_FILENO)

    /// A handler that writes each diagnostic and a newline to the file descriptor `descriptor`,
    /// in one `write(2)` call, so that diagnostics from several threads do not interleave.
    static func writing(to descriptor: Int32) -> Handler {
        { diagnostic in
            var text = "\(diagnostic)\n"
            text.withUTF8 { bytes in _ = write(descriptor, bytes.baseAddress, bytes.count) }
        }
    }

    /// The handler and the diagnostics already given.
    private struct State {
        var handler: Handler = ValidationDiagnostics.standardError
        var reported: Set<String> = []
    }

    private static let state = Locked(State())

    /// Gives `diagnostic` to the handler unless the same one (the same ``Diagnostic/description``)
    /// was given already.
    static func report(_ diagnostic: Diagnostic) {
        let handler: Handler? = state.withLock { state in
            state.reported.insert(diagnostic.description).inserted ? state.handler : nil
        }
        handler?(diagnostic)
    }
}
