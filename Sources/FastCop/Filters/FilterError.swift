public import Foundation

/// The error domain of filter errors, as SwiftFilter's `swiftFilterErrorDomain`.
public let swiftFilterErrorDomain = "de.nerdsee.SwiftFilter.Error"

/// A filter that is not configured, with SwiftFilter's message.
///
/// SwiftFilter throws an `NSError` in ``swiftFilterErrorDomain`` with code 1 and the message in
/// `NSLocalizedDescriptionKey`. `FilterError` bridges to exactly that `NSError`, so code written
/// for the original keeps working, and can also be caught as a type:
///
/// ```swift
/// do {
///     let _: String? = try CallbackFilter().filter("x", nil)
/// } catch let error as FilterError {
///     error.localizedDescription     // "No callback given for CallbackFilter"
///     (error as NSError).code        // 1
/// }
/// ```
public struct FilterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message, SwiftFilter's own for the built-in filters.
    public var message: String

    /// Creates an error with `message` (for filters of your own).
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// ``CallbackFilter`` has no `callback`.
    public static let noCallback = FilterError(message: "No callback given for CallbackFilter")
    /// ``CharCaseFilter`` has no `charCase`.
    public static let noCharCase = FilterError(message: "No case convert mode set in CharCaseFilter")
    /// ``RegexReplaceFilter`` lacks its `pattern` or its `replacement`.
    public static let noPatternOrReplacement = FilterError(
        message: "No pattern or no replacement given in RegexReplaceFilter")
    /// ``ReplaceFilter`` has no `replaceType`.
    public static let noReplaceType = FilterError(message: "No replacementType given in ReplaceFilter")
}

extension FilterError: LocalizedError {
    /// The message, so that `localizedDescription` is the original's text.
    public var errorDescription: String? { message }
}

extension FilterError: CustomNSError {
    /// ``swiftFilterErrorDomain``, as the original's `NSError`.
    public static var errorDomain: String { swiftFilterErrorDomain }
    /// 1, as the original's `NSError`.
    public var errorCode: Int { 1 }
    /// The message under `NSLocalizedDescriptionKey`, as the original's `NSError`.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }
}
