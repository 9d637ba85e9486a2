import FastCop

/// The one pattern `fastcop match` searches with, made from the patterns given (`-e`, `-f`,
/// the first argument) and `-F`, `-i`.
///
/// Several patterns are one search, not one per pattern: each is compiled alone first (so that
/// an error names the pattern at fault), then they are joined as `(?:P1)|(?:P2)|…` and
/// compiled once. Inside its group, a pattern keeps its meaning: an inline option such as
/// `(?i)` ends with the group, and relative references (`\g{-1}`, `(?+1)`) stay inside it.
/// What would change meaning is refused with a clear error: numbered back references, calls
/// and conditions (`\1`, `\g2`, `\g<1>`, `(?1)`, `(?R)`, `(?(1)…)`: group numbers shift in
/// the joined pattern; use named groups, `(?<n>…)` and `\k<n>`), `(*COMMIT)`, `(*PRUNE)` and
/// `(*SKIP)` (they would keep the later patterns from being tried), a leading `(*VERB)` (only
/// valid at the very start), and `#` comments under an inline `(?x)` (a comment would swallow
/// the closing parenthesis). With `-F`, each pattern is literal text (escaped, or PCRE2's
/// literal mode for one pattern alone), and nothing is refused.
struct MatchPatterns {
    /// The pattern's source.
    let source: String
    /// The compile options (`-i`, `-F` for a single literal pattern, and the line semantics).
    let options: Pattern.Options

    /// Options every `match` pattern gets: a line ends at LF, as in grep and ripgrep (the
    /// library's default also knows CR, VT, FF, NEL, LS and PS as newlines), and lines that are
    /// not valid UTF-8 are searched as `grep -P` searches them.
    static let lineSemantics: Pattern.Options = [.lineFeedOnly, .matchInvalidUTF8]

    /// - Throws: ``ToolError`` (input) when a pattern does not compile or cannot be joined.
    init(_ options: MatchOptions) throws {
        var compile = Self.lineSemantics
        if options.ignoreCase { compile.insert(.caseInsensitive) }
        let patterns = options.patterns
        if patterns.isEmpty {
            // No pattern at all (an empty -f file) selects no line, as in grep.
            source = "(?!)"
            self.options = compile
            return
        }
        if options.fixedStrings && patterns.count == 1 && !options.words {
            source = patterns[0]
            self.options = compile.union(.literal)
            return
        }
        let texts = options.fixedStrings ? patterns.map(LiteralTrie.escaped) : patterns
        // An escaped literal always compiles: a list of thousands is not compiled text by text.
        for (index, text) in texts.enumerated() where !options.fixedStrings {
            do {
                _ = try Pattern(text, options: compile)
            } catch let error as PatternError {
                let which = texts.count > 1 ? "pattern \(index + 1) does not compile" : "the pattern does not compile"
                throw ToolError.input("\(which):\n\(error.description)")
            }
        }
        self.options = compile
        guard texts.count > 1 else {
            source = texts[0]
            return
        }
        // An escaped literal (`-F`) can always be joined, and opens no quote.
        let readings = texts.map { options.fixedStrings ? nil : Pattern.joinReading(of: $0, options: compile) }
        for (index, (text, reading)) in zip(texts, readings).enumerated() {
            if let reason = Self.problem(reading?.hazard) {
                throw ToolError.input(
                    "pattern \(index + 1) ('\(text)') cannot be joined with the others into one search: \(reason)")
            }
        }
        // `\E` ends a `\Q` quote left open at the pattern's end.
        let groups = zip(texts, readings).map { $1?.endsQuoted == true ? "(?:\($0)\\E)" : "(?:\($0))" }
        source = groups.joined(separator: "|")
        fixedStrings = options.fixedStrings ? patterns : []
    }

    /// The literals of several `-F` patterns (else empty), for their trie
    /// (``LineSearch/splitLiterals(_:options:wholeLine:words:crlf:invert:countOnly:lineNumbers:recordsLines:)``)
    /// and the line search's literal set.
    private(set) var fixedStrings: [String] = []

    /// What a numbered reference is told to become instead.
    private static let numbered =
        " changes meaning when groups are renumbered: use named groups ((?<name>…) with \\k<name>, (?&name),"
        + " (?(<name>)…)) or relative numbers (\\g{-1}, (?-1)); write an octal character as \\o{…}"

    /// Why a pattern with `hazard` cannot be put in a group of a joined pattern, or nil when it
    /// can: the library reads the pattern (``Pattern/joinReading(of:options:)``), this says why
    /// in words.
    static func problem(_ hazard: JoinHazard?) -> String? {
        switch hazard {
        case nil:
            return nil
        case .leadingSetting:
            return "a leading (*VERB) is only valid at the start of a pattern"
        case .lineComment:
            return "a # comment under (?x) would swallow the group's closing parenthesis"
        case .stoppingVerb(let construct):
            return "'\(construct)' stops the search at a starting position before the other patterns are tried there"
        case .numbered(let construct, let kind):
            let what =
                switch kind {
                case .digitEscape: "a numbered back reference, or an octal character"
                case .gEscape: "a numbered back reference or call"
                case .call: "a numbered call or a recursion of the whole pattern"
                case .condition: "a numbered condition"
                }
            return "'\(construct)' (\(what))" + numbered
        }
    }
}
