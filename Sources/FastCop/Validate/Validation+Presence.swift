extension Validation {
    /// The default message of the presence validations.
    static var blankMessage: String { "Can't be blank" }

    /// Passes when the optional value is not nil.
    ///
    /// Default message: "Can't be blank". On a `String?` property, `.presence()` picks
    /// ``presence(allowEmpty:message:)`` instead, so "" fails there too.
    ///
    /// Mirrors Validate's `presence<T>(message:)`.
    public static func presence<T>(message: String? = nil) -> Validation<T?> {
        let error = ValidationError(description: message ?? blankMessage)
        return Validation<T?> { value in
            guard value != nil else { throw error }
        }
    }

    /// Passes when the optional string is not nil and, unless `allowEmpty`, not empty.
    ///
    /// Whitespace is not trimmed: " " passes. Default message: "Can't be blank".
    ///
    /// Mirrors Validate's `presence(allowEmpty:message:)`.
    public static func presence(allowEmpty: Bool = false, message: String? = nil) -> Validation<String?> {
        let error = ValidationError(description: message ?? blankMessage)
        return Validation<String?> { value in
            guard let value, allowEmpty || !value.isEmpty else { throw error }
        }
    }

    /// Passes when the string is not empty.
    ///
    /// Whitespace is not trimmed: " " passes. Default message: "Can't be blank".
    ///
    /// Mirrors Validate's `presence(message:)` on `String`.
    public static func presence(message: String? = nil) -> Validation<String> {
        let error = ValidationError(description: message ?? blankMessage)
        return Validation<String> { value in
            guard !value.isEmpty else { throw error }
        }
    }
}
