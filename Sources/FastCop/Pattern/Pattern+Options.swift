extension Pattern {
    /// Options that change how a pattern is compiled.
    ///
    /// FastCop always compiles in UTF mode. By default it is also Unicode-aware in the way
    /// `NSRegularExpression` (ICU) is: `\w`, `\d`, `\s`, `\b` and the POSIX classes follow
    /// Unicode properties (PCRE2's `PCRE2_UCP`), case-insensitive matching folds non-ASCII
    /// letters, and any Unicode line ending (LF, CR, CRLF, VT, FF, NEL, LS, PS) counts as a
    /// newline for `^`, `$` and `.` (`PCRE2_NEWLINE_ANY`). ``asciiCharacterClasses`` and
    /// ``lineFeedOnly`` switch those off for speed or for Perl/grep behaviour.
    public struct Options: OptionSet, Sendable, Hashable {
        /// The option bits (FastCop's own numbering, not PCRE2's).
        public let rawValue: UInt32
        /// Creates options from their bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Letters match both cases, Unicode case folding included.
        ///
        /// The corresponding PCRE2 option is `PCRE2_CASELESS`; `NSRegularExpression`'s is
        /// `.caseInsensitive`.
        public static let caseInsensitive = Options(rawValue: 1 << 0)

        /// `^` and `$` match at the start and end of every line, not only of the subject.
        ///
        /// The corresponding PCRE2 option is `PCRE2_MULTILINE`; `NSRegularExpression`'s is
        /// `.anchorsMatchLines`.
        public static let multiline = Options(rawValue: 1 << 1)

        /// `.` matches line endings too.
        ///
        /// The corresponding PCRE2 option is `PCRE2_DOTALL`; `NSRegularExpression`'s is
        /// `.dotMatchesLineSeparators`.
        public static let dotMatchesNewlines = Options(rawValue: 1 << 2)

        /// Whitespace in the pattern is ignored and `#` starts a comment.
        ///
        /// The corresponding PCRE2 option is `PCRE2_EXTENDED`; `NSRegularExpression`'s is
        /// `.allowCommentsAndWhitespace`.
        public static let extended = Options(rawValue: 1 << 3)

        /// The pattern is literal text: no character is special.
        ///
        /// Only ``caseInsensitive`` still applies; the other options are ignored.
        ///
        /// The corresponding PCRE2 option is `PCRE2_LITERAL`; `NSRegularExpression`'s is
        /// `.ignoreMetacharacters`.
        public static let literal = Options(rawValue: 1 << 4)

        /// `$` matches only at the very end of the subject, never before a final newline.
        ///
        /// The corresponding PCRE2 option is `PCRE2_DOLLAR_ENDONLY`. Ignored with ``multiline``.
        public static let dollarEndOnly = Options(rawValue: 1 << 5)

        /// Quantifiers are lazy by default and `?` makes them greedy.
        ///
        /// The corresponding PCRE2 option is `PCRE2_UNGREEDY`.
        public static let ungreedy = Options(rawValue: 1 << 6)

        /// Plain parentheses do not capture; only named groups do.
        ///
        /// The corresponding PCRE2 option is `PCRE2_NO_AUTO_CAPTURE`.
        public static let noAutoCapture = Options(rawValue: 1 << 7)

        /// Several groups may share a name.
        ///
        /// The corresponding PCRE2 option is `PCRE2_DUPNAMES`.
        public static let allowDuplicateNames = Options(rawValue: 1 << 8)

        /// `\w`, `\d`, `\s`, `\b` and POSIX classes match ASCII only (faster; Perl's default).
        ///
        /// Removes PCRE2's `PCRE2_UCP`, which FastCop sets by default.
        public static let asciiCharacterClasses = Options(rawValue: 1 << 9)

        /// Only LF is a newline for `^`, `$` and `.`.
        ///
        /// Sets PCRE2's newline convention to `PCRE2_NEWLINE_LF` instead of FastCop's default
        /// `PCRE2_NEWLINE_ANY`; `NSRegularExpression`'s is `.useUnixLineSeparators`.
        public static let lineFeedOnly = Options(rawValue: 1 << 10)

        /// Subjects may hold invalid UTF-8: an invalid byte matches nothing, and the rest of
        /// the subject matches as usual, instead of the match failing with
        /// ``PatternError/Kind/invalidUTF8``. For line tools that search files as `grep -P`
        /// does (a Latin-1 line is searched, not skipped).
        ///
        /// A subject must have one readable byte after it: with this option PCRE2's JIT (10.42)
        /// reads the byte after a subject that ends in an invalid sequence (for `\b`, `\B`;
        /// valgrind: "0 bytes after a block"), and its answer depends on that byte.
        /// ``LineBlockReader`` writes a LF after the input's last line, as a file has after the
        /// others, which is why this option is not public.
        ///
        /// The corresponding PCRE2 option is `PCRE2_MATCH_INVALID_UTF`.
        package static let matchInvalidUTF8 = Options(rawValue: 1 << 11)

        /// The pattern matches bytes, not characters: PCRE2 without `PCRE2_UTF` (nor
        /// `PCRE2_UCP` and `PCRE2_MATCH_INVALID_UTF`, which need it or would set it). For a
        /// pattern made only of ASCII atoms, whose matches in valid UTF-8 are the same either
        /// way (``ASCIIPattern``): the JIT code then reads no character as a sequence.
        package static let bytes = Options(rawValue: 1 << 12)

        /// The PCRE2 compile flags for these options.
        var engineFlags: UInt32 {
            var flags: UInt32 = 0
            if contains(.caseInsensitive) { flags |= EngineFlags.caseless }
            if contains(.matchInvalidUTF8) && !contains(.bytes) { flags |= EngineFlags.matchInvalidUTF }
            // PCRE2_LITERAL combines only with PCRE2_CASELESS (and anchoring/UTF): the other
            // options have no meaning for literal text.
            if contains(.literal) { return flags | EngineFlags.literal }
            if contains(.multiline) { flags |= EngineFlags.multiline }
            if contains(.dotMatchesNewlines) { flags |= EngineFlags.dotAll }
            if contains(.extended) { flags |= EngineFlags.extended }
            if contains(.dollarEndOnly) { flags |= EngineFlags.dollarEndOnly }
            if contains(.ungreedy) { flags |= EngineFlags.ungreedy }
            if contains(.noAutoCapture) { flags |= EngineFlags.noAutoCapture }
            if contains(.allowDuplicateNames) { flags |= EngineFlags.dupNames }
            if !contains(.asciiCharacterClasses) && !contains(.bytes) { flags |= EngineFlags.ucp }
            // `\C` could end a match inside a UTF-8 sequence (see EngineFlags.neverBackslashC).
            return flags | EngineFlags.neverBackslashC
        }

        var newline: EngineNewline { contains(.lineFeedOnly) ? .lineFeed : .anyUnicode }
    }

    /// Resource limits that make every match end, however the pattern backtracks.
    ///
    /// A match that reaches a limit throws a ``PatternError`` of kind ``PatternError/Kind/matchLimit``,
    /// ``PatternError/Kind/depthLimit`` or ``PatternError/Kind/heapLimit``.
    ///
    /// PCRE2 applies its limits to each start position of a search, so on its own an
    /// unanchored search over *n* bytes could take *n* × ``matchLimit`` steps. FastCop also
    /// bounds the search as a whole with ``totalMatchLimit``:
    ///
    /// - A whole match, or a search that PCRE2 anchors (a pattern starting with `^`), tries
    ///   one start position and gets ``matchLimit`` steps.
    /// - Any other search first runs with each start position limited to an equal share of
    ///   the total (at least 1,000 steps, at most ``matchLimit``). A JIT pattern of the linear
    ///   shape (each top-level branch an optional `^`, one repeated character item such as
    ///   `\s+` or `[ \t]*`, then a few fixed items such as `$`: `\s+$`, `^\s+|\s+$`) gets
    ///   ``matchLimit`` at once: PCRE2's JIT fails the start positions that such a repeat
    ///   already covered, so the search is linear; a search of several calls charges each call
    ///   one step per byte per branch (a pattern of one branch that matched: two per byte up to
    ///   the match's end).
    /// - If a position needs more than its share, PCRE2's own search runs again with the full
    ///   ``matchLimit`` per position, under a clock that allows half of what is left of the
    ///   total (or of 100 steps per subject byte, when that is more), at 10 ns of the thread's
    ///   CPU time a step with JIT and 40 ns without: 50 ms for the default total on subjects up
    ///   to 100 kB (and at most eight times that on the wall clock).
    /// - If the clock runs out, the search goes on from the position reached in windows of
    ///   start positions, finds any position that needs more than its share and grants it more
    ///   steps, up to ``matchLimit``, charging each grant against the rest of the total. When
    ///   the grants would exceed it, the search ends with a ``PatternError/Kind/matchLimit``
    ///   error that says the total ran out.
    ///
    /// A search therefore ends within about the total's steps plus the clock's allowance plus
    /// eight positions' work, whatever the pattern (steps count backtracking, not the scan inside
    /// a repeat: a pattern that rescans a long run from every start position without
    /// backtracking takes PCRE2's own time); it gives PCRE2's answer whenever PCRE2 alone
    /// finishes within the allowance (the allowance is CPU time, so other work on the machine
    /// does not shorten it, but near it the answer can depend on the machine's speed). `matches(in:)` and the `replacing` methods spend one total over
    /// the whole subject. A pattern with `\G`, `(*COMMIT)` or `(*SKIP)` cannot be searched
    /// window by window (they depend on where a search starts), so for them a search that
    /// outlasts the clock ends with the limit error.
    public struct Limits: Sendable, Hashable {
        /// How many times PCRE2 may enter its internal match function for one start position
        /// of a match (backtracking steps). The JIT honours it too.
        ///
        /// The corresponding PCRE2 call is `pcre2_set_match_limit`.
        public var matchLimit: Int
        /// How deep backtracking may nest (interpreter only; the JIT is bounded by its stack).
        ///
        /// The corresponding PCRE2 call is `pcre2_set_depth_limit`.
        public var depthLimit: Int
        /// How much heap, in bytes, the interpreter may use for backtracking frames.
        ///
        /// The corresponding PCRE2 call is `pcre2_set_heap_limit` (which counts KiB).
        public var heapLimit: Int
        /// The steps one search may spend over all its start positions, in steps and, for
        /// PCRE2's own search under a clock, in time (see ``Pattern/Limits``); nil for ten
        /// times ``matchLimit``.
        /// Never less than ``matchLimit`` in effect.
        ///
        /// PCRE2 has no such limit; FastCop enforces it.
        public var totalMatchLimit: Int?

        /// Creates limits.
        public init(matchLimit: Int, depthLimit: Int, heapLimit: Int, totalMatchLimit: Int? = nil) {
            self.matchLimit = matchLimit
            self.depthLimit = depthLimit
            self.heapLimit = heapLimit
            self.totalMatchLimit = totalMatchLimit
        }

        /// FastCop's defaults: 1,000,000 match steps per start position, 10,000,000 per
        /// search, depth 100,000, 64 MiB of heap.
        ///
        /// They leave room for ordinary patterns on long subjects (a repeated group over a
        /// 100 MB subject may still need more), and stop a catastrophic pattern such as
        /// `^(a+)+$` on `"aaaa…!"`, or `\s+$` searched over a long run of spaces, within
        /// milliseconds.
        public static let `default` = Limits(
            matchLimit: 1_000_000, depthLimit: 100_000, heapLimit: 64 * 1024 * 1024)

        var engineLimits: EngineLimits {
            let match = UInt32(clamping: max(1, matchLimit))
            let total = UInt64(clamping: max(Int(match), totalMatchLimit ?? 10 * Int(match)))
            return EngineLimits(
                match: match,
                depth: UInt32(clamping: max(1, depthLimit)),
                heapKiB: UInt32(clamping: max(1, heapLimit / 1024)),
                total: total)
        }
    }

    /// Whether a pattern is JIT-compiled.
    ///
    /// JIT compilation (`pcre2_jit_compile` with `PCRE2_JIT_COMPLETE`) makes matching several
    /// times faster. Some platforms forbid writable executable memory; there FastCop falls
    /// back to PCRE2's interpreter with the same results, unless JIT is ``required``.
    public struct JITMode: Sendable, Hashable, CustomStringConvertible {
        enum Value: Sendable, Hashable { case never, ifAvailable, required }
        let value: Value

        /// Never JIT-compile; always use the interpreter.
        public static let never = JITMode(value: .never)
        /// JIT-compile when possible, interpret otherwise (the default); patterns that call
        /// groups are interpreted (see ``required``).
        public static let ifAvailable = JITMode(value: .ifAvailable)
        /// JIT-compile or fail with ``PatternError/Kind/jitUnavailable``.
        ///
        /// With ``ifAvailable``, a pattern that calls groups (`(?R)`, `(?1)`, `(?&name)`,
        /// `\g<1>`…) runs on the interpreter: the JIT charges its match limit per call, not
        /// for backing out through the calls already open, so a call that loops on the empty
        /// string (`(?1)as(|(?1))`) can take (match limit)² steps at one start position, about
        /// 90 s with a limit of 100,000. `required` JIT-compiles such a pattern as asked, and
        /// then the match limit does not bound its time: do not require JIT for untrusted
        /// patterns.
        public static let required = JITMode(value: .required)

        /// "never", "ifAvailable" or "required".
        public var description: String {
            switch value {
            case .never: return "never"
            case .ifAvailable: return "ifAvailable"
            case .required: return "required"
            }
        }
    }
}

extension PatternSyntax {
    /// Reads `source` as a pattern compiled with `options` reads it (the engine's flags and
    /// newline convention for them): the one reading the line engine's facts share.
    init(_ source: String, options: Pattern.Options) {
        self.init(source, flags: options.engineFlags, newline: options.newline)
    }
}

extension Pattern {
    /// What joining `source`, compiled with `options`, with other patterns as
    /// `(?:P1)|(?:P2)|…` needs to know of it (``JoinReading``): what would change its meaning
    /// there (``JoinHazard``) and whether it ends inside a `\Q` quote. Read once from its items,
    /// for `fastcop match`, which joins its patterns so.
    package static func joinReading(of source: String, options: Options) -> JoinReading {
        PatternSyntax(source, options: options).joinReading
    }
}
