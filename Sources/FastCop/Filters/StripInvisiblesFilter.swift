/// A filter that removes control characters and invisible characters: zero-width spaces,
/// byte order marks, soft hyphens, direction marks and the like, which survive copy and paste
/// and make equal-looking strings differ.
///
/// A FastCop addition. Removed:
/// - control characters (general category Cc), except, by default, the ones that are
///   whitespace (tab, line feed, vertical tab, form feed, carriage return, NEL); set
///   ``keepsWhitespaceControls`` to false to remove those too;
/// - format characters (general category Cf): U+200B zero-width space, U+FEFF byte order mark,
///   U+00AD soft hyphen, U+200E/U+200F and U+202A…U+202E, U+2066…U+2069 direction controls,
///   U+2060 word joiner, U+2061…U+2064 invisible operators, U+180E…;
/// - the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, which show as nothing.
///
/// Kept, because they change what the text shows:
/// - U+200D zero-width joiner and U+200C zero-width non-joiner directly between two visible
///   characters: they join emoji ("👨‍👩‍👧" stays one family) and shape Indic and Arabic-script
///   words (Persian "می‌خواهم");
/// - tag characters (U+E0020…U+E007F) after U+1F3F4 🏴 or another tag: subdivision flags
///   such as the flag of Scotland;
/// - the prepended concatenation marks (U+0600…U+0605, U+06DD, U+070F, U+0890, U+0891,
///   U+08E2, U+110BD, U+110CD), which are format characters with a visible sign;
/// - variation selectors and combining marks (they are not Cf).
///
/// ```swift
/// try StripInvisiblesFilter().apply(to: "\u{FEFF}ab\u{200B}c\u{0}")   // "abc"
/// ```
///
/// Safe to share between threads, also while ``keepsWhitespaceControls`` is set (see
/// ``FilterType``); prefer ``init(keepsWhitespaceControls:)`` to configure it when it is made.
public final class StripInvisiblesFilter: FilterProtocol, Sendable {
    /// Whether tab, line feed, vertical tab, form feed, carriage return and NEL are kept;
    /// true by default.
    public var keepsWhitespaceControls: Bool {
        get { settings.settings }
        set { settings.update { $0 = newValue } }
    }

    private let settings = SnapshotCell<FrozenSettings<Bool>>(true)

    /// ``keepsWhitespaceControls`` as the work reads it: once per call, without a lock.
    var keepsControls: Bool { settings.current() }

    /// Creates the filter and lets `initialize` set ``keepsWhitespaceControls``.
    public init(_ initialize: (StripInvisiblesFilter) -> Void = { _ in }) {
        initialize(self)
    }

    /// Creates the filter with its setting (a FastCop addition; the recommended form).
    public convenience init(keepsWhitespaceControls: Bool) {
        self.init { $0.keepsWhitespaceControls = keepsWhitespaceControls }
    }

    /// Returns the string without its invisible characters, cast to `O`; nil for a value that
    /// is not a `String`.
    public func filter<I, O>(_ value: I?, _ context: [String: Any]?) throws -> O? {
        filterString(value) { strip($0) }
    }

    /// Returns `value` without its invisible characters.
    public func apply(to value: String, context: [String: Any]?) throws -> String? {
        strip(value)
    }

    private func strip(_ string: String) -> String {
        Self.strip(string, keepsWhitespaceControls: keepsControls)
    }

    /// Whether `byte` is printable ASCII, or tab, LF or CR kept as whitespace.
    @inline(__always)
    static func keepsAll(_ byte: UInt8, keepsWhitespaceControls: Bool) -> Bool {
        (0x20..<0x7F).contains(byte) || (keepsWhitespaceControls && (byte == 0x09 || byte == 0x0A || byte == 0x0D))
    }

    static func strip(_ string: String, keepsWhitespaceControls: Bool) -> String {
        // Printable ASCII, tab, LF and CR need no work: the common case costs one pass.
        if string.utf8.allSatisfy({ keepsAll($0, keepsWhitespaceControls: keepsWhitespaceControls) }) {
            return string
        }
        let scalars = Array(string.unicodeScalars)
        var output = String.UnicodeScalarView()
        func kind(of scalar: Unicode.Scalar) -> Kind {
            Self.kind(of: scalar, keepsWhitespaceControls: keepsWhitespaceControls)
        }
        for (index, scalar) in scalars.enumerated() {
            switch kind(of: scalar) {
            case .visible, .space:
                output.append(scalar)
            case .invisible:
                continue
            case .joiner:
                if index > 0, index + 1 < scalars.count, kind(of: scalars[index - 1]) == .visible,
                    kind(of: scalars[index + 1]) == .visible
                {
                    output.append(scalar)
                }
            case .tag:
                if let previous = output.last, previous == "\u{1F3F4}" || kind(of: previous) == .tag {
                    output.append(scalar)
                }
            }
        }
        return String(output)
    }

    private enum Kind {
        case visible, space, invisible, joiner, tag
    }

    private static func kind(of scalar: Unicode.Scalar, keepsWhitespaceControls: Bool) -> Kind {
        // Latin-1 without Unicode's property tables (the same answers: the controls are
        // U+0000…U+001F and U+007F…U+009F, of which tab…carriage return and NEL are whitespace;
        // space and no-break space are whitespace; U+00AD soft hyphen is a format character).
        if scalar.value < 0x100 {
            switch scalar.value {
            case 0x09...0x0D, 0x85: return keepsWhitespaceControls ? .space : .invisible
            case 0x00...0x1F, 0x7F...0x9F, 0xAD: return .invisible
            case 0x20, 0xA0: return .space
            default: return .visible
            }
        }
        switch scalar.value {
        case 0x200C, 0x200D: return .joiner
        case 0xE0020...0xE007F: return .tag
        case 0x115F, 0x1160, 0x3164, 0xFFA0: return .invisible
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD: return .visible
        default: break
        }
        switch scalar.properties.generalCategory {
        case .control:
            return keepsWhitespaceControls && scalar.properties.isWhitespace ? .space : .invisible
        case .format:
            return .invisible
        default:
            return scalar.properties.isWhitespace ? .space : .visible
        }
    }
}
