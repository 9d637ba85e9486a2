import FastCop
import Testing

@Suite("Pattern: replacing")
struct PatternReplacingTests {
    static let templateCases: [(pattern: String, subject: String, template: String, expected: String)] = [
        ("([0-9]+)", "a12b", "<$1>", "a<12>b"),
        (#"\s+"#, "a  b\t\t c", " ", "a b c"),
        ("(a)(b)", "ab", "$2$1", "ba"),
        ("(a)", "a", "$0$0", "aa"),
        ("(a)", "a", "$12", "a2"),  // ICU: digits are read while they name a group
        ("(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)(l)", "abcdefghijkl", "$12$1", "la"),
        ("(a)", "a", #"\$1"#, "$1"),  // a backslash escapes the next character
        ("(a)", "a", #"\\$1"#, #"\a"#),
        ("(a)", "a", "$", "$"),  // a lone dollar is literal
        ("(a)", "a", "$x", "$x"),
        ("(?<first>\\w+) (?<last>\\w+)", "Zoë Ängström", "${last}, ${first}", "Ängström, Zoë"),
        ("(?<n>x)", "x", "${1}", "x"),
        ("é", "été", "e", "ete"),
        ("a*", "baaa", "-", "-b--"),
        ("", "ß🎉", "|", "|ß|🎉|"),
        ("(a)|(b)", "ab", "[$1$2]", "[a][b]"),  // unset groups are empty
        ("nothing", "keep me", "x", "keep me"),
    ]

    @Test("templates read like NSRegularExpression's", arguments: templateCases)
    func templates(pattern: String, subject: String, template: String, expected: String) throws {
        #expect(try Pattern(pattern).replacing(in: subject, with: template) == expected)
    }

    @Test("a literal replacement expands nothing")
    func literal() throws {
        let pattern = try Pattern(#"\d+"#)
        #expect(try pattern.replacing(in: "a1b22", withLiteral: "$1\\${x}") == #"a$1\${x}b$1\${x}"#)
    }

    @Test("the closure form receives each match")
    func closure() throws {
        let pattern = try Pattern(#"(?<n>\d+)"#)
        let doubled = try pattern.replacing(in: "3 pommes, 12 poires, café") { match in
            String(Int(match["n"]!)! * 2)
        }
        #expect(doubled == "6 pommes, 24 poires, café")
        #expect(try Pattern("ß").replacing(in: "Straße ß") { _ in "ss" } == "Strasse ss")
        #expect(try Pattern("a*").replacing(in: "baaa") { "<\($0.substring)>" } == "<>b<aaa><>")
    }

    static let badTemplates: [(template: String, fragment: String)] = [
        ("$2", "group $2"),
        ("${nope}", "named \"nope\""),
        ("${1", "missing closing brace"),
        ("${7}", "group ${7}"),
    ]

    @Test("templates naming missing groups are errors", arguments: badTemplates)
    func badTemplate(template: String, fragment: String) throws {
        let pattern = try Pattern("(a)")
        let error = try #require(throws: PatternError.self) {
            try pattern.replacing(in: "a", with: template)
        }
        #expect(error.kind == .replacement)
        #expect(error.description.contains(fragment))
    }

    @Test("long outputs grow the buffer")
    func longOutput() throws {
        let subject = String(repeating: "é", count: 10_000)
        let replaced = try Pattern("é").replacing(in: subject, with: "[$0$0]")
        #expect(replaced == String(repeating: "[éé]", count: 10_000))
    }
}
