import Foundation

/// A filter that brings a string to one Unicode normalization form, so that text that looks
/// the same compares the same.
///
/// A FastCop addition. "é" typed as one scalar (U+00E9) and as "e" plus a combining acute
/// accent (U+0065 U+0301) are canonically equivalent; NFC gives both as U+00E9. NFKC also folds
/// compatibility variants: full-width "ＡＢＣ１２３" becomes "ABC123", "ﬁ" becomes "fi", "²"
/// becomes "2".
///
/// ```swift
/// try UnicodeNormalizationFilter().apply(to: "e\u{301}")            // "\u{E9}"
/// try UnicodeNormalizationFilter(.nfkc).apply(to: "ＡＢＣ１２３")      // "ABC123"
/// ```
///
/// ASCII text is returned without work: every form leaves it unchanged.
///
/// Safe to share between threads, also while ``form`` is set (see ``FilterType``); prefer
/// ``init(_:)-(UnicodeNormalizationFilter.Form)`` to configure it when it is made:
/// `UnicodeNormalizationFilter(.nfkc)`.
public final class UnicodeNormalizationFilter: FilterProtocol, Sendable {

    /// A Unicode normalization form (Unicode Standard Annex #15).
    public enum Form: String, Sendable, Hashable, CaseIterable {
        /// Canonical composition (Foundation's `precomposedStringWithCanonicalMapping`).
        case nfc
        /// Canonical decomposition (Foundation's `decomposedStringWithCanonicalMapping`).
        case nfd
        /// Compatibility composition (Foundation's `precomposedStringWithCompatibilityMapping`).
        case nfkc
        /// Compatibility decomposition (Foundation's `decomposedStringWithCompatibilityMapping`).
        case nfkd
    }

    /// The form to normalize to; NFC by default.
    public var form: Form {
        get { settings.settings }
        set { settings.update { $0 = newValue } }
    }

    private let settings = SnapshotCell<FrozenSettings<Form>>(.nfc)

    /// Creates the filter and lets `initialize` set ``form``.
    public init(_ initialize: (UnicodeNormalizationFilter) -> Void = { _ in }) {
        initialize(self)
    }

    /// Creates a filter normalizing to `form`.
    public convenience init(_ form: Form) {
        self.init { $0.form = form }
    }

    /// Returns the normalized string cast to `O`; nil for a value that is not a `String`.
    public func filter<I, O>(_ value: I?, _ context: [String: Any]?) throws -> O? {
        filterString(value) { UnicodeNormalizationFilter.normalize($0, settings.current()) }
    }

    /// Returns `value` normalized.
    public func apply(to value: String, context: [String: Any]?) throws -> String? {
        UnicodeNormalizationFilter.normalize(value, settings.current())
    }

    static func normalize(_ string: String, _ form: Form) -> String {
        if string.utf8.allSatisfy({ $0 < 0x80 }) { return string }
        switch form {
        case .nfc: return string.precomposedStringWithCanonicalMapping
        case .nfd: return string.decomposedStringWithCanonicalMapping
        case .nfkc: return string.precomposedStringWithCompatibilityMapping
        case .nfkd: return string.decomposedStringWithCompatibilityMapping
        }
    }
}
