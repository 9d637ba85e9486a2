extension Validation {
    /// The same rule, with messages that name the field: "Age should be at least 18" rather
    /// than "Should be at least 18". (FastCop addition.)
    ///
    /// ```swift
    /// @Validate(Validation.range(18...).named("Age")) var age: Int = 12
    /// $age.errors.localizedDescriptions   // ["Age should be at least 18"]
    /// ```
    ///
    /// Validate's messages ("Can't be blank", "Should be between 2 and 4", "Is not a valid
    /// email") read as the end of a sentence about the field, as Rails' do: the name is put in
    /// front and the message's first letter lower-cased, unless its first word is written in
    /// capitals ("URL must use https" stays "Website URL must use https"). Errors other than
    /// ``ValidationError`` pass through unchanged; the underlying error is kept.
    public func named(_ field: String) -> Validation {
        Validation { value in
            do {
                try self.validate(value)
            } catch let error as ValidationError {
                throw ValidationError(
                    description: ValidationError.sentence(field, error.description),
                    underlyingError: error.underlyingError)
            }
        }
    }
}

extension ValidationError {
    /// `message` after `field`: "Age" + "Should be at least 18" -> "Age should be at least 18".
    static func sentence(_ field: String, _ message: String) -> String {
        let firstWord = message.prefix { !$0.isWhitespace }
        let isAcronym = firstWord.count > 1 && firstWord.allSatisfy { !$0.isLowercase }
        guard let first = message.first, !isAcronym else { return "\(field) \(message)" }
        return "\(field) \(first.lowercased())\(message.dropFirst())"
    }
}
