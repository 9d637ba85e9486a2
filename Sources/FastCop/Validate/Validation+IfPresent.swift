extension Validation {
    /// Runs `validation` only when a value was given: nil passes, any other value must pass
    /// `validation`. Rails' `allow_nil: true`.
    ///
    /// ```swift
    /// @Validate(.ifPresent(.count(lessThan: 6))) var tags: [String]? = nil   // nil is fine
    /// ```
    ///
    /// FastCop addition.
    public static func ifPresent<T>(_ validation: Validation<T>) -> Validation<T?> {
        Validation<T?> { value in
            guard let value else { return }
            try validation.validate(value)
        }
    }

    /// Runs `validation` only when a value was given: nil and empty collections (such as "")
    /// pass, anything else must pass `validation`. Rails' `allow_blank: true`, except that
    /// whitespace is not blank (as in `presence(message:)`: " " is present).
    ///
    /// ```swift
    /// @Validate(.ifPresent(.email())) var email: String? = nil   // nil, "" or a valid email
    /// ```
    ///
    /// FastCop addition.
    public static func ifPresent<T: Collection & SendableMetatype>(_ validation: Validation<T>) -> Validation<T?> {
        Validation<T?> { value in
            guard let value, !value.isEmpty else { return }
            try validation.validate(value)
        }
    }

    /// Runs `validation` only on a non-empty collection: "" passes, anything else must pass
    /// `validation`. Rails' `allow_blank: true` for a non-optional field.
    ///
    /// ```swift
    /// @Validate(.ifPresent(.email())) var email: String = ""
    /// ```
    ///
    /// FastCop addition.
    public static func ifPresent<T: Collection & SendableMetatype>(_ validation: Validation<T>) -> Validation<T> {
        Validation<T> { value in
            guard !value.isEmpty else { return }
            try validation.validate(value)
        }
    }
}
