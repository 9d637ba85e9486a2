/// Validations combined with `&&`, `||` and `!`, as Vapor's validators combine and with the
/// semantics of FastCop's trial composition (``AndTrial``, ``OrTrial``, ``NotTrial``).
///
/// ```swift
/// @Validate(.count(in: 3...20) && .alphanumeric()) var username: String = "ada"
/// @Validate(.oneOf("") || .email()) var email: String = ""        // empty or an email
/// @Validate(!.oneOf("admin", "root", message: "Is reserved")) var login: String = "ada"
/// ```
///
/// A failure whose ``ValidationError/underlyingError`` is set (a broken pattern, a match that
/// reached a limit) means "could not be checked", the trials' undecided answer: it is never
/// turned into a pass, also under `!`. (FastCop addition.)
extension Validation {
    /// Passes when both pass; `rhs` is not run when `lhs` fails, and `lhs`'s error is thrown.
    public static func && (lhs: Validation, rhs: Validation) -> Validation {
        Validation { value in
            try lhs.validate(value)
            try rhs.validate(value)
        }
    }

    /// Passes when either passes; `rhs` is not run when `lhs` passes.
    ///
    /// When both fail, `rhs`'s error is thrown, unless `lhs` could not check the value (its
    /// error has an ``ValidationError/underlyingError``): then that error, as ``OrTrial``
    /// passes on an undecided answer.
    public static func || (lhs: Validation, rhs: Validation) -> Validation {
        Validation { value in
            let undecided: (any Error)?
            do {
                try lhs.validate(value)
                return
            } catch {
                undecided = Validation.couldNotCheck(error) ? error : nil
            }
            do {
                try rhs.validate(value)
            } catch {
                throw undecided ?? error
            }
        }
    }

    /// Passes when `validation` fails, with the message "Is not allowed"; see
    /// ``negated(message:)`` to choose the message.
    public static prefix func ! (validation: Validation) -> Validation {
        validation.negated(message: "Is not allowed")
    }

    /// Passes when this validation fails, and fails with `message` when it passes.
    ///
    /// A value this validation could not check (an error with an
    /// ``ValidationError/underlyingError``) still fails, with that error.
    public func negated(message: String) -> Validation {
        let error = ValidationError(description: message)
        return Validation { value in
            do {
                try self.validate(value)
            } catch {
                if Validation.couldNotCheck(error) { throw error }
                return
            }
            throw error
        }
    }

    /// Whether `error` means the value could not be checked, rather than that it is invalid.
    static func couldNotCheck(_ error: any Error) -> Bool {
        (error as? ValidationError)?.underlyingError != nil
    }
}
