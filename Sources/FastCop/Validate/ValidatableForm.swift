/// A value whose ``Validate`` properties can be checked all at once. (FastCop addition.)
///
/// Conform and get ``validationErrors`` for free:
///
/// ```swift
/// struct SignUp: ValidatableForm {
///     @Validate(.presence()) var name: String = ""
/// }
/// SignUp().validationErrors.messages   // ["name": ["Can't be blank"]]
/// ```
public protocol ValidatableForm {
    /// The errors of every ``Validate`` property, by property name.
    ///
    /// The default implementation reflects over the value with
    /// ``ValidationReport/init(reflecting:)``; implement it yourself to add checks that span
    /// several properties or to rename fields.
    var validationErrors: ValidationReport { get }
}

extension ValidatableForm {
    /// The errors of every ``Validate`` property, found by reflection, in declaration order.
    public var validationErrors: ValidationReport { ValidationReport(reflecting: self) }
}
