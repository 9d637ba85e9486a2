import Foundation
import Testing

@testable import FastCop

@Suite("RegexReplaceFilter options: NSRegularExpression.Options and MatchingOptions on PCRE2")
struct RegexReplaceFilterOptionsTests {
    static let mapping: [(NSRegularExpression.Options, Pattern.Options)] = [
        ([], []),
        (.caseInsensitive, .caseInsensitive),
        (.allowCommentsAndWhitespace, .extended),
        (.ignoreMetacharacters, .literal),
        (.dotMatchesLineSeparators, .dotMatchesNewlines),
        (.anchorsMatchLines, .multiline),
        (.useUnixLineSeparators, .lineFeedOnly),
        (.useUnicodeWordBoundaries, []),
        (
            [.caseInsensitive, .anchorsMatchLines, .dotMatchesLineSeparators],
            [.caseInsensitive, .multiline, .dotMatchesNewlines]
        ),
    ]

    @Test("each NSRegularExpression option maps to its Pattern option", arguments: mapping)
    func mapsOptions(foundation: NSRegularExpression.Options, expected: Pattern.Options) {
        #expect(Pattern.Options(foundation) == expected)
    }

    static let behaviour: [(NSRegularExpression.Options, String, String, String, String)] = [
        (.caseInsensitive, "é", "ÉéE", "_", "__E"),
        (.caseInsensitive, "straße", "STRASSE Straße STRAẞE", "_", "STRASSE _ _"),
        (.allowCommentsAndWhitespace, "a b # comment\n c", "abc a b c", "_", "_ a b c"),
        (.ignoreMetacharacters, "a.b*", "a.b* axbb é.ö", "_", "_ axbb é.ö"),
        (.ignoreMetacharacters, "é.(", "é.( éx(", "_", "_ éx("),
        ([.ignoreMetacharacters, .caseInsensitive], "É+", "é+ É+ ÉÉ", "_", "_ _ ÉÉ"),
        ([.ignoreMetacharacters, .allowCommentsAndWhitespace], "a #b", "a #b ab", "_", "_ ab"),
        (.dotMatchesLineSeparators, "a.b", "a\nb a\u{2028}b axb", "_", "_ _ _"),
        ([], "a.b", "a\nb a\u{2028}b axb", "_", "a\nb a\u{2028}b _"),
        (.anchorsMatchLines, "^é", "é\né\u{2028}é", "_", "_\n_\u{2028}_"),
        ([], "^é", "é\né", "_", "_\né"),
        ([.anchorsMatchLines, .useUnixLineSeparators], "^é", "é\né\u{2028}é", "_", "_\n_\u{2028}é"),
        (.useUnicodeWordBoundaries, #"\bcafé\b"#, "café cafés", "_", "_ cafés"),
    ]

    @Test("options behave as with NSRegularExpression", arguments: behaviour)
    func behavesLikeFoundation(
        options: NSRegularExpression.Options, pattern: String, input: String, template: String,
        expected: String
    ) throws {
        let filter = RegexReplaceFilter(pattern: pattern, replacement: template, options: options)
        #expect(try filter.apply(to: input) == expected)
        // Known differences, tested on their own below: ICU folds "ß" to "SS", and ICU still
        // reads comments and whitespace in a pattern it was told to take literally.
        if !(pattern == "straße" || options.contains([.ignoreMetacharacters, .allowCommentsAndWhitespace])) {
            #expect(try foundationReplace(input, pattern: pattern, template: template, options: options) == expected)
        }
    }

    @Test("ICU folds ß to SS case-insensitively; PCRE2 does not")
    func sharpSFolding() throws {
        let fromFoundation = try foundationReplace(
            "STRASSE", pattern: "straße", template: "_", options: .caseInsensitive)
        #expect(fromFoundation == "_")
        #expect(
            try RegexReplaceFilter(pattern: "straße", replacement: "_", options: .caseInsensitive).apply(to: "STRASSE")
                == "STRASSE")
    }

