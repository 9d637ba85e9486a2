/// A filter that keeps only the digits of a string.
///
/// A FastCop addition, for phone numbers, postcodes, card numbers and the like:
/// "+49 (0)30-123 45" gives "4903012345". Digits are the Unicode decimal digits (general
/// category Nd): ASCII, full-width ("１２３"), Arabic-Indic ("٣"), Devanagari ("३") and the
/// others. By default each is written as its ASCII digit, so the result parses with `Int(_:)`;
/// set ``convertsToASCII`` to false to keep them as they are. Superscripts, fractions and
/// other numeric symbols ("²", "½", "Ⅻ") are not decimal digits and are dropped. A string
/// without digits gives "".
///
/// ```swift
/// try DigitsOnlyFilter().apply(to: "Tel. ０３０-１２")   // "03012"
/// ```
///
/// Safe to share between threads, also while ``convertsToASCII`` is set (see ``FilterType``);
/// prefer ``init(convertsToASCII:)`` to configure it when it is made.
public final class DigitsOnlyFilter: FilterProtocol, Sendable {
    /// Whether non-ASCII digits become ASCII digits ("３" → "3"); true by default.
    public var convertsToASCII: Bool {
        get { settings.settings }
        set { settings.update { $0 = newValue } }
    }

    private let settings = SnapshotCell<FrozenSettings<Bool>>(true)

    /// Creates the filter and lets `initialize` set ``convertsToASCII``.
    public init(_ initialize: (DigitsOnlyFilter) -> Void = { _ in }) {
        initialize(self)
    }

    /// Creates the filter with its setting (a FastCop addition; the recommended form).
    public convenience init(convertsToASCII: Bool) {
        self.init { $0.convertsToASCII = convertsToASCII }
    }

    /// Returns the digits of the string cast to `O`; nil for a value that is not a `String`.
    public func filter<I, O>(_ value: I?, _ context: [String: Any]?) throws -> O? {
        filterString(value) { digits(of: $0) }
    }

    /// Returns the digits of `value`.
    public func apply(to value: String, context: [String: Any]?) throws -> String? {
        digits(of: value)
    }

    private func digits(of string: String) -> String {
        let convertsToASCII: Bool = settings.current()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            if scalar.isASCII {
                if ("0"..."9").contains(scalar) { bytes.append(UInt8(truncatingIfNeeded: scalar.value)) }
                continue
            }
            guard scalar.properties.numericType == .decimal,
                let value = scalar.properties.numericValue.flatMap({ UInt8(exactly: $0) }), value <= 9
            else { continue }
            if convertsToASCII {
                bytes.append(0x30 + value)
            } else if let encoded = UTF8.encode(scalar) {
                bytes.append(contentsOf: encoded)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
