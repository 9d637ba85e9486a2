/// Recognizes, from a pattern's text, the patterns for which PCRE2's JIT search takes time
/// linear in the subject: trailing-whitespace and trim patterns such as `\s+$`, `[ \t]+$` and
/// `^\s+|\s+$`, whose first pass over a long run of blanks needs more steps at one start
/// position than its share of the total (see ``CompiledCode/searchLinear(_:from:options:scratch:remaining:)``).
///
/// The shape: at most ``maximumBranches`` top-level branches, each made of
///
/// - optionally `^` or `\A` (zero-width),
/// - one character item (a literal character, an escaped one, `.`, a type such as `\s`, `\d`,
///   `\w`, `\h`, `\v` or their negations, `\p{…}`/`\P{…}`, or a class `[…]`) repeated by a
///   greedy or possessive `+` or `*`,
/// - then at most ``maximumTailItems`` items, each a zero-width anchor (`$`, `^`, `\z`, `\Z`,
///   `\b`, `\B`) or a character item, optionally with a greedy `?`.
///
/// Why linear: when a branch starts with a repeated single character item, PCRE2's JIT keeps,
/// for the whole search, where that repeat last stopped (`detect_early_fail` in
/// `pcre2_jit_compile.c`, PCRE2 10.35 and later), and a later start position up to there fails
/// at once, before scanning. So each subject character is scanned by at most one attempt per
/// branch, and each attempt backs off at most as many characters as it scanned, trying the few
/// fixed items of the tail after each. Nothing is excluded by accident: anything this reader
/// does not know (a group, a verb, an option setting, `\Q`, a counted or lazy repeat, a back
/// reference, a second repeat) makes the pattern not of the shape, which only means the search
/// keeps its clock. The interpreter has no such memory (`\s+$` is quadratic there), so only
/// JIT code is searched this way.
enum LinearShape {
    /// Branches beyond this many are not of the shape (each branch is a scan of the subject).
    static let maximumBranches = 16
    /// Fixed items after a branch's repeat.
    static let maximumTailItems = 4
    /// Longer patterns are not read (a huge class costs time per character).
    static let maximumPatternBytes = 1000

    /// Whether the PCRE2 in use is 10.35 or later, whose JIT remembers where a leading repeat
    /// stopped in every branch (10.34 did so only for a pattern of one branch).
    static let remembersRepeats: Bool = {
        let parts = CompiledCode.libraryVersion.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
        guard parts.count == 2 else { return false }
        return (parts[0], parts[1]) >= (10, 35)
    }()

    /// The number of top-level branches when the pattern read as `syntax`, compiled with
    /// `flags`, has the shape; nil otherwise (also under `PCRE2_EXTENDED`, `PCRE2_LITERAL` and
    /// `PCRE2_UNGREEDY`, which change what the text means).
    static func branches(of syntax: PatternSyntax, flags: UInt32) -> Int? {
        let refused = EngineFlags.extended | EngineFlags.literal | EngineFlags.ungreedy
        guard remembersRepeats, flags & refused == 0 else { return nil }
        guard !syntax.bytes.isEmpty, syntax.bytes.count <= maximumPatternBytes else { return nil }
        var reader = PatternItemReader(syntax: syntax)
        var branches = 0
        repeat {
            guard reader.readBranch() else { return nil }
            branches += 1
        } while reader.take(.alternation)
        return reader.atEnd && branches <= maximumBranches ? branches : nil
    }
}

/// The shape's pieces, read with the item reader.
extension PatternItemReader {
    /// `^`/`\A`, a repeated character item, then the tail; stops before `|` or the end.
    fileprivate mutating func readBranch() -> Bool {
        if !take(.circumflex), let item = next, escapeLetter(item) == UInt8(ascii: "A") { index += 1 }
        // `+` or `*`, greedy or possessive.
        let repeats = { (text: ArraySlice<UInt8>) in
            (text.first == PatternByte.plus || text.first == PatternByte.asterisk)
                && (text.count == 1 || (text.count == 2 && text.last == PatternByte.plus))
        }
        guard readCharacterItem() != nil, takeQuantifier(where: repeats) else { return false }
        var tail = 0
        while let item = next, item.kind != .alternation {
            tail += 1
            guard tail <= LinearShape.maximumTailItems else { return false }
            if readAnchor() { continue }
            guard readCharacterItem() != nil else { return false }
            _ = takeQuantifier { $0.elementsEqual([PatternByte.question]) }
        }
        // A lazy `??`, a `+` or `*` on a tail item, or a `{` ends up here as a bad item.
        return true
    }

    /// `$`, `^`, `\z`, `\Z`, `\b` or `\B`.
    fileprivate mutating func readAnchor() -> Bool {
        if take(.dollar) || take(.circumflex) { return true }
        guard let item = next, case .escape(.assertion) = item.kind, let letter = escapeLetter(item),
            letter.isOne(of: "zZbB")
        else { return false }
        index += 1
        return true
    }
}