    @Test("ignoreMetacharacters wins over allowCommentsAndWhitespace; ICU strips comments first")
    func literalAndExtended() throws {
        let options: NSRegularExpression.Options = [.ignoreMetacharacters, .allowCommentsAndWhitespace]
        let filter = RegexReplaceFilter(pattern: "a #b", replacement: "_", options: options)
        #expect(try filter.apply(to: "a #b ab") == "_ ab")
        #expect(try foundationReplace("a #b ab", pattern: "a #b", template: "_", options: options) == "_ #b _b")
    }

    @Test("useUnicodeWordBoundaries changes nothing: \\b falls around the apostrophe of don't")
    func unicodeWordBoundaries() throws {
        let plain = RegexReplaceFilter(pattern: #"\b"#, replacement: "|")
        let unicode = RegexReplaceFilter(pattern: #"\b"#, replacement: "|", options: .useUnicodeWordBoundaries)
        #expect(try plain.apply(to: "don't é") == "|don|'|t| |é|")
        #expect(try unicode.apply(to: "don't é") == "|don|'|t| |é|")
        #expect(try foundationReplace("don't é", pattern: #"\b"#, template: "|") == "|don|'|t| |é|")
        // ICU with UAX #29 word breaks sees "don't" as one word.
        #expect(
            try foundationReplace("don't é", pattern: #"\b"#, template: "|", options: .useUnicodeWordBoundaries)
                == "|don't| |é|")
    }

    static let anchored: [(String, String, String, String)] = [
        ("aaab", "a", "x", "xxxb"),
        ("baaa", "a", "x", "baaa"),
        ("aab aa", "a", "x", "xxb aa"),
        ("aab", "a*", "<$0>", "<aa><>b"),
        ("a1b22", #"\d*"#, "<$0>", "<>a1b22"),
        ("éé-é", "(é)", "[$1]", "[é][é]-é"),
        ("👍🏽👍🏽x👍🏽", "👍🏽", "ok", "okokx👍🏽"),
        ("", "a", "x", ""),
        ("12ab", #"(\d)"#, #"\$$1$"#, "$1$$2$ab"),
    ]

    @Test(".anchored replaces only the matches that start the string, one after the other", arguments: anchored)
    func anchoredMatching(input: String, pattern: String, template: String, expected: String) throws {
        let filter = RegexReplaceFilter {
            $0.pattern = pattern
            $0.replacement = template
            $0.matchingOptions = .anchored
        }
        #expect(try filter.apply(to: input) == expected)
        let generic: String? = try filter.filter(input, nil)
        #expect(generic == expected)
        #expect(
            try foundationReplace(input, pattern: pattern, template: template, matchingOptions: .anchored) == expected)
    }

    static let ignoredMatchingOptions: [NSRegularExpression.MatchingOptions] = [
        .reportProgress, .reportCompletion, .withTransparentBounds, .withoutAnchoringBounds,
    ]

    @Test("the other matching options change nothing on the whole string", arguments: ignoredMatchingOptions)
    func otherMatchingOptions(option: NSRegularExpression.MatchingOptions) throws {
        let filter = RegexReplaceFilter(pattern: #"(?<=é)\w\b|^x|y$"#, replacement: "_", matchingOptions: option)
        #expect(try filter.apply(to: "xéa éb y") == "_é_ é_ _")
        #expect(
            try foundationReplace("xéa éb y", pattern: #"(?<=é)\w\b|^x|y$"#, template: "_", matchingOptions: option)
                == "_é_ é_ _")
    }

    @Test("Pattern.Options.literal compiles on the engine and matches text as written")
    func engineLiteralOption() throws {
        let pattern = try Pattern("a.b", options: .literal)
        #expect(try pattern.hasMatch(in: "xa.by"))
        #expect(try !pattern.hasMatch(in: "axb"))
    }

    @Test("escaping for ignoreMetacharacters keeps every character literal")
    func escaping() throws {
        let nasty = "a.b*c+?()[]{}|^$\\ #\t\n\u{85}\u{2028}é👍🏽\u{0}\\E\\Q"
        let escaped = PreparedReplacement.escaped(nasty)
        for options: Pattern.Options in [[], .extended, .caseInsensitive] {
            let pattern = try Pattern(escaped, options: options)
            #expect(try pattern.hasWholeMatch(in: nasty))
            #expect(try !pattern.hasMatch(in: "a.b*c+?()[]{}|^$\\"))
        }
    }
}
