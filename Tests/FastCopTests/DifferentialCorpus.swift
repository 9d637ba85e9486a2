import FastCop
import Foundation

/// The patterns and inputs the differential suite runs through FastCop and
/// `NSRegularExpression`, and the differences that are intended.
enum DifferentialCorpus {
    /// One pattern with its `NSRegularExpression` options (FastCop gets the same options through
    /// `Pattern.Options(_:)`).
    struct Case: Sendable, CustomStringConvertible {
        var pattern: String
        var options: NSRegularExpression.Options = []
        var area: String

        var description: String {
            options.isEmpty ? "/\(pattern)/ (\(area))" : "/\(pattern)/ \(options.rawValue) (\(area))"
        }
    }

    static func area(_ area: String, options: NSRegularExpression.Options = [], _ patterns: [String]) -> [Case] {
        patterns.map { Case(pattern: $0, options: options, area: area) }
    }

    static let cases: [Case] = groups.flatMap { $0 }

    static let groups: [[Case]] = [
        area(
            "character classes",
            [
                #"\w+"#, #"\W+"#, #"\d+"#, #"\D"#, #"\s+"#, #"\S+"#, #"\b\w"#, #"\w\b"#, #"\B."#, "[a-z]+", "[^a-z]+",
                "[[:alpha:]]+", "[[:digit:]]+", "[[:punct:]]", "[[:space:]]+", "[[:upper:]]", "[[:lower:]]+",
                "[à-ÿ]+", #"[\x{1F600}-\x{1F64F}]"#, #"[^\p{L}\s]"#, "[é]", ".", "..", #"\x{E9}"#, #"\u00e9"#,
            ]),
        area(
            "Unicode properties",
            [
                #"\p{L}+"#, #"\p{Lu}"#, #"\p{Ll}+"#, #"\p{Lt}"#, #"\p{N}+"#, #"\p{Nd}"#, #"\p{M}"#, #"\p{Mn}+"#,
                #"\p{P}"#, #"\p{S}"#, #"\p{Z}"#, #"\P{L}+"#, #"\p{Greek}+"#, #"\p{Latin}+"#, #"\p{Han}"#,
                #"\p{Cyrillic}"#, #"\p{Arabic}"#, #"\p{Cf}"#,
            ]),
        area(
            "case-insensitive", options: .caseInsensitive,
            [
                "café", "CAFÉ", "é", "straße", "STRASSE", "ß", "ss", "istanbul", "İstanbul", "i", "ı", "İ",
                "σ", "Σ", "ς", "k", "ǆ", "ǅ", "[a-z]+", "[à-ÿ]+", #"\p{Lu}"#, "😀", "ﬀ", "ω", "Ω",
            ]),
        area(
            "anchors and newlines",
            [
                "^a", "b$", "^$", "^.+$", #"\Aa"#, #"b\z"#, #"b\Z"#, "a$", ".+", "$", "^", #"\R"#, "a.b", #"\n"#,
                #"\r"#, #"\r\n"#, #"a\s+b"#,
            ]),
        area(
            "anchors and newlines, multiline", options: .anchorsMatchLines, ["^b", "a$", "^.+$", "^", "$", #"^\w+$"#]),
        area("anchors and newlines, dot-all", options: .dotMatchesLineSeparators, ["a.b", ".+", "."]),
        area("anchors and newlines, LF only", options: .useUnixLineSeparators, ["a$", "^.+$", ".+", "$"]),
        area(
            "quantifiers",
            [
                "a*", "a+", "a?", "a{2}", "a{2,}", "a{1,2}", "a*?", "a+?", "a??", "a*+", "a++", "(ab)+", "x*",
                #"\d{2,3}"#,
                "é+", "😀{2}", #"\X"#, ".?",
            ]),
        area(
            "alternation",
            ["a|ab", "ab|a", "cat|category", "é|e", "(a|b)+", "a|", "|a", "😀|👨‍👩‍👧", "ß|ss"]),
        area(
            "look-around",
            [
                "(?<=a)b", "(?<!a)b", #"\w+(?=!)"#, #"\w+(?!\w)"#, #"(?<=é)\w"#, #"(?<=\d)(?=(\d{3})+$)"#,
                #"(?<=^|\s)\w"#, "(?=a)", "(?!a)",
            ]),
        area(
            "back-references",
            [#"(\w)\1"#, #"(a)\1"#, #"(?<n>\w)\k<n>"#, #"(\w+) \1"#, #"(é)\1"#, #"(a)|b\1"#]),
        area(
            "syntax",
            [
                "", "[a-z&&[^c]]", #"[\p{L}--[a-z]]"#, #"\N{LATIN SMALL LETTER E WITH ACUTE}"#, #"\p{Emoji}"#,
                #"\Q.*\E"#, "[[:^alpha:]]+", #"\h"#, #"\x{1F600}"#, "(?x) a b ", #"(?i)É"#, #"[\w--\d]+"#,
                #"\p{Alphabetic}+"#, #"\p{script=Greek}"#, #"\p{Is_Greek}"#, "(?<name>a)", #"\G"#, "[[:word:]]+",
                #"\C"#,
            ]),
        area("back-references, case-insensitive", options: .caseInsensitive, [#"(a)\1"#, #"(é)\1"#, #"(ß)\1"#]),
    ]

    /// The inputs every pattern runs on.
    static let inputs: [String] = [
        "", "a", "abc", "ABC", "ab ab", "aab", "aaa", "ba", "b", "!", "hello world!", "123 456", "1234567",
        "café", "CAFÉ", "cafe\u{301}", "é", "éé", "ÿ", "straße", "STRASSE", "ss", "ß", "ẞ",
        "İstanbul", "istanbul", "ISTANBUL", "ıi", "İ", "σ", "Σ", "ς", "ΣΑΣ", "K", "\u{212A}", "ǆ", "ǅ", "Ǆ",
        "😀", "😀😀", "a😀b", "👨‍👩‍👧", "🇫🇷", "e\u{301}\u{302}", "\u{301}",
        "a\nb", "a\r\nb", "a\rb", "a\n", "a\r\n", "\r\n", "\n", "a\u{2028}b", "a\u{85}b", "b\n", "b\r\n",
        "ﬀ", "ff", "ω Ω", "\u{2126}", "漢字", "Привет", "مرحبا", "١٢٣", "a\u{200B}b", "\u{A0}",
        "don't", "a_b", "catcategory", "x", "1,234,567",
    ]
}
