import FastCop

/// The one pattern `fastcop match` searches with, made from the patterns given (`-e`, `-f`,
/// the first argument) and `-F`, `-i`.
///
/// Several patterns are one search, not one per pattern: each is compiled alone first (so that
/// an error names the pattern at fault), then they are joined as `(?:P1)|(?:P2)|…` and
/// compiled once. Inside its group, a pattern keeps its meaning: an inline option such as
/// `(?i)` ends with the group. What would change meaning is refused with a clear error:
/// numbered back references and subroutine calls (`\1`, `\g2`, `\g{-1}`, `(?1)`, `(?R)`:
/// group numbers shift in the joined pattern; use named groups, `(?<n>…)` and `\k<n>`), a
/// leading `(*VERB)` (only valid at the very start), and `#` comments under an inline `(?x)`
/// (a comment would swallow the closing parenthesis). With `-F`, each pattern is literal text
/// (escaped, or PCRE2's literal mode for one pattern alone).
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
        let texts = options.fixedStrings ? patterns.map(Self.escaped) : patterns
        for (index, text) in texts.enumerated() {
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
        for (index, text) in texts.enumerated() {
            if let reason = Self.joinProblem(text) {
                throw ToolError.input(
                    "pattern \(index + 1) ('\(text)') cannot be joined with the others into one search: \(reason)")
            }
        }
        // `\E` ends a `\Q` quote left open at the pattern's end (elsewhere it is ignored).
        source = texts.map { $0.contains("\\Q") ? "(?:\($0)\\E)" : "(?:\($0))" }.joined(separator: "|")
    }

    /// `text` with every ASCII character that is not a letter or digit escaped: literal in any
    /// PCRE2 pattern (a backslash before such a character always means the character).
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII && !(scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
                result.append("\\")
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// Why `text` cannot be put in a group of a joined pattern, or nil when it can.
    static func joinProblem(_ text: String) -> String? {
        if text.hasPrefix("(*") { return "a leading (*VERB) is only valid at the start of a pattern" }
        if text.contains("#") && text.contains(/\(\?[a-zA-Z^]*x/) {
            return "a # comment under (?x) would swallow the group's closing parenthesis"
        }
        if text.contains(/\\[1-9]|\\g\{?[-+]?[0-9]|\(\?[-+]?[0-9R]|\(\?P?>?[0-9]/) {
            return "numbered back references and calls change meaning when groups are renumbered"
                + " (use named groups: (?<name>…) and \\k<name>)"
        }
        return nil
    }
}
