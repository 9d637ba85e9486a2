import Testing

@testable import FastCop

/// The reader against PCRE2 on generated patterns: a line holding no text of a pattern's set is
/// one PCRE2 finds no match in, and with an exact set, a line holding one is one it matches.
@Suite("Line engine: literal sets against PCRE2")
struct LiteralSetPCRE2Tests {
    @Test("generated patterns: every line PCRE2 matches holds a text; with an exact set, only those")
    func generated() throws {
        let atoms = [
            "ab", "c", "k", "S", "é", "ß", "日", "\\.", "\\d", "\\w", "[a-c]", "[^x]", ".", "^", "$", "(", ")", "(?:",
            "(?=a)", "(?<n>", "|", "|", "?", "*", "+", "{2}", "{1,2}", "\\b", "\\t", "\\K", "\\Q", "(?i)", " ",
            "\\p{L}", "x{", "\\", "[", "]",
        ]
        let subjects = [
            "ab", "abc", "xabcx", "c", "k", "\u{212A}", "s", "S", "ſ", "é", "É", "ß", "ẞ", "日", "a.b", "a1b", "abab",
            "aab", "ccc", "\t", " ab", "kS", "\u{212A}ſ", "ÉSS", "x", "", "a b c", "日日", "ééé",
        ]
        var random = GeneratedPatternDifferentialTests.Generator(state: 0x0123_4567_89AB_CDEF)
        var checked = 0
        for _ in 0..<6000 {
            let source = (0..<(1 + random.next(7))).map { _ in random.pick(atoms) }.joined()
            for options: Pattern.Options in [[], [.caseInsensitive]] {
                guard let pattern = try? Pattern(source, options: options.union(.lineFeedOnly)),
                    let set = LiteralSet(source: source, options: options)
                else { continue }
                checked += 1
                for subject in subjects {
                    let bytes = Array((subject + "\n").utf8)  // a line, as the search gives it
                    let holds = bytes.withUnsafeBufferPointer { set.firstHit(in: $0, range: 0..<$0.count) != nil }
                    let exact = bytes.withUnsafeBufferPointer { set.holdsExact(in: $0, range: 0..<$0.count) }
                    let matches = try pattern.hasMatch(in: subject)
                    if matches { #expect(holds, "\(source) \(options) on \(subject): PCRE2 matches, no text held") }
                    if set.isExact && exact { #expect(matches, "\(source) \(options) on \(subject): exact, no match") }
                }
            }
        }
        #expect(checked > 200)
    }
}
