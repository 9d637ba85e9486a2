import Foundation
import Testing

@testable import FastCop

/// What `NSRegularExpression` gives, as the original filter computed it.
func foundationReplace(
    _ input: String, pattern: String, template: String, options: NSRegularExpression.Options = [],
    matchingOptions: NSRegularExpression.MatchingOptions = []
) throws -> String {
    let regex = try NSRegularExpression(pattern: pattern, options: options)
    return regex.stringByReplacingMatches(
        in: input, options: matchingOptions, range: NSRange(location: 0, length: input.utf16.count),
        withTemplate: template)
}

@Suite("RegexReplaceFilter")
struct RegexReplaceFilterTests {
    static let templateCases: [(String, String, String, String)] = [
        ("a12b", "([0-9]+)", "<$1>", "a<12>b"),
        ("John Smith", #"(\w+) (\w+)"#, "$2, $1", "Smith, John"),
        ("2024-05-06", #"(\d+)-(\d+)-(\d+)"#, "$3.$2.$1", "06.05.2024"),
        ("abc", "b", "[$0]", "a[b]c"),
        ("abc", "(b)", #"\$1"#, "a$1c"),
        ("abc", "(b)", #"\\$1"#, #"a\bc"#),
        ("abc", "b", "$", "a$c"),
        ("abc", "b", "$x", "a$xc"),
        ("a1b2c3", #"\d"#, "", "abc"),
        ("aaa", "a*", "-", "--"),
        ("a1b22", #"\d*"#, "<$0>", "<>a<1><>b<22><>"),
        ("abcdefghijkl", "(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)", "$11$10$1", "kjal"),
        ("ab", "(a)", "$12", "a2b"),  // $12 with one group is $1 then "2", as ICU
        ("café crème", #"(\w+)"#, "<$1>", "<café> <crème>"),
        ("straße", "ß", "ss", "strasse"),
        ("e\u{301}t\u{E9}", "\u{E9}", "E", "e\u{301}tE"),  // no canonical equivalence in matching
        ("I ❤️ 👨‍👩‍👧!", #"\p{Extended_Pictographic}"#, "*", "I *\u{FE0F} *\u{200D}*\u{200D}*!"),
        ("x١٢٣y", #"\d+"#, "#", "x#y"),  // Arabic-Indic digits are \d, as in ICU
        ("日本語テキスト", "(日本)(語)", "$2$1", "語日本テキスト"),
    ]

    @Test("templates with back-references, as NSRegularExpression", arguments: templateCases)
    func templates(input: String, pattern: String, template: String, expected: String) throws {
        let filter = RegexReplaceFilter {
            $0.pattern = pattern
            $0.replacement = template
        }
        let out: String? = try filter.filter(input, nil)
        #expect(out == expected)
        #expect(try filter.apply(to: input) == expected)
        #expect(try foundationReplace(input, pattern: pattern, template: template) == expected)
    }

    @Test("named groups with ${name}, a FastCop addition")
    func namedGroups() throws {
        let filter = RegexReplaceFilter(
            pattern: #"(?<first>\w+) (?<last>\w+)"#, replacement: "${last} ${first}")
        #expect(try filter.apply(to: "Zoë Ørsted") == "Ørsted Zoë")
    }

    @Test("a broken pattern throws the engine's compile error with its caret, for Strings only")
    func brokenPattern() throws {
        let filter = RegexReplaceFilter(pattern: "(é[a-", replacement: "x")
        let error = try #require(throws: PatternError.self) { try filter.apply(to: "é") }
        #expect(error.kind == .compile)
        #expect(error.pattern == "(é[a-")
        let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
        #expect(lines.first == "(é[a-")
        #expect(lines.dropFirst().first?.last == "^")
        #expect(error.localizedDescription == error.description)
        #expect(throws: PatternError.self) {
            let _: String? = try filter.filter("é", nil)
        }
        #expect(throws: PatternError.self) { try filter.prepare() }
        // As in the original, a value that is not a String gives nil before the pattern is used.
        let fromNil: String? = try filter.filter(String?.none, nil)
        #expect(fromNil == nil)
        let fromInt: String? = try filter.filter(7, nil)
        #expect(fromInt == nil)
    }

    @Test("a template naming a missing group throws a replacement error")
    func badTemplate() throws {
        let filter = RegexReplaceFilter(pattern: "(a)", replacement: "$5")
        let error = try #require(throws: PatternError.self) { try filter.apply(to: "abc") }
        #expect(error.kind == .replacement)
        #expect(throws: PatternError.self) { try filter.prepare() }
        let named = RegexReplaceFilter(pattern: "(a)", replacement: "${nope}")
        #expect(throws: PatternError.self) { try named.apply(to: "abc") }
    }

    @Test("nil and non-String values give nil; a non-String output type gives nil")
    func nonString() throws {
        let filter = RegexReplaceFilter(pattern: "a", replacement: "b")
        let fromNil: String? = try filter.filter(String?.none, nil)
        #expect(fromNil == nil)
        let fromInt: String? = try filter.filter(1, nil)
        #expect(fromInt == nil)
        let asInt: Int? = try filter.filter("a", nil)
        #expect(asInt == nil)
        let generic: String? = try filter.filter("aXa", nil)
        #expect(generic == "bXb")
    }

    @Test("the pattern is compiled once, taken from the shared cache, and JIT-compiled where possible")
    func compiledOnceFromTheCache() throws {
        let source = #"(?<word>\p{L}+)-cache-test"#
        let filter = RegexReplaceFilter(pattern: source, replacement: "${word}")
        let first = try filter.compiledPattern
        #expect(try filter.compiledPattern === first)
        #expect(try PatternCache.shared.pattern(source) === first)
        #expect(first.isJITCompiled == Pattern.isJITSupported)
        #expect(try filter.apply(to: "été-cache-test") == "été")
        #expect(try filter.compiledPattern === first)
    }

    @Test("changing a setting after use takes effect")
    func settingsInvalidate() throws {
        let filter = RegexReplaceFilter(pattern: "a", replacement: "1")
        #expect(try filter.apply(to: "aAä") == "1Aä")
        filter.options = .caseInsensitive
        #expect(try filter.apply(to: "aAä") == "11ä")
        filter.pattern = "ä"
        #expect(try filter.apply(to: "aAäÄ") == "aA11")
        filter.replacement = "<$0>"
        #expect(try filter.apply(to: "aÄ") == "a<Ä>")
        filter.matchingOptions = .anchored
        #expect(try filter.apply(to: "aÄ") == "aÄ")
        filter.pattern = nil
        #expect(throws: FilterError.noPatternOrReplacement) { try filter.apply(to: "a") }
        filter.pattern = "(x"
        #expect(throws: PatternError.self) { try filter.apply(to: "a") }
        filter.pattern = "x"
        #expect(try filter.apply(to: "xa") == "<x>a")
    }

    @Test("the convenience initializer sets every setting")
    func convenienceInit() throws {
        let filter = RegexReplaceFilter(
            pattern: "É", replacement: "e", options: .caseInsensitive, matchingOptions: .anchored)
        #expect(filter.pattern == "É")
        #expect(filter.replacement == "e")
        #expect(filter.options == .caseInsensitive)
        #expect(filter.matchingOptions == .anchored)
        #expect(try filter.apply(to: "ééxé") == "eexé")
    }

    @Test("long and empty subjects")
    func longAndEmpty() throws {
        let filter = RegexReplaceFilter(pattern: #"\s+"#, replacement: " ")
        #expect(try filter.apply(to: "") == "")
        let long = String(repeating: "ab \t\u{A0} é ", count: 10_000)
        let expected = String(repeating: "ab é ", count: 10_000)
        #expect(try filter.apply(to: long) == expected)
    }
}
