import Foundation

extension Sequence where Element: Error {
    /// The `localizedDescription` of each error, in order: the messages to show or send.
    ///
    /// Mirrors Validate's `Sequence.localizedDescriptions`. Works on `[any Error]` (such as
    /// ``Validate/errors``) and on arrays of concrete error types.
    ///
    /// ```swift
    /// $name.errors.localizedDescriptions   // ["Can't be blank"]
    /// ```
    public var localizedDescriptions: [String] {
        map { $0.localizedDescription }
    }
}
