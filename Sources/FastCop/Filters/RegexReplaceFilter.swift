public import Foundation

/// A filter that replaces every match of a regular expression, with `$1` back-references.
///
/// Mirrors SwiftFilter's `RegexReplaceFilter`, on PCRE2 instead of `NSRegularExpression`:
///
/// ```swift
/// let filter = RegexReplaceFilter {
///     $0.pattern = "([0-9]+)"
///     $0.replacement = "<$1>"
/// }
/// try filter.apply(to: "a12b")   // "a<12>b"
/// ```
///
/// - ``pattern`` is compiled once (JIT-compiled when the platform allows it), through
///   ``PatternCache/shared``, and the template is translated once; both are kept by the filter
///   until a setting changes, so each call is one `pcre2_substitute`. (The original built an
///   `NSRegularExpression` on every call.)
/// - Prefer ``init(pattern:replacement:options:matchingOptions:)`` in new code: the filter is
///   configured once, when it is made, and ``prepare()`` reports a broken pattern at once.
///   The original's `RegexReplaceFilter { $0.pattern = …; $0.replacement = … }` and setting
///   the properties later also work and are safe while other threads use the filter: a call
///   runs with the settings from before or after a change, never a mix (see ``FilterType``).
/// - ``replacement`` is an `NSRegularExpression` template: `$0`…`$99`, `${name}`, `\` to
///   escape. See ``Pattern/replacing(in:with:)``.
/// - ``options`` takes `NSRegularExpression.Options`, mapped as
///   ``Pattern/Options/init(_:)`` describes. `.ignoreMetacharacters` makes the whole pattern
///   literal, also with `.allowCommentsAndWhitespace` (ICU still drops whitespace and `#`
///   comments from a "literal" pattern then).
/// - ``matchingOptions``: `.anchored` replaces only matches at the start of the string and
///   right after each other (as `NSRegularExpression` does: "aab" with `a` and `.anchored`
///   gives "xxb"). `.withTransparentBounds` and `.withoutAnchoringBounds` change nothing
///   when the whole string is searched, which it always is; `.reportProgress` and
///   `.reportCompletion` only concern enumeration blocks. They are accepted and ignored.
///
/// Errors: ``FilterError/noPatternOrReplacement`` when ``pattern`` or ``replacement`` is nil
/// (for any value, as the original); for a `String` value, a ``PatternError`` for a broken
/// pattern (its `description` shows a caret under the fault), a template that names a missing
/// group, or a match that reaches a limit.
public final class RegexReplaceFilter: FilterProtocol, Sendable {
    /// The regular expression, in PCRE2 (Perl-compatible) syntax; nil makes the filter throw.
    public var pattern: String? {
        get { settings.settings.pattern }
        set { settings.update { $0.pattern = newValue } }
    }

    /// Compile options, as `NSRegularExpression.Options`; default none.
    public var options: NSRegularExpression.Options {
        get { settings.settings.options }
        set { settings.update { $0.options = newValue } }
    }

    /// Matching options, as `NSRegularExpression.MatchingOptions`; only `.anchored` has an
    /// effect (see above). Default none.
    public var matchingOptions: NSRegularExpression.MatchingOptions {
        get { settings.settings.matchingOptions }
        set { settings.update { $0.matchingOptions = newValue } }
    }

    /// The replacement template; nil makes the filter throw.
    public var replacement: String? {
        get { settings.settings.replacement }
        set { settings.update { $0.replacement = newValue } }
    }

    /// The four settings, and what the work prepares from them (the compiled pattern and
    /// template), made on first use after a change.
    private let settings = SnapshotCell<PreparedOutcome>(Settings())

    /// Creates the filter and lets `initialize` set ``pattern``, ``replacement`` and the options.
    public init(_ initialize: (RegexReplaceFilter) -> Void = { _ in }) {
        initialize(self)
    }

    /// Creates a filter replacing the matches of `pattern` with `replacement` (a FastCop
    /// addition). Nothing is compiled yet; call ``prepare()`` to check the settings now.
    public convenience init(
        pattern: String, replacement: String, options: NSRegularExpression.Options = [],
        matchingOptions: NSRegularExpression.MatchingOptions = []
    ) {
        self.init {
            $0.pattern = pattern
            $0.replacement = replacement
            $0.options = options
            $0.matchingOptions = matchingOptions
        }
    }

    /// Returns the string with every match replaced, cast to `O`.
    ///
    /// - Throws: ``FilterError/noPatternOrReplacement``, or a ``PatternError`` (see above).
    public func filter<I, O>(_ value: I?, _ context: [String: Any]?) throws -> O? {
        try withOutcome { outcome in
            guard outcome.isConfigured else { throw FilterError.noPatternOrReplacement }
            return try filterString(value) { try outcome.ready().replace(in: $0) }
        }
    }

    /// Returns `value` with every match replaced.
    public func apply(to value: String, context: [String: Any]?) throws -> String? {
        try withOutcome { outcome in
            // The stored property, borrowed: ready() would return a retained reference.
            guard let ready = outcome.replacement else { throw outcome.error }
            return try ready.replace(in: value)
        }
    }

    /// Compiles the pattern and translates the template now, so that a broken pattern or
    /// template is reported before any value is filtered (for example when loading rules).
    ///
    /// A FastCop addition. Filtering does the same on first use.
    ///
    /// - Throws: what filtering a `String` would throw for these settings.
    public func prepare() throws {
        _ = try withOutcome { try $0.ready() }
    }

    /// The compiled pattern the filter runs.
    ///
    /// - Throws: what ``prepare()`` throws.
    public var compiledPattern: Pattern {
        get throws { try withOutcome { try $0.ready().pattern } }
    }

    /// Runs `body` with what the current settings prepare, borrowed (see ``SnapshotCell``).
    @inline(__always)
    func withOutcome<R>(_ body: (PreparedOutcome) throws -> R) rethrows -> R {
        try settings.withSnapshot(body)
    }

    /// The settings of a ``RegexReplaceFilter``.
    struct Settings: Sendable {
        var pattern: String?
        var options: NSRegularExpression.Options = []
        var matchingOptions: NSRegularExpression.MatchingOptions = []
        var replacement: String?
    }
}

/// What preparing a configuration gave: the ready replacement, or the error to throw.
final class PreparedOutcome: SettingsSnapshot {
    let isConfigured: Bool
    /// The ready replacement; read as a stored property so that callers borrow it.
    let replacement: PreparedReplacement?
    /// Why there is no replacement.
    let failure: (any Error)?
    /// The byte form of a literal replacement (see ``LiteralReplacement``).
    let literal: LiteralReplacement?

    /// Compiles the pattern and translates the template of `settings` (once per change of
    /// the settings, on first use).
    init(_ settings: RegexReplaceFilter.Settings) {
        guard let pattern = settings.pattern, let template = settings.replacement else {
            isConfigured = false
            replacement = nil
            failure = FilterError.noPatternOrReplacement
            literal = nil
            return
        }
        isConfigured = true
        do {
            let replacement = try PreparedReplacement(
                pattern: pattern, options: settings.options, matchingOptions: settings.matchingOptions,
                template: template)
            self.replacement = replacement
            failure = nil
            literal = LiteralReplacement(replacement, template: template, matchingOptions: settings.matchingOptions)
        } catch {
            replacement = nil
            failure = error
            literal = nil
        }
    }

    /// Why there is no replacement, as filtering throws it.
    var error: any Error { failure ?? FilterError.noPatternOrReplacement }

    /// The replacement, or the error.
    func ready() throws -> PreparedReplacement {
        guard let replacement else { throw error }
        return replacement
    }
}
