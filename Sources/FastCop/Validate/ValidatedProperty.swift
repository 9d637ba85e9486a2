/// A stored property that carries validation errors; what ``ValidationReport/init(reflecting:)``
/// looks for among a value's properties.
protocol ValidatedProperty {
    /// The errors of the last validation.
    var errors: [any Error] { get }
}

extension Validate: ValidatedProperty {}
