import FastCop
import Testing

@Suite("Pattern: limits stop runaway matches")
struct PatternLimitTests {
    static let runaway: [(pattern: String, subject: String)] = [
        ("^(a+)+$", String(repeating: "a", count: 30) + "!"),
        ("^(a|a)*$", String(repeating: "a", count: 30) + "!"),
        ("^(a|aa)+$", String(repeating: "a", count: 40) + "!"),
        (#"^(\w+\s?)*$"#, String(repeating: "ab ", count: 20) + "!"),
        ("^(([a-z])+.)+[A-Z]([a-z])+$", String(repeating: "a", count: 40) + "!"),
        ("^(é+)+$", String(repeating: "é", count: 30) + "!"),
    ]

    @Test(
        "catastrophic backtracking ends with a limit error", arguments: runaway, [Pattern.JITMode.ifAvailable, .never])
    func limitError(pattern: (pattern: String, subject: String), jit: Pattern.JITMode) throws {
        let compiled = try Pattern(pattern.pattern, jit: jit)
        let error = try #require(throws: PatternError.self) { try compiled.hasMatch(in: pattern.subject) }
        #expect(error.isLimit)
        #expect(error.kind == .matchLimit)
        #expect(error.pattern == pattern.pattern)
        #expect(error.description.contains("gave up on this input"))
        let wholeError = try #require(throws: PatternError.self) {
            try compiled.hasWholeMatch(in: pattern.subject)
        }
        #expect(wholeError.isLimit)
    }

    @Test("the same pattern answers on a benign input")
    func benignInput() throws {
        let pattern = try Pattern("^(a+)+$")
        #expect(try pattern.hasMatch(in: String(repeating: "a", count: 30)))
        #expect(try !pattern.hasMatch(in: "b"))
    }

    @Test("limits can be raised or lowered per pattern")
    func customLimits() throws {
        let tight = Pattern.Limits(matchLimit: 10, depthLimit: 10, heapLimit: 1024 * 1024)
        let pattern = try Pattern(#"^(\d+)+$"#, limits: tight, jit: .never)
        #expect(pattern.limits == tight)
        #expect(throws: PatternError.self) { try pattern.hasMatch(in: "1234567890x") }
        #expect(try Pattern(#"^(\d+)+$"#).hasMatch(in: "12345678"))
        #expect(try !Pattern(#"^(\d+)+$"#).hasMatch(in: "1234567890x"))
    }

    @Test("the heap limit stops the interpreter")
    func heapLimit() throws {
        let small = Pattern.Limits(matchLimit: 100_000_000, depthLimit: 100_000_000, heapLimit: 1024)
        let pattern = try Pattern("^(a|b)*c", limits: small, jit: .never)
        let error = try #require(throws: PatternError.self) {
            try pattern.hasMatch(in: String(repeating: "ab", count: 100_000))
        }
        #expect(error.isLimit)
    }
}
