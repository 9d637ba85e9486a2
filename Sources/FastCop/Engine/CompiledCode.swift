import CPCRE2

/// One pattern compiled by `pcre2_compile_8` and, when possible, by `pcre2_jit_compile_8`.
///
/// A compiled code is immutable once built; PCRE2 documents that it may then be shared by
/// any number of threads matching at once. All per-match state (match data, match context,
/// JIT stack) lives in the calling thread's ``MatchScratch``.
final class CompiledCode: @unchecked Sendable {
    // @unchecked: `code` is written once in init and only read afterwards, and PCRE2 allows
    // concurrent matching against one compiled pattern.

    /// The `pcre2_code_8 *`.
    let code: OpaquePointer
    /// True when `pcre2_jit_compile_8(PCRE2_JIT_COMPLETE)` succeeded.
    let isJIT: Bool
    /// Number of capture groups (`PCRE2_INFO_CAPTURECOUNT`).
    let captureCount: Int
    /// Named groups: name to group number (`PCRE2_INFO_NAMETABLE`); with duplicate names,
    /// the lowest number.
    let groupNumbers: [String: Int]
    /// The limits applied to every match.
    let limits: EngineLimits
    /// True when every match is anchored at its start offset: compiled with `PCRE2_ANCHORED`
    /// or starting with `^` in every branch (`PCRE2_INFO_ALLOPTIONS`). Such a search tries
    /// one start position, so it gets the whole per-position match limit.
    let isAnchored: Bool
    /// True when a search may be re-run one start position at a time with the same result:
    /// the pattern has no `\G` (which would match at every such start) and no `(*COMMIT)` or
    /// `(*SKIP)` (which end or steer an unanchored search beyond one position), as its items
    /// say (``PatternSyntax``: a `\G` or verb quoted, in a class or in a comment is none).
    let canStep: Bool
    /// True when a failed start position at a CR that is followed by an LF moves on past
    /// both, as PCRE2 does when the newline convention includes CRLF and the pattern names
    /// neither CR nor LF (`PCRE2_INFO_HASCRORLF`).
    let skipsCRLF: Bool
    /// True when the pattern's newline convention, as compiled (`PCRE2_INFO_NEWLINE`, so a
    /// leading `(*LF)` counts), takes CR LF as one newline: CRLF, ANYCRLF or ANY. Read by
    /// ``GlobalLoop`` to step over a CR LF pair at once.
    let crlfIsNewline: Bool
    /// The number of top-level branches when this is JIT code of ``LinearShape`` (a search
    /// whose time is linear in the subject), else nil.
    let linearBranches: Int?
    /// Whether the pattern holds `\G` or a verb that acts on the whole search: `(*COMMIT)`,
    /// `(*PRUNE)`, `(*SKIP)`, `(*THEN)`. The watched form's added branch would change such a
    /// search, so it has none: that only costs the watched stage (the search goes on in windows).
    private let steersWatchedSearch: Bool
    /// What ``windowedVariant`` is compiled from.
    private let recipe: Recipe
    /// The same pattern compiled with `PCRE2_USE_OFFSET_LIMIT`, made when a search first steps.
    private let windowedSlot = CodeSlot()
    /// The watched form (``watchedVariant``), made when a search first escalates.
    private let watchedSlot = SharedSlot<WatchedCode>()

    private struct Recipe {
        var pattern: String
        var flags: UInt32
        var newline: EngineNewline
        var useJIT: Bool
        var utf: Bool
    }

