import Testing

@testable import FastCop

/// What a linear search is charged against its search's total (see
/// `CompiledCode.searchLinear`): a one-branch pattern pays for the bytes up to each match's
/// end, so a document's many matches stay on the linear search; a pattern of two branches
/// pays for the rest of the subject at every call, since its calls can scan the same run
/// again and again.
@Suite("Linear search: what each call is charged")
struct LinearSearchChargeTests {
    /// The steps spent by calling `searchLinear` from each match's end until it finds no more
    /// or refuses (nil: the total cannot pay for the next call); with the match count.
    static func spend(
        _ pattern: Pattern, on input: String, total: UInt64
    ) throws -> (matches: Int, spent: UInt64, refused: Bool) {
        var input = input
        return try input.withUTF8 { subject in
            try pattern.withCode(whole: false) { code in
                let scratch = MatchScratch.current
                var remaining = total
                var start = 0
                var matches = 0
                while start <= subject.count {
                    guard
                        let found = try code.searchLinear(
                            subject, from: start, options: 0, scratch: scratch, remaining: &remaining)
                    else { return (matches, total - remaining, true) }
                    guard found else { break }
                    matches += 1
                    start = max(scratch.ovector[1], start + 1)
                }
                return (matches, total - remaining, false)
            }
        }
    }

    @Test(
        "a one-branch pattern's many matches cost about the document's length, not its square",
        arguments: [
            (#"[^\S\n]+$"#, Pattern.Options.multiline, "mot  \t\n", 10_000),
            (#"\s+$"#, Pattern.Options.multiline, "ligne é\u{3000} \n", 5000),
            (#"[,;]+,"#, Pattern.Options(), "ß,;,;,x", 8000),
        ])
    func oneBranch(pattern: String, options: Pattern.Options, line: String, lines: Int) throws {
        let input = String(repeating: line, count: lines) + String(repeating: " ", count: 60_000) + "x"
        let compiled = try Pattern(pattern, options: options)
        let bytes = UInt64(input.utf8.count)
        // What a search over this subject may spend (EngineLimits.budgetPerByte per byte).
        let (matches, spent, refused) = try Self.spend(compiled, on: input, total: 100 * bytes)
        #expect(!refused)
        #expect(matches == (try compiled.numberOfMatches(in: input)))
        #expect(matches >= lines)
        // Twice the bytes up to each match's end, plus one last call over the rest.
        #expect(spent <= 3 * (bytes + UInt64(matches) + 1))
    }

    @Test("two branches pay for the rest of the subject at every call, and are refused in time")
    func twoBranches() throws {
        // `\s+x` scans the whole run of blanks at each call; `\s` then matches one blank.
        let input = String(repeating: " ", count: 20_000) + "é"
        let compiled = try Pattern(#"\s+x|\s"#)
        let bytes = UInt64(input.utf8.count)
        let (matches, spent, refused) = try Self.spend(compiled, on: input, total: 100 * bytes)
        #expect(refused)
        #expect(matches < 20_000)
        #expect(spent <= 100 * bytes)
        #expect(spent >= 2 * UInt64(matches) * (bytes - UInt64(matches)))
    }
}
