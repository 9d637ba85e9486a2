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
        let texts = options.fixedStrings ? patterns.map(Self.escaped) : patterns
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
        for (index, text) in texts.enumerated() where !options.fixedStrings {
            if let reason = Self.joinProblem(text) {
                throw ToolError.input(
                    "pattern \(index + 1) ('\(text)') cannot be joined with the others into one search: \(reason)")
            }
        }
        // `\E` ends a `\Q` quote left open at the pattern's end (elsewhere it is ignored).
        source = texts.map { $0.contains("\\Q") ? "(?:\($0)\\E)" : "(?:\($0))" }.joined(separator: "|")
        fixedStrings = options.fixedStrings ? patterns : []
    }

    /// The literals of several `-F` patterns (else empty), for ``trieSource`` and the line
    /// search's literal set.
    private(set) var fixedStrings: [String] = []

    /// For several `-F` patterns, the same literals as a trie (``trie(_:)``), each shared
    /// prefix written once: the search to use when ``source``, their alternation, is too large
    /// for PCRE2 (a blocklist of thousands of literals). It selects the same lines; a match
    /// (`-o`, colour) is the longest literal at the leftmost place, as grep -F gives it. Nil
    /// otherwise. Made only when asked for.
    var trieSource: String? { fixedStrings.isEmpty ? nil : Self.trie(fixedStrings) }

    /// A pattern matching exactly the literal texts `literals`, as a trie: the texts that
    /// share a prefix share its text, and where one text ends inside another the rest is
    /// optional and greedy (`ab` and `abc` give `ab(?:c)?`), so a match is the longest text at
    /// its place.
    static func trie(_ literals: [String]) -> String {
        final class Node {
            var children: [Unicode.Scalar: Node] = [:]
            var ends = false
        }
        let root = Node()
        for literal in literals {
            var node = root
            for scalar in literal.unicodeScalars {
                if let next = node.children[scalar] {
                    node = next
                } else {
                    let next = Node()
                    node.children[scalar] = next
                    node = next
                }
            }
            node.ends = true
        }
        func text(_ node: Node) -> String {
            let branches = node.children.keys.sorted { $0.value < $1.value }.map {
                escaped(String($0)) + text(node.children[$0]!)
            }
            guard !branches.isEmpty else { return "" }
            let body = branches.count == 1 ? branches[0] : "(?:" + branches.joined(separator: "|") + ")"
            return node.ends ? "(?:" + body + ")?" : body
        }
        return text(root)
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

    /// PCRE2's backtracking verbs, valid anywhere in a pattern.
    private static let verbs: Set = ["ACCEPT", "FAIL", "F", "MARK", "COMMIT", "PRUNE", "SKIP", "THEN"]

    /// Why `text` cannot be put in a group of a joined pattern, or nil when it can.
    static func joinProblem(_ text: String) -> String? {
        // A start-of-pattern setting, (*UCP) or (*LIMIT_MATCH=9) (not a backtracking verb, nor
        // an assertion such as (*pla:…), which is lowercase).
        if let setting = text.prefixMatch(of: /\(\*([A-Z_]+)[=)]/), !verbs.contains(String(setting.1)) {
            return "a leading (*VERB) is only valid at the start of a pattern"
        }
        if text.contains("#") && text.contains(/\(\?[a-zA-Z^]*x/) {
            return "a # comment under (?x) would swallow the group's closing parenthesis"
        }
        return Array(text.utf8).withUnsafeBufferPointer { bytes in
            var scan = JoinScan(bytes: bytes)
            return scan.problem()
        }
    }
}

/// Reads a pattern as PCRE2 reads it, far enough to find what a joined pattern would change:
/// numbered group references (absolute numbers shift when the patterns before have groups;
/// relative ones, `\g{-1}` or `(?+1)`, do not, and each pattern compiled alone, so they stay
/// inside it) and the verbs that stop the other patterns from being tried. Quoted text
/// (`\Q…\E`), escaped characters, character classes and `(?#…)` comments are skipped.
private struct JoinScan {
    let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private static let numbered =
        " changes meaning when groups are renumbered: use named groups ((?<name>…) with \\k<name>, (?&name),"
        + " (?(<name>)…)) or relative numbers (\\g{-1}, (?-1)); write an octal character as \\o{…}"

    /// The first construct that cannot be joined, described, or nil.
    mutating func problem() -> String? {
        while position < bytes.count {
            let start = position
            switch bytes[position] {
            case UInt8(ascii: "\\"):
                if let problem = escape() { return "\(quote(start))" + problem }
            case UInt8(ascii: "["):
                skipClass()
            case UInt8(ascii: "("):
                if let problem = group() { return "\(quote(start))" + problem }
            default:
                position += 1
            }
        }
        return nil
    }

    /// The construct that starts at `start`, up to the scan's position, quoted.
    private func quote(_ start: Int) -> String {
        let end = min(bytes.count, max(position, start + 2))
        return "'" + String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) + "'"
    }

    private func byte(_ offset: Int) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    private static func isDigit(_ byte: UInt8?) -> Bool { byte.map { (0x30...0x39).contains($0) } ?? false }

    /// At a backslash: skips the escape; a problem for `\1`…`\9…` (a numbered back reference,
    /// or an octal escape PCRE2 may read as one) and `\gN`, `\g{N}`, `\g<N>`, `\g'N'`.
    private mutating func escape() -> String? {
        switch byte(1) {
        case UInt8(ascii: "Q"):
            skipQuote(from: position + 2)
            return nil
        case let next? where (0x31...0x39).contains(next):
            position += 2
            while Self.isDigit(byte(0)) { position += 1 }
            return " (a numbered back reference, or an octal character)" + Self.numbered
        case UInt8(ascii: "g"):
            position += 2
            if let open = byte(0), "{<'".utf8.contains(open) { position += 1 }
            while byte(0) == UInt8(ascii: " ") { position += 1 }
            guard Self.isDigit(byte(0)) else { return nil }  // a name, or relative (a sign)
            while Self.isDigit(byte(0)) || byte(0) == UInt8(ascii: " ") { position += 1 }
            if let close = byte(0), "}>'".utf8.contains(close) { position += 1 }
            return " (a numbered back reference or call)" + Self.numbered
        case UInt8(ascii: "c"):
            position += 3  // \c and the character it controls (which may be a backslash)
        default:
            position += 2
        }
        return nil
    }

    /// Skips `\Q…\E` quoted text from `start` (just past `\Q`): to `\E` or the pattern's end.
    private mutating func skipQuote(from start: Int) {
        position = start
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "\\") && byte(1) == UInt8(ascii: "E") {
                position += 2
                return
            }
            position += 1
        }
    }

    /// Skips a character class: a `]` first is literal; escapes, quotes and POSIX classes
    /// (`[:alpha:]`) inside do not end it.
    private mutating func skipClass() {
        position += 1
        if byte(0) == UInt8(ascii: "^") { position += 1 }
        if byte(0) == UInt8(ascii: "]") { position += 1 }
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "]"):
                position += 1
                return
            case UInt8(ascii: "\\"):
                if byte(1) == UInt8(ascii: "Q") { skipQuote(from: position + 2) } else { position += 2 }
            case UInt8(ascii: "[") where byte(1) == UInt8(ascii: ":"):
                position += 2
                while position < bytes.count && !(bytes[position] == UInt8(ascii: ":") && byte(1) == UInt8(ascii: "]"))
                {
                    position += 1
                }
                position += 2
            default:
                position += 1
            }
        }
    }

    /// At `(`: skips a comment or a verb, or the group's opening; a problem for a numbered call
    /// (`(?1)`), recursion (`(?R)`, `(?0)`), condition (`(?(1)…)`, `(?(R1)…)`), and for
    /// `(*COMMIT)`, `(*PRUNE)` and `(*SKIP)`, which end the search at a starting position
    /// before the later patterns are tried.
    private mutating func group() -> String? {
        switch (byte(1), byte(2)) {
        case (UInt8(ascii: "?"), UInt8(ascii: "#")):
            while position < bytes.count && bytes[position] != UInt8(ascii: ")") { position += 1 }
            position += 1
        case (UInt8(ascii: "?"), let next?) where Self.isDigit(next) || next == UInt8(ascii: "R"):
            position += 3
            while position < bytes.count && bytes[position - 1] != UInt8(ascii: ")") { position += 1 }
            return " (a numbered call or a recursion of the whole pattern)" + Self.numbered
        case (UInt8(ascii: "?"), UInt8(ascii: "(")):
            position += 3
            while byte(0) == UInt8(ascii: " ") { position += 1 }
            if byte(0) == UInt8(ascii: "R") && Self.isDigit(byte(1)) || Self.isDigit(byte(0)) {
                while position < bytes.count && bytes[position - 1] != UInt8(ascii: ")") { position += 1 }
                return " (a numbered condition)" + Self.numbered
            }
            position -= 1  // the condition's own parenthesis: an assertion is scanned as a group
        case (UInt8(ascii: "?"), UInt8(ascii: "C")):
            skipCallout()
        case (UInt8(ascii: "*"), _):
            return verb()
        default:
            position += 1
        }
        return nil
    }

    /// At `(?C`: skips the callout's number or string (`(?C"text")`; a doubled delimiter is one
    /// character of the text, `{` closes with `}`).
    private mutating func skipCallout() {
        position += 3
        guard let open = byte(0), "`'\"^%#${".utf8.contains(open) else { return }
        let close = open == UInt8(ascii: "{") ? UInt8(ascii: "}") : open
        position += 1
        while position < bytes.count {
            if bytes[position] == close {
                if byte(1) != close { break }
                position += 1
            }
            position += 1
        }
        position += 1
    }

    /// At `(*`: a verb (`(*NAME)`, `(*NAME:arg)`) is skipped whole; an alphabetic assertion
    /// (`(*pla:…)`, `(*atomic:…)`: lowercase) only up to its colon, its body being a pattern.
    private mutating func verb() -> String? {
        let start = position
        var end = position + 2
        while end < bytes.count && (bytes[end] == UInt8(ascii: "_") || (0x41...0x5A).contains(bytes[end] & 0xDF)) {
            end += 1
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 2)..<end]), as: UTF8.self)
        if end < bytes.count && bytes[end] == UInt8(ascii: ":") && name.first?.isLowercase == true {
            position = end + 1
            return nil
        }
        position = end
        while position < bytes.count && bytes[position] != UInt8(ascii: ")") { position += 1 }
        position += 1
        guard ["COMMIT", "PRUNE", "SKIP"].contains(name) else { return nil }
        return " stops the search at a starting position before the other patterns are tried there"
    }
}
