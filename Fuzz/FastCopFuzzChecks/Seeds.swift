import FastCop

/// The seed corpus: patterns that reach every feature FastCop wraps (classes, properties,
/// case folding, anchors and newlines, quantifiers, alternation, look-around, back-references,
/// named groups, verbs, runaway patterns) on subjects with é, ß, İ, emoji, combining marks,
/// CRLF and invalid UTF-8.
package enum Seeds {
    package struct Seed {
        package var pattern: String
        package var subject: [UInt8]
        package var template = "<$0>"
        package var options: Pattern.Options = []
        package var noJIT = false
        package var tight = false
    }

    static func seed(
        _ pattern: String, _ subject: String, _ template: String = "<$0>", _ options: Pattern.Options = [],
        noJIT: Bool = false, tight: Bool = false
    ) -> Seed {
        Seed(
            pattern: pattern, subject: Array(subject.utf8), template: template, options: options, noJIT: noJIT,
            tight: tight)
    }

    package static let all: [Seed] = [
        seed(#"\w+"#, "héllo wörld ß"),
        seed(#"[[:alpha:]]+\d*"#, "abc123 é9"),
        seed(#"\p{L}+\p{M}*"#, "e\u{301}te\u{301}"),
        seed(#"\p{Greek}+|\p{Han}"#, "αβγ 漢字"),
        seed("straße", "STRASSE Straße", "[$0]", [.caseInsensitive]),
        seed("i̇stanbul|İ", "İstanbul ISTANBUL", "$0", [.caseInsensitive]),
        seed("^a$", "a\r\nb\na\rc", "-", [.multiline]),
        seed(".+", "a\r\nb\u{2028}c", "[$0]", [.dotMatchesNewlines]),
        seed(#"a*"#, "baaa"),
        seed(#"(a)|b"#, "ab", "$1$1"),
        seed(#"(?<year>\d{4})-(?<month>\d\d)"#, "2026-11 2027-01", "${month}/${year}"),
        seed(#"(?<=\$)\d+(?!\d)"#, "$12 $3"),
        seed(#"(\w)\1"#, "aa bb cé ßß"),
        seed(#"(?i)(ab)\1"#, "abAB"),
        seed("😀+", "😀😀 👨‍👩‍👧", "x"),
        seed("\\X", "e\u{301}👨‍👩‍👧"),
        seed("^(a+)+$", String(repeating: "a", count: 30) + "!"),
        seed("^(a|aa)+$", String(repeating: "a", count: 40) + "!", noJIT: true),
        seed("(x+x+)+y", String(repeating: "x", count: 30)),
        seed(#"^[\s\x{200c}]+|[\s\x{200c}]+$"#, String(repeating: " ", count: 2000) + "x", ""),
        seed(#"(?(?=a)ab|cd)"#, "ab cd"),
        seed(#"(*UCP)\bé\b"#, "é é", "", [.asciiCharacterClasses]),
        seed(#"a # comment"#, "a", "", [.extended]),
        seed("a.b*c", "a.bbc axbc", "", [.literal]),
        seed(#"a+?"#, "aaa", "", [.ungreedy]),
        seed(#"(a)(?<n>b)"#, "ab", "${n}", [.noAutoCapture]),
        seed(#"(?<n>a)|(?<n>b)"#, "ab", "${n}", [.allowDuplicateNames]),
        seed("$", "a\n", "!", [.dollarEndOnly]),
        seed("^", "a\r\nb", "|", [.multiline, .lineFeedOnly]),
        seed(#"(?>a+)b|(*SKIP)(*FAIL)"#, "aaab"),
        seed(#"(?1)(a|b(?1))"#, "aba"),
        seed(#"\K"#, "abc", "-"),
        seed("(?=a)", "aaa", "|"),
        seed(#"[^\x00-\x7f]"#, "ascii é ß", "?", tight: true),
        seed(#"\C"#, "é"),
        seed("", "", ""),
        seed("(", "x"),
        seed("a{2,1}", "aa"),
        Seed(pattern: ".", subject: [0x61, 0xC3, 0x28, 0x62], template: "?"),
        Seed(pattern: "a", subject: [0x00, 0x61, 0x00, 0xFF], template: "\\$"),
        seed("$1", "x", "$1"),
        seed("x", "x", "${nope}"),
        // Start positions that need more than their share: searches step through windows.
        seed("(a+)+b|é", String(repeating: String(repeating: "a", count: 12) + "!", count: 30) + "aab é\r\n"),
        seed(#"(a+)+b|\v(?!\v)"#, String(repeating: String(repeating: "a", count: 12) + "!", count: 30) + "\r\nx"),
    ]
}
