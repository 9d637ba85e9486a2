/// What `SchemaInference` looks at and how sure it must be: the sample's size, the share of
/// values a type must read, and when it adds `enum` and `unique` constraints.
package struct InferenceOptions: Sendable, Equatable {
    /// The rows read (after the header), or nil for the whole input. Default: 100,000.
    package var sampleRows: Int?
    /// The share of a column's present values that its type must read, in (0, 1]. Default 1:
    /// every value (`clean --schema` then passes every well-formed row of the sample).
    /// frictionless-py's `field_confidence` is 0.9.
    package var confidence: Double
    /// A string column with at most this many distinct values gets an `enum` (0: never).
    package var enumLimit: Int
    /// The present values a column needs before `enum` or `unique` is said of it.
    package var minimumValues: Int
    /// Whether an integer or string column whose values are all distinct gets `unique`.
    package var unique: Bool
    /// The texts that mean "no value" (Table Schema's `missingValues`).
    package var missingValues: [String]

    package static let defaultSampleRows = 100_000

    package init(
        sampleRows: Int? = InferenceOptions.defaultSampleRows, confidence: Double = 1, enumLimit: Int = 10,
        minimumValues: Int = 20, unique: Bool = true, missingValues: [String] = [""]
    ) {
        self.sampleRows = sampleRows
        self.confidence = confidence
        self.enumLimit = enumLimit
        self.minimumValues = minimumValues
        self.unique = unique
        self.missingValues = missingValues
    }
}
