/// A regular expression compiled by PCRE2, JIT-compiled when the platform allows it.
///
/// ```swift
/// let email = try Pattern(#"[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4}"#)
/// try email.hasWholeMatch(in: "ada@example.com")   // true
/// try email.hasMatch(in: "write to ada@example.com") // true
/// ```
///
/// A pattern is immutable and `Sendable`: compile it once and share it between threads.
/// Each thread matches with its own scratch memory, so concurrent matching takes no lock.
///
/// FastCop does not name this type `Regex`, so that the standard library's `Regex` and regex
/// literals keep working in files that import FastCop.
///
/// Matching methods throw ``PatternError`` when a match reaches one of the pattern's
/// ``Limits`` (a runaway pattern ends with an error instead of hanging) and, for raw bytes,
/// when the bytes are not valid UTF-8.
public final class Pattern: Sendable {
    /// The pattern text as given.
    public let source: String
    /// The options it was compiled with.
    public let options: Options
    /// The limits every match runs under.
    public let limits: Limits
    /// Whether JIT compilation was asked for.
    public let jitMode: JITMode

    /// The search form, for `hasMatch`, `firstMatch`, `matches` and replacing.
    private let searchSlot: CodeSlot
    /// The whole-match form, compiled with `PCRE2_ANCHORED | PCRE2_ENDANCHORED`: matching
    /// must start at the first byte and end at the last, so `a|ab` matches "ab" and a final
    /// "\n" is not accepted. Compile-time anchoring is used because the JIT ignores
    /// match-time anchoring flags, and wrapping the text in `\A(?:…)\z` would break leading
    /// verbs such as `(*UCP)`.
    private let wholeSlot: CodeSlot

    /// Compiles `source`.
    ///
    /// - Parameters:
    ///   - source: the pattern, in PCRE2 (Perl-compatible) syntax.
    ///   - options: compile options; see ``Options`` for FastCop's Unicode defaults.
    ///   - limits: the limits every match runs under.
    ///   - jit: whether to JIT-compile.
    /// - Throws: ``PatternError`` of kind ``PatternError/Kind/compile`` for a broken pattern
    ///   (with PCRE2's code, the offset and a caret description), or
    ///   ``PatternError/Kind/jitUnavailable`` when JIT is required and not possible.
    /// - Complexity: O(*n*) in the pattern's length; JIT compilation takes tens of
    ///   microseconds for typical patterns. Use ``PatternCache`` to compile a pattern once.
    public convenience init(
        _ source: String, options: Options = [], limits: Limits = .default, jit: JITMode = .ifAvailable
    ) throws {
        try self.init(source, options: options, limits: limits, jit: jit, wholeMatchFirst: false)
    }

    /// Compiles the form that will be used first (the other one is compiled when needed).
    init(
        _ source: String, options: Options, limits: Limits, jit: JITMode, wholeMatchFirst: Bool
    ) throws {
        self.source = source
        self.options = options
        self.limits = limits
        self.jitMode = jit
        let first = try Pattern.compile(
            source, options: options, limits: limits, jit: jit, whole: wholeMatchFirst)
        searchSlot = wholeMatchFirst ? CodeSlot() : CodeSlot(first)
        wholeSlot = wholeMatchFirst ? CodeSlot(first) : CodeSlot()
    }

    private static func compile(
        _ source: String, options: Options, limits: Limits, jit: JITMode, whole: Bool
    ) throws -> CompiledCode {
        var flags = options.engineFlags
        if whole { flags |= EngineFlags.anchored | EngineFlags.endAnchored }
        do {
            return try CompiledCode(
                pattern: source, flags: flags, newline: options.newline,
                limits: limits.engineLimits, useJIT: jit != .never, requireJIT: jit == .required,
                utf: !options.contains(.bytes))
        } catch let failure as EngineFailure {
            throw PatternError(failure, pattern: source)
        }
    }

    /// The search form (compiled on first use if this pattern was made for whole matches).
    var searchCode: CompiledCode {
        get throws {
            try searchSlot.value {
                try Pattern.compile(source, options: options, limits: limits, jit: jitMode, whole: false)
            }
        }
    }

    /// The whole-match form (compiled on first use).
    var wholeCode: CompiledCode {
        get throws {
            try wholeSlot.value {
                try Pattern.compile(source, options: options, limits: limits, jit: jitMode, whole: true)
            }
        }
    }

    /// Runs `body` with the whole-match form (`whole`) or the search form, compiling it on
    /// first use; the hot path of the `has…Match` methods, without retaining the code.
    @inline(__always)
    func withCode<R>(whole: Bool, _ body: (CompiledCode) throws -> R) throws -> R {
        // Two calls rather than picking a slot first: a slot held in a local is retained.
        if whole {
            return try wholeSlot.withValue(orMake: { try compile(whole: true) }, body)
        }
        return try searchSlot.withValue(orMake: { try compile(whole: false) }, body)
    }

    @inline(never)
    private func compile(whole: Bool) throws -> CompiledCode {
        try Pattern.compile(source, options: options, limits: limits, jit: jitMode, whole: whole)
    }

    private var anyCode: CompiledCode {
        // One of the two slots is always filled by init.
        searchSlot.existing ?? wholeSlot.existing!
    }

    /// Whether matching runs JIT-compiled code (false when JIT was not asked for, the
    /// platform does not allow it, or the pattern calls groups and JIT is not required: see
    /// ``JITMode/required``).
    public var isJITCompiled: Bool { anyCode.isJIT }

    /// The number of capture groups in the pattern.
    public var captureCount: Int { anyCode.captureCount }

    /// The names of the named groups, with their group numbers.
    public var groupNames: [String: Int] { anyCode.groupNumbers }

    /// Whether this PCRE2 build supports JIT compilation on this machine.
    public static var isJITSupported: Bool { CompiledCode.jitSupported }

    /// The PCRE2 version FastCop runs on, for example "10.42 2022-12-11".
    public static var engineVersion: String { CompiledCode.libraryVersion }
}

extension Pattern: CustomStringConvertible {
    /// The pattern text, as `/source/`.
    public var description: String { "/\(source)/" }
}
