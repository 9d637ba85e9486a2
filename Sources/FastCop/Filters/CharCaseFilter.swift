import Foundation

/// A filter that changes the case of a string.
///
/// Mirrors SwiftFilter's `CharCaseFilter`, with Foundation's case mappings as the original
/// (full Unicode mappings: "ß" upper-cases to "SS", a final "Σ" lower-cases to "ς").
///
/// ```swift
/// let filter = CharCaseFilter { $0.charCase = .ucfirst }
/// try filter.apply(to: "dAs IsT")   // "Das ist"
/// ```
///
/// As in the original, the empty string gives nil, and so does a value that is not a `String`.
///
/// Prefer ``init(_:)-(CharCaseFilter.Case)`` in new code, `CharCaseFilter(.lowercase)`: the
/// filter is configured once, when it is made. The original's
/// `CharCaseFilter { $0.charCase = … }` and setting ``charCase`` later also work and are safe
/// while other threads use the filter (see ``FilterType``).
public final class CharCaseFilter: FilterProtocol, Sendable {
    /// How to change the case. Mirrors SwiftFilter's `CharCaseFilter.Case`
    /// (`.Lowercase`, `.Uppercase`, `.Ucfirst`, `.Ucwords` in Swift 2).
    public enum Case: Sendable, Hashable, CaseIterable {
        /// Every letter lower case (Foundation's `lowercased(with: nil)`).
        case lowercase
        /// Every letter upper case (Foundation's `uppercased(with: nil)`).
        case uppercase
        /// The whole string lower case, then its first Character upper case: "dAs IsT" gives
        /// "Das ist". A leading space or digit stays as it is.
        case ucfirst
        /// The first letter of every word upper case, the others lower case (Foundation's
        /// `capitalized`): "hello wORLD" gives "Hello World". On Linux, punctuation and digits
        /// also start words ("hello-world" gives "Hello-World").
        case ucwords
    }

    /// How to change the case; nil makes the filter throw.
    ///
    /// Setting it is safe at any time; a call already running keeps the case it started with.
    public var charCase: Case? {
        get { settings.settings }
        set { settings.update { $0 = newValue } }
    }

    private let settings = SnapshotCell<FrozenSettings<Case?>>(nil)

    /// ``charCase`` as the work reads it: once per call, without a lock.
    var currentCase: Case? { settings.current() }

    /// Creates the filter and lets `initialize` set ``charCase``.
    public init(_ initialize: (CharCaseFilter) -> Void = { _ in }) {
        initialize(self)
    }

    /// Creates a filter changing the case as `charCase` says (a FastCop addition).
    public convenience init(_ charCase: Case) {
        self.init { $0.charCase = charCase }
    }

    /// Returns the string with its case changed, cast to `O`.
    ///
    /// - Throws: ``FilterError/noCharCase`` ("No case convert mode set in CharCaseFilter")
    ///   when ``charCase`` is nil.
    public func filter<I, O>(_ value: I?, _ context: [String: Any]?) throws -> O? {
        let charCase = try configured()
        return filterString(value) { CharCaseFilter.convert($0, charCase) }
    }

    /// Returns `value` with its case changed; nil for "".
    public func apply(to value: String, context: [String: Any]?) throws -> String? {
        CharCaseFilter.convert(value, try configured())
    }

    /// The case of the current settings, read once per call.
    private func configured() throws -> Case {
        guard let charCase = currentCase else { throw FilterError.noCharCase }
        return charCase
    }

    static func convert(_ string: String, _ charCase: Case) -> String? {
        guard !string.isEmpty else { return nil }
        if string.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII maps one to one and needs no Foundation (the results are the same).
            switch charCase {
            case .lowercase: return string.lowercased()
            case .uppercase: return string.uppercased()
            default: break
            }
        }
        switch charCase {
        case .lowercase:
            return string.lowercased(with: nil)
        case .uppercase:
            return string.uppercased(with: nil)
        case .ucfirst:
            let lower = string.lowercased(with: nil)
            guard let first = lower.first else { return lower }
            return String(first).uppercased(with: nil) + lower.dropFirst()
        case .ucwords:
            return string.capitalized
        }
    }
}
