/// A PCRE2 pattern matching exactly a list of literal texts, written as a trie: the texts that
/// share a prefix share its text, and where one text ends inside another the rest is optional
/// and greedy (`ab` and `abc` give `ab(?:c)?`), so a match is the longest text at its place, as
/// `grep -F` gives it. Much smaller than the texts' alternation for a long list (a blocklist of
/// thousands of IPs and paths), and what ``LineSearch/splitLiterals(_:options:wholeLine:words:
/// crlf:invert:countOnly:lineNumbers:recordsLines:)`` splits a list too large for one pattern
/// into.
///
/// For a case-insensitive search the texts are folded first (``folded(_:)``): `K` and `kelvin`
/// share the branch `k`, so that the longest text is still the one found (as separate branches,
/// the first, `K`, would match and end the search at that place).
package enum LiteralTrie {
    /// The trie pattern of `literals`, to be compiled case-insensitively when
    /// `caseInsensitive` is true.
    package static func source(_ literals: some Sequence<String>, caseInsensitive: Bool = false) -> String {
        let root = Node()
        for literal in literals {
            var node = root
            for original in literal.unicodeScalars {
                let scalar = caseInsensitive ? folded(original) : original
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

    /// The one spelling of `scalar` that a case-insensitive trie keeps for all the characters
    /// PCRE2 takes as its other cases: the lower case of its upper case, where each is one
    /// character (`K`, `k` and U+212A KELVIN SIGN give `k`; `S`, `s` and U+017F LONG S give `s`;
    /// `ς` and `σ` give `σ`); else the scalar itself (`ß`, whose upper case is `SS`).
    static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let upper = scalar.properties.uppercaseMapping.unicodeScalars
        guard upper.count == 1, let first = upper.first else { return scalar }
        let lower = first.properties.lowercaseMapping.unicodeScalars
        guard lower.count == 1, let folded = lower.first else { return scalar }
        return folded
    }

    /// A node of the trie: the texts' next characters, and whether a text ends here.
    private final class Node {
        var children: [Unicode.Scalar: Node] = [:]
        var ends = false
    }

    /// `text` with every ASCII character that is not a letter or digit escaped: literal in any
    /// PCRE2 pattern (a backslash before such a character always means the character).
    package static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII && !(scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) {
                result.append("\\")
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
