/// A filter the tool applies to one field value.
///
/// The shape of SwiftFilter's typed filters in FastCop (`apply(to:)`): a new value, or nil
/// when the filter empties it (SwiftFilter's `CharCaseFilter` on an empty string); the tool
/// treats nil as the empty string.
protocol ValueFilter: Sendable {
    /// The filtered value.
    ///
    /// - Throws: when the filter cannot decide, such as a pattern reaching its match limit.
    func apply(to value: String) throws -> String?
}

/// A trial the tool judges one (filtered) field value with.
///
/// The shape of SwiftCop's trials in FastCop (`evaluate(_:)`).
protocol ValueTrial: Sendable {
    /// Whether the value passes.
    ///
    /// - Throws: when the trial cannot decide, such as a pattern reaching its match limit.
    func evaluate(_ value: String) throws -> Bool
}

/// A ``ValueTrial`` from a prepared judge closure.
struct ClosureValueTrial: ValueTrial {
    let judge: @Sendable (String) throws -> Bool
    func evaluate(_ value: String) throws -> Bool { try judge(value) }
}

/// A ``ValueFilter`` from a closure.
struct ClosureValueFilter: ValueFilter {
    let transform: @Sendable (String) throws -> String?
    func apply(to value: String) throws -> String? { try transform(value) }
}
