import FastCop
import Foundation
import Testing

/// Legitimate searches that need many steps (trailing whitespace, trim patterns, lazy element
/// scans, long alternations, words-only validation on big text): with the default per-position
/// limit and a whole-search budget (``roomy``), FastCop gives PCRE2's own answer, the one it gives with the whole-search budget off
/// (`totalMatchLimit: Int.max`, so every start position gets the full `matchLimit`, as in a
/// plain `pcre2_match` loop). Issue 17's table is among the cases.
@Suite("Heavy but legitimate searches give PCRE2's answers")
struct HeavySearchDifferentialTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var pattern: String
        var input: String
        var label: String
        var testDescription: String { "\(pattern) on \(label)" }
    }

    static func repeated(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }

    static let element = "<b>" + repeated("é", 5000) + "</b>"
    static let words = repeated("word ", 200_000)
    static let months = "January|February|March|April|May|June|July|August|September|October|November|December"

    static let cases: [Case] = [
        // Issue 17's table.
        Case(pattern: #"\s+$"#, input: "x" + repeated(" ", 40_000) + "x", label: "x + 40,000 spaces + x"),
        Case(pattern: #"^\s+|\s+$"#, input: "x" + repeated(" ", 40_000) + "x", label: "x + 40,000 spaces + x"),
        Case(pattern: #"\s+$"#, input: "x" + repeated(" ", 400_000) + "x", label: "x + 400,000 spaces + x"),
        Case(pattern: #"[ \t]+$"#, input: "a" + repeated("\t ", 50_000) + "b", label: "a + 50,000 × tab space + b"),
        // The same kinds at ten times the size, and with non-ASCII spaces and letters.
        Case(pattern: #"[ \t]+$"#, input: "a" + repeated("\t ", 500_000) + "b", label: "a + 500,000 × tab space + b"),
        Case(
            pattern: #"\s+$"#, input: "é" + repeated("\u{3000}\u{A0} ", 30_000) + "ß",
            label: "é + ideographic and no-break spaces + ß"),
        Case(
            pattern: #"^[\s\x{200c}]+|[\s\x{200c}]+$"#, input: "😀" + repeated(" \u{200C}", 40_000) + "é",
            label: "trim pattern, emoji + 80,000 spaces and ZWNJ + é"),
        Case(
            pattern: #"^[\s\x{200c}]+|[\s\x{200c}]+$"#, input: repeated(" ", 1000) + "é" + repeated(" ", 40_000),
            label: "trim pattern, spaces at both ends"),
        Case(
            pattern: #"(?m)[ \t]+$"#, input: repeated("line é  \t\n", 20_000), label: "trailing blanks on 20,000 lines"),
        // Lazy element scans: every match needs thousands of steps.
        Case(
            pattern: "<b>.*?</b>", input: repeated(repeated("text ", 200) + element, 100),
            label: "100 elements of 5,000 é"),
        Case(
            pattern: "<b>(.*?)</b>", input: repeated(repeated("ß ", 100) + element, 20) + "<b>" + repeated("é", 20_000),
            label: "20 elements, then an unclosed one"),
        // Long alternations.
        Case(
            pattern: "(?:\(months))(?: \\d{1,2})?,? \\d{4}",
            input: repeated("on the 3rd of nothing, ", 20_000) + "May 2026",
            label: "month names, one date at the end"),
        Case(
            pattern: "(?i)\\b(?:\(months))\\b", input: repeated("in june, é; ", 20_000),
            label: "20,000 month names, any case"),
        // Words-only validation on big text.
        Case(pattern: #"^(\w+\s?)*$"#, input: words, label: "1 MB of words"),
        Case(pattern: #"(\w+\s?)*$"#, input: repeated("mot été ", 100_000), label: "800 kB of French words"),
    ]

    /// The budget off: every start position gets the whole per-position limit.
    static let budgetOff = Pattern.Limits(
        matchLimit: Pattern.Limits.default.matchLimit, depthLimit: Pattern.Limits.default.depthLimit,
        heapLimit: Pattern.Limits.default.heapLimit, totalMatchLimit: Int.max)

    /// The default per-position limit with ten times the default total: the clock of the
    /// escalated search is time (50 ms for the default total, see `Pattern.Limits`), and this
    /// suite runs in a debug build beside other suites on a loaded machine. The release
    /// benchmark (`scripts/bench --section budget`) measures the same rows with the defaults.
    static let roomy = Pattern.Limits(
        matchLimit: Pattern.Limits.default.matchLimit, depthLimit: Pattern.Limits.default.depthLimit,
        heapLimit: Pattern.Limits.default.heapLimit, totalMatchLimit: 10 * Pattern.Limits.default.matchLimit * 10)

    /// The answer of `body`, or the error's kind, as text.
    static func answer<T: Equatable>(_ body: () throws -> T) -> String {
        do { return "\(try body())" } catch let error as PatternError { return "error: \(error.kind)" } catch {
            return "error: \(error)"
        }
    }

    @Test("a search gives the answer PCRE2 alone gives", arguments: cases)
    func search(row: Case) throws {
        Self.expectSameAnswers(
            try Pattern(row.pattern, limits: Self.roomy), try Pattern(row.pattern, limits: Self.budgetOff),
            on: row.input)
    }

    /// Checks that `fastCop` gives `alone`'s answers on `input` (a search anywhere, on text
    /// and bytes, the first match, every match, a replacement), and that `alone` answers.
    static func expectSameAnswers(
        _ fastCop: Pattern, _ alone: Pattern, on input: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = Self.answer { try alone.hasMatch(in: input) }
        #expect(!expected.hasPrefix("error"), "PCRE2 alone: \(expected)", sourceLocation: sourceLocation)
        #expect(Self.answer { try fastCop.hasMatch(in: input) } == expected, sourceLocation: sourceLocation)
        #expect(
            Self.answer { try fastCop.hasMatch(in: Array(input.utf8)) } == expected, sourceLocation: sourceLocation)
        #expect(
            Self.answer { try fastCop.firstMatch(in: input)?.utf8Range }
                == Self.answer { try alone.firstMatch(in: input)?.utf8Range },
            sourceLocation: sourceLocation)
        #expect(
            Self.answer { try fastCop.matches(in: input).map(\.utf8Range) }
                == Self.answer { try alone.matches(in: input).map(\.utf8Range) },
            sourceLocation: sourceLocation)
        #expect(
            Self.answer { try fastCop.replacing(in: input, with: "[$0]") }
                == Self.answer { try alone.replacing(in: input, with: "[$0]") },
            sourceLocation: sourceLocation)
    }

    @Test("a whole match on big text grows the JIT stack and gives PCRE2's answer")
    func wholeWords() throws {
        // Issue 17: "JIT stack limit reached" on 1 MB of words, where PCRE2 with a larger stack matches.
        #expect(try Pattern(#"(\w+\s?)*"#).hasWholeMatch(in: Self.words))
        #expect(try Trial.format(#"(\w+\s?)*"#).evaluate(Self.words))
        #expect(Trial.format(#"(\w+\s?)*"#).trial()(Self.words))
        // A "!" at the end: both back off through 200,000 words into the same limit error.
        let failing = Self.words + "!é"
        #expect(
            Self.answer { try Pattern(#"(\w+\s?)*"#).hasWholeMatch(in: failing) }
                == Self.answer { try Pattern(#"(\w+\s?)*"#, limits: Self.budgetOff).hasWholeMatch(in: failing) })
    }

    /// Patterns whose text could trip the watched form (`pattern\E|…(?C255)(*F)`): an open
    /// `\Q`, a trailing extended-mode comment, top-level verbs, recursion, `\G`, a caseless
    /// first letter. Each needs more than its share at some start position of the subject.
    /// (Patterns that call groups run on the interpreter, where `(\s(?1)?)$`, once here, takes
    /// hours over this subject without the budget: the recursion is `(?R)?\s+$`'s.)
    static let awkward: [String] = [
        #"\s+$\Qé)"#, "(?x) \\s+ $ # a comment at the end", #"\s+(*THEN)$|é"#, #"\s+(*PRUNE)$|ß"#,
        #"(*COMMIT)x\s+$"#, #"\G\s+$|\s+é"#, #"(?i)B\s+$"#, #"(?|(é)|(b))\s+$"#, #"(?R)?\s+$"#,
        #"\s+$(?C1)"#,
    ]

    @Test("the watched form gives the pattern's answers", arguments: awkward)
    func watchedForm(pattern: String) throws {
        let input = "xb" + Self.repeated(" ", 20_000) + "b é" + Self.repeated(" ", 3000) + "x"
        let fastCop = try Pattern(pattern, limits: Self.roomy)
        let alone = try Pattern(pattern, limits: Self.budgetOff)
        #expect(
            Self.answer { try fastCop.matches(in: input).map(\.utf8Range) }
                == Self.answer { try alone.matches(in: input).map(\.utf8Range) })
        #expect(
            Self.answer { try fastCop.replacing(in: input, with: "<$0>") }
                == Self.answer { try alone.replacing(in: input, with: "<$0>") })
    }
}