    /// Compiles `pattern`.
    ///
    /// - Parameters:
    ///   - pattern: UTF-8 pattern text.
    ///   - flags: `pcre2_compile` options; `PCRE2_UTF` is added unless `utf` is false.
    ///   - newline: the newline convention.
    ///   - useJIT: try JIT compilation (not tried for a pattern that calls groups,
    ///     ``callsGroups(_:syntax:flags:context:)``, unless required).
    ///   - requireJIT: fail when JIT compilation is not possible.
    ///   - utf: compile for UTF-8 (`PCRE2_UTF`); false for a byte pattern (``Pattern/Options/bytes``).
    /// - Throws: ``EngineFailure`` with stage `.compile`, the PCRE2 code and the byte offset.
    init(
        pattern: String, flags: UInt32, newline: EngineNewline, limits: EngineLimits,
        useJIT: Bool, requireJIT: Bool, utf: Bool = true
    ) throws {
        let context = pcre2_compile_context_create_8(nil)
        defer { pcre2_compile_context_free_8(context) }
        pcre2_set_newline_8(context, newline.pcre2Value)

        func compile(_ text: String) -> (code: OpaquePointer?, error: Int32, offset: Int) {
            var errorCode: Int32 = 0
            var errorOffset: Int = 0
            var text = text
            let compiled = text.withUTF8 { bytes in
                pcre2_compile_8(
                    bytes.baseAddress ?? EmptySubject.pointer, bytes.count, flags | (utf ? EngineFlags.utf : 0),
                    &errorCode, &errorOffset, context)
            }
            return (compiled, errorCode, errorOffset)
        }
        // The pattern as written is compiled first, so that an error names its own offset; then
        // the form with its repeated one-character groups as classes, which PCRE2 searches
        // faster (``SingleCharacterGroups``), takes its place when it compiles to as many groups.
        let original = compile(pattern)
        guard var compiled = original.code else {
            throw EngineFailure(stage: .compile, code: original.error, offset: original.offset)
        }
        var text = pattern
        // The text searched, read once (``PatternSyntax``): the rewrite and the facts below read
        // its items.
        var syntax = PatternSyntax(pattern, flags: flags, newline: newline)
        if let simpler = SingleCharacterGroups.rewritten(syntax, flags: flags, utf: utf),
            let code = compile(simpler).code
        {
            let groups = try? Self.info(code, PCRE2_INFO_CAPTURECOUNT, UInt32(0))
            if groups != nil && groups == (try? Self.info(compiled, PCRE2_INFO_CAPTURECOUNT, UInt32(0))) {
                pcre2_code_free_8(compiled)
                compiled = code
                text = simpler
                syntax = PatternSyntax(simpler, flags: flags, newline: newline)
            } else {
                pcre2_code_free_8(code)
            }
        }
        // A pattern that calls groups runs on the interpreter unless JIT is required: the
        // JIT's match limit does not bound its time (see `callsGroups`).
        let tryJIT =
            useJIT
            && (requireJIT
                || !text.withUTF8 { CompiledCode.callsGroups($0, syntax: syntax, flags: flags, context: context) })
        var jit = false
        if tryJIT {
            // A pattern may refuse JIT itself, e.g. with a leading (*NO_JIT): then
            // pcre2_jit_compile succeeds without producing code, and only JITSIZE tells.
            jit =
                pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE)) == 0
                && ((try? Self.info(compiled, PCRE2_INFO_JITSIZE, 0)) ?? 0) > 0
            if !jit && requireJIT {
                pcre2_code_free_8(compiled)
                throw EngineFailure(stage: .jitCompile, code: PCRE2_ERROR_JIT_BADOPTION, offset: nil)
            }
        }
        // What PCRE2 says of the code, every answer checked; the code is freed if one fails.
        let allOptions: UInt32
        let namesCROrLF: UInt32
        let compiledNewline: UInt32
        let captures: UInt32
        let names: [String: Int]
        do {
            allOptions = try Self.info(compiled, PCRE2_INFO_ALLOPTIONS, 0)
            namesCROrLF = try Self.info(compiled, PCRE2_INFO_HASCRORLF, 0)
            compiledNewline = try Self.info(compiled, PCRE2_INFO_NEWLINE, 0)
            captures = try Self.info(compiled, PCRE2_INFO_CAPTURECOUNT, 0)
            names = try Self.readNameTable(compiled)
        } catch {
            pcre2_code_free_8(compiled)
            throw error
        }
        self.code = compiled
        self.isJIT = jit
        self.linearBranches = jit ? LinearShape.branches(of: syntax, flags: flags) : nil
        self.limits = limits
        self.recipe = Recipe(pattern: text, flags: flags, newline: newline, useJIT: tryJIT, utf: utf)

        self.isAnchored = allOptions & EngineFlags.anchored != 0
        self.canStep = !syntax.holdsG(orVerbs: [.commit, .skip])
        self.steersWatchedSearch = syntax.holdsG(orVerbs: [.commit, .prune, .skip, .then])
        self.skipsCRLF = newline == .anyUnicode && namesCROrLF == 0
        self.crlfIsNewline =
            [PCRE2_NEWLINE_CRLF, PCRE2_NEWLINE_ANY, PCRE2_NEWLINE_ANYCRLF].map(UInt32.init).contains(compiledNewline)

        self.captureCount = Int(captures)
        self.groupNumbers = names
    }

    deinit { pcre2_code_free_8(code) }

    /// `pcre2_pattern_info_8(code, what)`, written into a value like `initial` (the type the
    /// item is documented to have: `uint32_t` for most, `size_t` for `PCRE2_INFO_JITSIZE`, a
    /// pointer for `PCRE2_INFO_NAMETABLE`).
    ///
    /// - Throws: ``EngineFailure`` with PCRE2's code when it gives no answer (a code it does
    ///   not recognize, an item it does not know); never for a code this type compiled.
    static func info<Value: BitwiseCopyable>(_ code: OpaquePointer, _ what: Int32, _ initial: Value)
        throws(EngineFailure) -> Value
    {
        var value = initial
        let status = pcre2_pattern_info_8(code, UInt32(what), &value)
        guard status == 0 else { throw EngineFailure(stage: .compile, code: status, offset: nil) }
        return value
    }

    /// This pattern compiled with `PCRE2_USE_OFFSET_LIMIT` (and JIT when this one asked for
    /// it), so that a search can be confined to a window of start positions
    /// (`pcre2_set_offset_limit`); made when a search first steps.
    var windowedVariant: CompiledCode {
        get throws {
            try windowedSlot.value {
                try CompiledCode(
                    pattern: recipe.pattern, flags: recipe.flags | EngineFlags.useOffsetLimit,
                    newline: recipe.newline, limits: limits, useJIT: recipe.useJIT, requireJIT: false, utf: recipe.utf)
            }
        }
    }

    /// This pattern with a last top-level branch that calls a callout and fails,
    /// `pattern\E|(?C255)(*F)` (with ``firstUnitLookahead`` before the callout), so that a
    /// search can watch its time at every start position
    /// (``watch(_:from:options:scratch:remaining:)``); made when a search first escalates.
    var watchedVariant: WatchedCode {
        watchedSlot.value {
            // Where the added branch would change the search, there is no watched form (the
            // search goes on in windows): a verb that acts on the whole search or `\G` (the
            // branch's start positions are ones the pattern alone might never try, and a
            // `(*COMMIT)` there ends the search), or a pattern PCRE2 tries at line starts only
            // (a leading `.*`: the branch turns that off, and a `(*THEN)` then finds a match
            // PCRE2 does not).
            guard !steersWatchedSearch, !startsAtLineStartsOnly else {
                return WatchedCode(nil, calloutAt: 0)
            }
            // A pattern in extended mode may end inside a `#` comment, which would swallow
            // the branch: then a newline first ends the comment (in extended mode a newline
            // is only white space; without it, the first form has its callout).
            let branch = "\\E|" + firstUnitLookahead + "(?C255)(*F)"
            for separator in ["", "\n"] {
                let text = recipe.pattern + separator + branch
                // A form that does not compile (a pattern near PCRE2's size limits) is no form.
                let watched = WatchedCode(try? compileWatched(text), calloutAt: text.utf8.count - 4)
                if watched.code != nil { return watched }
            }
            return WatchedCode(nil, calloutAt: 0)
        }
    }

    /// Compiles the watched form `pattern` like this code.
    private func compileWatched(_ pattern: String) throws -> CompiledCode {
        try CompiledCode(
            pattern: pattern, flags: recipe.flags, newline: recipe.newline, limits: limits, useJIT: recipe.useJIT,
            requireJIT: false, utf: recipe.utf)
    }

    /// `(?=(?i:\x{hh}))` when every match starts with the one ASCII code unit hh
    /// (`PCRE2_INFO_FIRSTCODETYPE` 1), else nothing: in front of the watched branch it keeps
    /// PCRE2's skip to that code unit (a memchr) in the watched form, and the callout runs only
    /// where a match could start. Case-insensitive so that it never skips a position the
    /// pattern could try (with `PCRE2_CASELESS`, PCRE2 also starts at the other case).
    private var firstUnitLookahead: String {
        // No answer from PCRE2 gives no look-ahead: the callout then runs at every position.
        guard (try? Self.info(code, PCRE2_INFO_FIRSTCODETYPE, UInt32(0))) == 1,
            let unit = try? Self.info(code, PCRE2_INFO_FIRSTCODEUNIT, UInt32(0)), unit < 0x80
        else { return "" }
        return "(?=(?i:\\x{" + String(unit, radix: 16) + "}))"
    }

    /// Whether PCRE2 tries this pattern at the subject's start and after each newline only
    /// (`PCRE2_INFO_FIRSTCODETYPE` 2: a leading `.*` without `PCRE2_DOTALL`).
    private var startsAtLineStartsOnly: Bool {
        // No answer from PCRE2 counts as yes: the pattern then gets no watched form.
        ((try? Self.info(code, PCRE2_INFO_FIRSTCODETYPE, UInt32(0))) ?? 2) == 2
    }

    /// Whether the code was compiled for UTF-8 (`PCRE2_UTF`), not for bytes.
    var isUTF: Bool { recipe.utf }

    /// Whether this PCRE2 build can JIT-compile on this machine (`PCRE2_CONFIG_JIT`).
    static let jitSupported: Bool = {
        var value: UInt32 = 0
        pcre2_config_8(UInt32(PCRE2_CONFIG_JIT), &value)
        return value != 0
    }()

    /// PCRE2's version string (`PCRE2_CONFIG_VERSION`), for diagnostics.
    static let libraryVersion: String = {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = pcre2_config_8(UInt32(PCRE2_CONFIG_VERSION), &buffer)
        let length = buffer.firstIndex(of: 0) ?? max(0, Int(count) - 1)
        return String(decoding: buffer[..<length], as: UTF8.self)
    }()

    /// The named groups of `code` (``groupNumbers``).
    private static func readNameTable(_ code: OpaquePointer) throws(EngineFailure) -> [String: Int] {
        let count = try info(code, PCRE2_INFO_NAMECOUNT, UInt32(0))
        guard count > 0 else { return [:] }
        let entrySize = try info(code, PCRE2_INFO_NAMEENTRYSIZE, UInt32(0))
        guard let table = try info(code, PCRE2_INFO_NAMETABLE, UnsafePointer<UInt8>?.none) else { return [:] }
        var names: [String: Int] = [:]
        for entry in 0..<Int(count) {
            // Each entry: a 2-byte big-endian group number, then the NUL-terminated name.
            let base = table + entry * Int(entrySize)
            let number = Int(base[0]) << 8 | Int(base[1])
            var length = 0
            while base[2 + length] != 0 { length += 1 }
            let name = String(decoding: UnsafeBufferPointer(start: base + 2, count: length), as: UTF8.self)
            if let existing = names[name], existing < number { continue }
            names[name] = number
        }
        return names
    }
}

/// A valid, non-null pointer for empty subjects (PCRE2 10.42 rejects a null subject).
enum EmptySubject {
    // nonisolated(unsafe): one byte allocated once and never written after initialization.
    nonisolated(unsafe) static let pointer: UnsafePointer<UInt8> = {
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        storage.initialize(to: 0)
        return UnsafePointer(storage)
    }()
}
