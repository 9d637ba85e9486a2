/// Finds the lines a pattern selects in a piece of a block of lines (whole lines only).
///
/// Two ways, same result:
/// - **block search**: one JIT scan over many lines at once with the pattern compiled
///   `.multiline`, so lines without a match cost nothing but the scan (as `grep -P` does). A
///   line where the scan finds a match that stays inside it (no newline in the match) is
///   selected at once when the block has only LF line endings; otherwise the line is judged
///   on its own with the per-line pattern. The scan resumes at the next line. A line the
///   per-line pattern matches always gets a scan match at or before it (line anchors, `\b`
///   and `.` behave the same at a line edge as at a newline, and a part that takes the LF
///   gives it back when what follows needs the line's end), so no line is missed. Patterns
///   for which that does not hold are judged line by line (``blockSearchMayMiss(_:)``).
/// - **line by line**: one match per line, for those patterns, for lines that are not valid
///   UTF-8 (each is reported on its own), and when lines to judge are so dense that scanning
///   would cost more.
///
/// Both skip lines that hold none of the pattern's required bytes (``CandidateLines``): a
/// search for a rare word costs little more than `memchr`.
///
/// Every match runs on the block's bytes in place through `Pattern.firstMatchRange(in:from:
/// whole:validUTF8:)`: no `String` and no allocation per line or per match.
package struct LineSearch: Sendable {
    /// The pattern as given, for each line.
    package let linePattern: Pattern
    /// The patterns after ``linePattern`` when one PCRE2 pattern cannot hold the search: a list
    /// of `-F` texts too large for it, split into tries (``splitLiterals(_:options:wholeLine:
    /// words:crlf:invert:countOnly:lineNumbers:recordsLines:)``); a line's match is then
    /// ``firstMatchRange(inLine:from:validUTF8:)``'s. Empty otherwise.
    let morePatterns: [Pattern]
    /// The same pattern with `.multiline`, for block search; nil when block search is unsafe.
    let blockPattern: Pattern?
    /// The block pattern with `.lineFeedOnly` as well, for blocks with no other line ending
    /// (no CR, VT, FF, NEL, LS, PS): PCRE2's JIT then finds line starts much faster.
    let blockPatternLF: Pattern?
    package let wholeLine: Bool
    package let invert: Bool
    let countOnly: Bool
    package let lineNumbers: Bool
    /// `name:` before each line, when several files are searched.
    private(set) var prefix: [UInt8]
    /// Bytes of which every line the pattern matches holds one (see ``CandidateLines``).
    let requiredBytes: [UInt8]
    /// Bytes every line the pattern matches holds, in a run (see ``RequiredLiteral``).
    private(set) var requiredLiteral: RequiredLiteral?
    /// The texts the pattern is, when it is nothing else (see ``LiteralSet``): a valid line
    /// holding one is selected without a match call. Nil with `-x`, `-w` and `--crlf`.
    private(set) var exactLiterals: LiteralSet?
    /// Texts of which every line the pattern matches holds one (an alternation whose every
    /// alternative requires a literal, or a literal set under `-x`, `-w`, `--crlf`): the lines
    /// holding none are skipped, as by ``requiredLiteral``, which is preferred when there is one.
    let candidateLiterals: LiteralSet?
    /// Whether ``exactLiterals`` decide every line, those that are not valid UTF-8 too, and the
    /// pattern only confirms the texts they cannot decide alone (``literalsOnly(_:confirming:
    /// options:invert:countOnly:lineNumbers:recordsLines:)``).
    let literalsDecide: Bool
    /// Whether every line the pattern matches holds a character outside ASCII, when no literal
    /// finds candidate lines: an item every match matches a character with, which matches no
    /// ASCII character (``PatternSyntax/mandatoryCharacterItems()``: `\p{Cyrillic}{5,}`, `[а-я]`).
    /// Lines of ASCII alone are then skipped (``CandidateLines``).
    let requiresNonASCII: Bool

    /// Whether a CR before a line's LF (or at the input's end) ends the line (`--crlf`): it is
    /// then not part of the text matched (`$` and `-x` see the line without it), but it is printed.
    package let crlf: Bool
    /// Whether lines that are not valid UTF-8 are searched (the pattern was compiled with
    /// ``Pattern/Options/matchInvalidUTF8``) rather than reported as problems.
    let searchesInvalidUTF8: Bool
    /// Whether the pattern knows LF alone as a newline (``Pattern/Options/lineFeedOnly``): a
    /// block match inside a line is then one the per-line pattern finds, whatever other line
    /// terminators the block holds.
    let lineFeedsOnly: Bool
    /// The literal whose scan makes the UTF-8 check too (``RequiredLiteral/starts(in:range:
    /// into:)``): the one that finds candidate lines, or the one text of ``exactLiterals``, when
    /// the pattern knows LF alone as a newline (no other line ending needs to be looked for).
    private(set) var checkingLiteral: RequiredLiteral?
    /// Whether selected lines are recorded as ranges in ``OutputBuffer/lines`` instead of
    /// being copied to ``OutputBuffer/bytes`` (for a caller that prints them itself).
    package let recordsLines: Bool
    /// Whether every line is recorded with its verdict (``OutputBuffer/everyLine``,
    /// ``OutputBuffer/verdicts``): ``init(everyLine:wholeLine:)``'s search.
    package let recordsVerdicts: Bool

    /// A search for `source`.
    ///
    /// - Parameters:
    ///   - options: the compile options; `fastcop match` passes ``Pattern/Options/lineFeedOnly``
    ///     and ``Pattern/Options/matchInvalidUTF8`` (a line ends at LF, as in grep).
    ///   - wholeLine: the pattern must match the whole line (`-x`).
    ///   - words: the match must be a whole word (`-w`): the pattern is searched as
    ///     `(?<!\w)(?:PATTERN)(?!\w)`, as `grep -P -w` does. Ignored with `wholeLine` and
    ///     with ``Pattern/Options/literal`` (escape the text instead).
    ///   - crlf: a CR before LF, or ending the input, is part of the line end (`--crlf`).
    ///   - recordsLines: record the selected lines' ranges instead of copying their bytes.
    ///   - literals: the literal texts `source` matches exactly, when it is made of them (`-F`
    ///     patterns, as an alternation or a trie): the literal set is made from them, not read
    ///     from `source`.
    package init(
        source: String, options: Pattern.Options, wholeLine: Bool, words: Bool = false, crlf: Bool = false,
        invert: Bool, countOnly: Bool, lineNumbers: Bool, recordsLines: Bool = false, literals: [String]? = nil
    ) throws {
        try self.init(
            source: source, options: options, wholeLine: wholeLine, words: words, crlf: crlf, invert: invert,
            countOnly: countOnly, lineNumbers: lineNumbers, recordsLines: recordsLines,
            literalSet: { syntax in
                literals.map { LiteralSet(texts: $0, options: options) } ?? LiteralSet(syntax, options: options)
            },
            literalsDecide: false)
    }

    /// A search for the literal texts `literals` by their set, for plain line selection when no
    /// pattern made of them all compiles (a list of thousands of `-F` texts is too large for
    /// PCRE2): `confirming`, a pattern of the texts the set cannot decide alone
    /// (``LiteralSet/needsConfirmation(_:options:)``), judges only the lines where the set
    /// found one of those and no other; the set decides every other line, valid UTF-8 or not
    /// (the bytes of a text of valid UTF-8 are found in a line that is not exactly where PCRE2,
    /// with `PCRE2_MATCH_INVALID_UTF`, finds the text). Nil when the texts give no set. Match
    /// positions (`-o`, colour) need a pattern of all the texts.
    package static func literalsOnly(
        _ literals: [String], confirming: String, options: Pattern.Options, invert: Bool, countOnly: Bool,
        lineNumbers: Bool, recordsLines: Bool
    ) throws -> LineSearch? {
        guard let set = LiteralSet(texts: literals, options: options) else { return nil }
        return try LineSearch(
            source: confirming, options: options.subtracting(.literal), wholeLine: false, words: false, crlf: false,
            invert: invert, countOnly: countOnly, lineNumbers: lineNumbers, recordsLines: recordsLines,
            literalSet: { _ in set }, literalsDecide: true)
    }

    /// A search for the literal texts `literals` (`-F` patterns) when no one pattern of them all
    /// compiles (a list of thousands of texts is too large for PCRE2 even as a trie) and match
    /// positions or edges are needed (`-o`, colour, `-w`, `-x`, `--crlf`): the list is split
    /// into parts whose tries (``LiteralTrie``) each compile, halving a part until it does (a
    /// trie of the whole list that compiles is the search as any pattern is, block search and
    /// all). A line is judged by every part (a line that holds none of the texts, found by their set,
    /// is not), and its match is the leftmost of the parts' matches, the longest of those at
    /// one place: the whole trie's match. No block search: lines are judged one by one.
    package static func splitLiterals(
        _ literals: [String], options: Pattern.Options, wholeLine: Bool, words: Bool, crlf: Bool, invert: Bool,
        countOnly: Bool, lineNumbers: Bool, recordsLines: Bool
    ) throws -> LineSearch {
        let trie = LiteralTrie.source(literals, caseInsensitive: options.contains(.caseInsensitive))
        if let whole = try? LineSearch(
            source: trie, options: options.subtracting(.literal), wholeLine: wholeLine, words: words, crlf: crlf,
            invert: invert, countOnly: countOnly, lineNumbers: lineNumbers, recordsLines: recordsLines,
            literals: literals)
        {
            return whole
        }
        return try LineSearch(
            source: "", options: options.subtracting(.literal), wholeLine: wholeLine, words: words, crlf: crlf,
            invert: invert, countOnly: countOnly, lineNumbers: lineNumbers, recordsLines: recordsLines,
            literalSet: { _ in LiteralSet(texts: literals, options: options) }, literalsDecide: false,
            splitting: literals)
    }

    /// The patterns of `literals`' tries (``LiteralTrie``), each written by `text` (the word
    /// wrapper) and compiled with `options`: one for the whole list when it compiles, else the
    /// list's halves', each split again until it compiles; with `whole` false the list is split
    /// at once (its whole trie did not compile). A part of one text that does not compile
    /// throws its error.
    private static func compiledInParts(
        _ literals: ArraySlice<String>, text: (String) -> String, options: Pattern.Options, whole: Bool = true
    ) throws -> [Pattern] {
        if whole || literals.count == 1 {
            do {
                let trie = LiteralTrie.source(literals, caseInsensitive: options.contains(.caseInsensitive))
                return [try Pattern(text(trie), options: options)]
            } catch is PatternError where literals.count > 1 {}
        }
        let middle = literals.startIndex + literals.count / 2
        return try compiledInParts(literals[..<middle], text: text, options: options)
            + compiledInParts(literals[middle...], text: text, options: options)
    }

    /// A search that judges every line with `pattern` as it is (its options and limits), and
    /// records each line's range and verdict (``OutputBuffer/everyLine``,
    /// ``OutputBuffer/verdicts``): ``Batch/matchLines(_:in:wholeLine:)``'s. Its lines are the
    /// ``LineSplitter``'s: a CR before a LF is not part of the line, a CR ending the input is. No
    /// prefilter (required bytes or literals) and no block scan: a line is judged by PCRE2 alone,
    /// so that one on which it gives up at a limit is reported as such.
    package init(everyLine pattern: Pattern, wholeLine: Bool) throws {
        try self.init(
            source: pattern.source, options: pattern.options, wholeLine: wholeLine, words: false, crlf: true,
            invert: false, countOnly: false, lineNumbers: false, recordsLines: false, literalSet: { _ in nil },
            literalsDecide: false, given: pattern)
    }

    /// The first match of the search in `line` from byte `start` (only a match of the whole line
    /// with ``wholeLine``): ``linePattern``'s; for a split search (``morePatterns``), the
    /// leftmost of every part's, the longest of those that start there.
    package func firstMatchRange(
        inLine line: UnsafeBufferPointer<UInt8>, from start: Int = 0, validUTF8: Bool
    ) throws -> Range<Int>? {
        var best = try linePattern.firstMatchRange(in: line, from: start, whole: wholeLine, validUTF8: validUTF8)
        for pattern in morePatterns {
            guard let found = try pattern.firstMatchRange(in: line, from: start, whole: wholeLine, validUTF8: validUTF8)
            else { continue }
            if let current = best,
                current.lowerBound < found.lowerBound
                    || current.lowerBound == found.lowerBound && current.upperBound >= found.upperBound
            {
                continue
            }
            best = found
        }
        return best
    }

    private init(
        source: String, options: Pattern.Options, wholeLine: Bool, words: Bool, crlf: Bool, invert: Bool,
        countOnly: Bool, lineNumbers: Bool, recordsLines: Bool, literalSet makeSet: (PatternSyntax) -> LiteralSet?,
        literalsDecide: Bool, splitting literals: [String]? = nil, given: Pattern? = nil
    ) throws {
        let wraps = words && !wholeLine && !options.contains(.literal)
        let wrap = { (source: String) in wraps ? #"(?<!\w)(?:"# + source + #")(?!\w)"# : source }
        let text = wrap(source)
        // The pattern as given, read once (``PatternSyntax``): each fact below reads its items.
        // (The word wrapper adds no group, no reference and no ASCII atom.)
        let syntax = PatternSyntax(source, options: options)
        // No group of a line search is read: its patterns capture nothing, so that a repeated
        // `(\s|,)` is searched as the class `[\s,]` (see the engine's SingleCharacterGroups),
        // unless the text may name a group by its number (``PatternSyntax/mayNumberGroups``),
        // which needs the numbers kept: under `PCRE2_NO_AUTO_CAPTURE` such a reference would not
        // compile, or (`\11` with eleven groups) would become an octal escape.
        let searched = syntax.mayNumberGroups ? options : options.union(.noAutoCapture)
        // A split search's facts are the whole list's (its set of texts), not its first part's:
        // no required byte or literal, no block search.
        let split = literals != nil
        let patterns =
            try literals.map { try Self.compiledInParts($0[...], text: wrap, options: searched, whole: false) }
            ?? [given ?? Pattern(text, options: searched)]
        linePattern = patterns[0]
        morePatterns = Array(patterns.dropFirst())
        self.wholeLine = wholeLine
        self.invert = invert
        self.countOnly = countOnly
        self.lineNumbers = lineNumbers
        self.crlf = crlf
        self.recordsLines = recordsLines
        // The caller's pattern judges every line: nothing is skipped by a prefilter (nor in a
        // split search, above).
        recordsVerdicts = given != nil
        let prefilters = !split && !recordsVerdicts
        searchesInvalidUTF8 = options.contains(.matchInvalidUTF8)
        lineFeedsOnly = options.contains(.lineFeedOnly)
        self.prefix = []
        requiredBytes = prefilters ? try linePattern.requiredBytes() : []
        // (Made once the pattern compiled: a list of 10,000 texts took 0.1 s to make for nothing.)
        // (One text spelled with U+212A or U+017F is left to PCRE2: `-i refused` on a million
        // lines took 16% more CPU with the two probes.)
        let literalSet = makeSet(syntax).flatMap { literalsDecide || $0.texts.count > 1 || !$0.spellsSigns ? $0 : nil }
        requiredLiteral = literalsDecide || !prefilters ? nil : RequiredLiteral(syntax, options: options)
        let exact =
            literalsDecide ? literalSet : wraps || wholeLine || crlf || literalSet?.isExact != true ? nil : literalSet
        exactLiterals = exact
        // (One text is left to the required literal or PCRE2's required bytes: `-w -i error` on a
        // million lines was 3% slower with its probe.)
        candidateLiterals =
            exact != nil || requiredLiteral != nil
                || literalSet.map({ $0.texts.count < 2 || $0.matchesEveryLine })
                    != false
            ? nil : literalSet
        self.literalsDecide = literalsDecide
        requiresNonASCII =
            prefilters && exact == nil && requiredLiteral == nil && candidateLiterals == nil
            && syntax.mandatoryCharacterItems().contains { Self.matchesNoASCII(syntax.text(of: $0), options: searched) }
        checkingLiteral = lineFeedsOnly ? exactLiterals.map(\.single) ?? requiredLiteral : nil
        // The word wrapper's lookarounds see LF at a line's edges in a block as they see the
        // subject's edges in a line: only the pattern as given decides.
        if crlf || split {
            // `$` before CR LF is not a block-pattern `$`: judge line by line.
            blockPattern = nil
            blockPatternLF = nil
        } else if options.contains(.literal) || !Self.blockSearchMayMiss(syntax) {
            // A pattern of ASCII atoms searches valid UTF-8 as bytes (same lines, cheaper JIT
            // code) where LF is its only line end (with other line ends, bytes would see NEL
            // in a character).
            let bytes: Pattern.Options =
                !wraps && ASCIIPattern.selectsLinesAlike(syntax, options: options) ? .bytes : []
            let block = lineFeedsOnly ? searched.union(bytes) : searched
            blockPattern = try Pattern(text, options: block.union(.multiline))
            blockPatternLF = try Pattern(text, options: searched.union(bytes).union([.multiline, .lineFeedOnly]))
        } else {
            blockPattern = nil
            blockPatternLF = nil
        }
    }

    /// Whether the pattern `item` (one item's text) matches no ASCII character under `options`,
    /// asked of PCRE2 for each of the 128 rather than read from the text (scripts, properties,
    /// classes and case folding are PCRE2's to know: `(?i)\x{212A}` matches `k`). False when it
    /// does not compile alone.
    static func matchesNoASCII(_ item: ArraySlice<UInt8>, options: Pattern.Options) -> Bool {
        guard let pattern = try? Pattern(String(decoding: item, as: UTF8.self), options: options) else { return false }
        return (0..<128).allSatisfy { code in
            (try? pattern.hasMatch(in: String(UnicodeScalar(UInt8(code))))) == false
        }
    }

    /// Whether a block search might miss a line that the pattern read as `syntax` matches on its
    /// own, so that the lines must be judged one by one. True when the pattern holds one of:
    /// - what sees the subject's edges, not a line's: `\A`, `\z`, `\Z`, `\G`, lookarounds,
    ///   `\K`, verbs and leading settings (`(*…)`), `(*…:` groups;
    /// - what takes a line's LF and never gives it back: `\R` (which takes CR LF whole), `\X`
    ///   (a CR LF is one cluster), atomic groups `(?>…)`, possessive repeats (`++`, `*+`,
    ///   `?+`, `}+`): in `x\R$` on `x\r\ny`, `\R` takes the CR LF and `$` then fails, where
    ///   the line `x\r` alone matches;
    /// - an option setting that turns multiline off (`(?-m)`, `(?^)`): its `^` and `$` would
    ///   see the block's edges.
    ///
    /// Read from the pattern's items, so an escaped backslash (`\\A`), a `+` in a class
    /// (`[?+]`), quoted text (`\Q(?=\E`) or an option setting that leaves multiline alone
    /// (`(?-i)`) no longer sends a pattern line by line.
    static func blockSearchMayMiss(_ syntax: PatternSyntax) -> Bool {
        syntax.items.contains { item in
            switch item.kind {
            case .escape(.assertion), .escape(.type):
                guard let letter = syntax.escapedByte(of: item) else { return false }
                return letter.isOne(of: item.kind == .escape(.type) ? "RX" : "AzZGK")
            case .open(.lookaround), .open(.atomic), .open(.scriptRun), .verb, .leadingSetting:
                return true
            case .quantifier:
                return syntax.isPossessive(item)
            case .optionSetting, .open(.scopedOptions):
                return syntax.unsetsMultiline(item)
            default:
                return false
            }
        }
    }

    /// The same search with its literal's bytes looked for in the order of their frequency in
    /// `sample`, the input's first block (``RequiredLiteral/ranked(by:sample:)``); itself when it
    /// searches no single literal. Same answers.
    package func ranked(bySample sample: UnsafeBufferPointer<UInt8>) -> LineSearch {
        guard requiredLiteral != nil || exactLiterals?.single != nil else { return self }
        // 64 KiB tell the frequencies well enough (counting the whole first block was 1% of the
        // samples of a search for `example7\.com` in 49 MiB).
        let sample = UnsafeBufferPointer(rebasing: sample.prefix(64 * 1024))
        let frequencies = ByteFrequencies(sample)
        var search = self
        search.requiredLiteral = requiredLiteral?.ranked(by: frequencies, sample: sample)
        search.exactLiterals = exactLiterals?.ranked(by: frequencies, sample: sample)
        search.checkingLiteral = lineFeedsOnly ? search.exactLiterals.map(\.single) ?? search.requiredLiteral : nil
        return search
    }

    /// The same search, printing `prefix` before each line.
    package func prefixed(_ prefix: String) -> LineSearch {
        var search = self
        search.prefix = Array(prefix.utf8)
        return search
    }

    /// What one piece gave (its output went to the piece's ``OutputBuffer``).
    package struct Result: Sendable {
        package var selected = 0
        /// The lines whose search failed, in order: all of them (a sink may show only some).
        package var problems: [Problem] = []
        /// Lines that are not valid UTF-8, searched all the same (with
        /// ``Pattern/Options/matchInvalidUTF8``).
        package var invalidLines = 0
        /// The first of them: its offset in the block, and its number when lines are counted.
        package var firstInvalid: (offset: Int, line: Int?)?
    }

    /// The bytes one piece prints, kept from block to block so that its memory is allocated
    /// (and its pages touched) once, not for every block.
    package final class OutputBuffer: @unchecked Sendable {
        // @unchecked: each buffer is given to one search task at a time, and read and cleared
        // by the reading thread only after all tasks have finished.

        /// The output so far.
        package var bytes: [UInt8] = []
        /// The selected lines (without their LF), when the search ``recordsLines``.
        package var lines: [Range<Int>] = []
        /// The numbers of ``lines``, when lines are counted too (``lineNumbers``): counted by
        /// the search, in parallel, so that a printer counts none.
        package var lineNumbers: [Int] = []
        /// Every line of the piece, in the input (the block's offset added) and without its
        /// line end, when the search ``recordsVerdicts``; ``verdicts`` holds their verdicts.
        package var everyLine: [Range<Int>] = []
        /// The verdict on each line of ``everyLine``.
        package var verdicts: [LineVerdict] = []

        package init() {}
    }

    /// Searches the whole lines in `range` of `bytes`; `firstLine` is the number of the piece's
    /// first line when lines are counted (`-n`), and `blockOffset` the block's offset in the
    /// input (problems are reported by byte offset when lines are not counted). Selected lines
    /// are appended to `output`.
    ///
    /// The bytes are checked for valid UTF-8 once, a segment of about 64 KiB at a time (so
    /// that it is still in the cache when it is searched), then searched in place with
    /// PCRE2's own check off: nothing is copied or allocated per line beyond the output. A
    /// line that is not valid UTF-8 is matched with PCRE2's check on, which reports it (it
    /// never matches), and the check resumes after it.
    package func search(
        _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, firstLine: Int?, blockOffset: Int,
        into output: OutputBuffer
    ) -> Result {
        var scan = Scan(
            search: self, bytes: bytes, start: range.lowerBound, line: firstLine, blockOffset: blockOffset,
            output: output)
        scan.reserveLines(forBytes: range.count)
        var position = range.lowerBound
        while position < range.upperBound {
            var end = min(range.upperBound, position + LineSearch.segmentBytes)
            if end < range.upperBound {
                end = ByteScan.nextNewline(bytes, in: (end - 1)..<range.upperBound).map { $0 + 1 } ?? range.upperBound
            }
            // With LF the only line ending, the check can ride on the literal scan.
            let check =
                checkingLiteral != nil
                ? UTF8TextScan(firstInvalidUTF8: scan.checkFindingLiteral(position..<end), onlyLineFeeds: true)
                : UTF8TextScan.scan(bytes, in: position..<end, lineEndings: !lineFeedsOnly)
            guard let invalid = check.firstInvalidUTF8 else {
                scan.searchValid(position..<end, onlyLineFeeds: check.onlyLineFeeds)
                position = end
                continue
            }
            let badLine = ByteScan.lastNewline(bytes, in: position..<invalid).map { $0 + 1 } ?? position
            scan.searchValid(position..<badLine, onlyLineFeeds: check.onlyLineFeeds)
            if searchesInvalidUTF8 { scan.noteInvalidLine(at: badLine) }
            // With PCRE2_MATCH_INVALID_UTF, PCRE2 never checks (and needs no check).
            position =
                literalsDecide && searchesInvalidUTF8
                ? scan.judgeByLiterals(at: badLine, end: range.upperBound)
                : scan.judgeLine(at: badLine, end: range.upperBound, validUTF8: searchesInvalidUTF8)
        }
        return scan.finish()
    }

    /// Bytes checked, then searched, at a time.
    static let segmentBytes = 64 * 1024

    /// A line whose search failed, neither selected nor left out: the pattern gave up on it at
    /// a limit, or its bytes are not UTF-8 (when such lines are not searched, see
    /// ``Pattern/Options/matchInvalidUTF8``). A value: the sink says it in its own words.
    package struct Problem: Sendable {
        /// The line's start: in the block in a piece's ``Result``, in the input as the
        /// ``LineSearcher`` hands it to its sink.
        package var offset: Int
        /// The line's number, when lines are counted (`-n`).
        package var line: Int?
        /// Why: ``PatternError/Kind/invalidUTF8`` with the byte offset within the line, or a
        /// limit.
        package var error: PatternError
    }
}
