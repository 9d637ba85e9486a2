import Foundation
import Testing

@testable import FastCop

/// A repeated non-capturing group of one-character alternatives is compiled as the class of
/// those characters (``SingleCharacterGroups``): the same matches, without the group's
/// backtracking. These tests hold the rewrite to what it may touch, and the rewritten patterns
/// to the matches of the patterns as written.
@Suite("SingleCharacterGroups: one-character groups searched as classes")
struct SingleCharacterGroupsTests {
    static let utf = EngineFlags.utf

    @Test(
        "rewritten",
        arguments: [
            (#"(?:\s|,)+$"#, #"[\s,]+$"#),
            (#"(?:\s)+$"#, #"[\s]+$"#),
            (#"(a)\1(?:0)+"#, #"(a)\1[0]+"#),
            (#"\x4(?:1)+"#, #"\x4[1]+"#),
            (#"(?:\x4|1|\x{42})+"#, #"[\x{4}1\x{42}]+"#),
            (#"(?:[[]|:|d|i|g|i|t|:)+]"#, #"[\[:digit:]+]"#),
            (#"(?:[[:alpha:]]|\d)+"#, #"[[:alpha:]\d]+"#),
            (#"(?:[ab]|c)*"#, #"[abc]*"#),
            (#"(?:[ab])*"#, #"[ab]*"#),
            (#"x(?:a|b|-)*?y"#, #"x[ab\-]*?y"#),
            (#"(?:[a-z]|_|\d){2,5}"#, #"[a-z_\d]{2,5}"#),
            (#"(?:é|ß|😀|\x{200B}|\p{Lu})++"#, #"[éß😀\x{200B}\p{Lu}]++"#),
            (#"(?:\.|\)|\|)+"#, #"[\.\)\|]+"#),
            (#"(?i)(?:k|\s)+"#, #"(?i)[k\s]+"#),
            (#"((?:a|b)+)\1"#, #"([ab]+)\1"#),
            (#"(?<word>(?:\w|')+) [(?:a|b)+] \(?:a|b)+"#, #"(?<word>[\w']+) [(?:a|b)+] \(?:a|b)+"#),
            (#"(*UCP)(?:\s|;)*"#, #"(*UCP)[\s;]*"#),
            (#"(*LIMIT_MATCH=100)(*CRLF)(?:\s|;)*"#, #"(*LIMIT_MATCH=100)(*CRLF)[\s;]*"#),
        ])
    func rewritten(pattern: String, expected: String) {
        #expect(SingleCharacterGroups.rewritten(pattern, flags: 0, utf: true) == expected)
    }

    @Test(
        "left as written",
        arguments: [
            // Not one character per alternative, not repeated, or capturing.
            #"(?:ab|c)+"#, #"(?:a|b)"#, #"(a|b)+"#, #"(?:a|.)+"#, #"(?:a|)+"#, #"(?:a+|b)+"#,
            #"(?:[^a]|b)+"#, #"(?:[-a]|b)+"#, #"(?:[a-]|b)+"#, #"(?:[]a]|b)+"#, #"(?:\b|a)+"#, #"(?:\1|a)+"#,
            #"(?:\R|a)+"#, #"(?:\X|a)+"#, #"(?:\N|a)+"#,
            // Text whose meaning the rewrite does not read: \Q, \c, comments, x, callouts, verb names.
            #"\Q(?:a|b)+\E"#, #"\c((?:a|b)+"#, #"(?#(?:a|b)+)(?:a|b)+"#, #"(?x)(?:a|b)+"#, #"(?-x:(?:a|b)+)"#,
            #"(?C1)(?:a|b)+"#, #"(*MARK:(?:a|b)+)(?:a|b)+"#, #"[[.a.]](?:a|b)+"#,
            // A negated type with a POSIX class: PCRE2 10.42 compiles such a class wrongly without UCP.
            #"(?:\S|[[:space:]])+"#,
            // Backtracking verbs: a class backtracks otherwise than a group.
            #"(?:\W)+?(*PRUNE)([[:space:]])"#, #"(*COMMIT)(?:a|b)+"#, #"(?:a|b)+(*SKIP)c"#, #"(?:a|b)+(*F)|c"#,
            #"(?:[\W[:digit:]]|a)+"#, #"(?:\p{^L}|[[:digit:]])+"#,
        ])
    func leftAsWritten(pattern: String) {
        #expect(SingleCharacterGroups.rewritten(pattern, flags: 0, utf: true) == nil)
    }

    @Test("options: not in extended or literal mode; bytes take ASCII literals; plain groups when they do not capture")
    func options() {
        let pattern = #"(?:\s|,)+"#
        #expect(SingleCharacterGroups.rewritten(pattern, flags: EngineFlags.extended, utf: true) == nil)
        #expect(SingleCharacterGroups.rewritten(pattern, flags: EngineFlags.literal, utf: true) == nil)
        #expect(SingleCharacterGroups.rewritten(pattern, flags: 0, utf: false) == #"[\s,]+"#)
        #expect(SingleCharacterGroups.rewritten(#"(?:é|a)+"#, flags: 0, utf: false) == nil)
        #expect(SingleCharacterGroups.rewritten(#"(?:[é]|a)+"#, flags: 0, utf: false) == #"[éa]+"#)
        #expect(SingleCharacterGroups.rewritten(#"(\s|,)+"#, flags: 0, utf: true) == nil)
        #expect(
            SingleCharacterGroups.rewritten(#"(\s|,)+(?<n>a|b)+"#, flags: EngineFlags.noAutoCapture, utf: true)
                == #"[\s,]+(?<n>a|b)+"#)
    }

    /// Generated patterns with repeated one-character groups among other items, each searched
    /// as compiled (rewritten) and with a trailing empty comment `(?#)`, which leaves it as
    /// written: every match of every subject is the same, with the same groups, caseless too.
    @Test("the same matches as the pattern as written", arguments: [0, 1, 2, 3])
    func sameMatches(mode: Int) throws {
        // 0: UTF; 1: UTF, caseless; 2: UTF, plain groups capture nothing; 3: bytes.
        let caseless = mode == 1 ? 1 : 0
        let atoms = ["a", "b", "-", "é", "😀", #"\s"#, #"\d"#, #"\w"#, #"\p{Lu}"#, #"[x-z]"#, #"\."#, ","]
        let repeats = ["+", "*", "?", "{2}", "{1,3}", "+?", "*+", "{2,}?"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 &+ UInt64(mode + caseless)
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33) % bound
        }
        let alphabet = Array("ab-éx😀 ,.Z1\t\nAB")
        let subjects = (0..<40).map { _ in String((0..<next(30)).map { _ in alphabet[next(alphabet.count)] }) }
        var rewrittenCount = 0
        for _ in 0..<200 {
            var pattern = next(3) == 0 ? "^" : ""
            for _ in 0..<(1 + next(3)) {
                switch next(4) {
                case 0: pattern += atoms[next(atoms.count)]
                case 1: pattern += "(" + atoms[next(atoms.count)] + ")"
                default:
                    let members = (0..<(1 + next(3))).map { _ in atoms[next(atoms.count)] }
                    pattern += "(?:" + members.joined(separator: "|") + ")" + repeats[next(repeats.count)]
                }
            }
            if next(3) == 0 { pattern += "$" }
            let options: Pattern.Options = [[], [.caseInsensitive], [.noAutoCapture], [.bytes]][mode]
            let flags = mode == 2 ? EngineFlags.noAutoCapture : 0
            if SingleCharacterGroups.rewritten(pattern, flags: flags, utf: mode != 3) != nil { rewrittenCount += 1 }
            let compiled = try Pattern(pattern, options: options)
            let asWritten = try Pattern(pattern + "(?#)", options: options)
            for subject in subjects {
                let found = try compiled.matches(in: subject)
                let expected = try asWritten.matches(in: subject)
                #expect(found.count == expected.count, "\(pattern) on \(subject.debugDescription)")
                for (one, other) in zip(found, expected) {
                    for group in 0...compiled.captureCount {
                        #expect(
                            one.range(at: group) == other.range(at: group),
                            "\(pattern) group \(group) on \(subject.debugDescription)")
                    }
                }
            }
        }
        #expect(rewrittenCount > (mode == 3 ? 50 : 100))
    }

    /// The case the rewrite is for: a long run of blanks before a character that ends the
    /// match. As a group, PCRE2 backtracks through every iteration at every start position: the
    /// search ran out of the budget's allowance and ended with a match-limit error.
    @Test("a long blank run is answered, not a limit error")
    func longBlankRun() throws {
        let line = "word" + String(repeating: " ", count: 20_000) + "x"
        #expect(try !Pattern(#"(?:\s|,)+$"#).hasMatch(in: line))
        #expect(try Pattern(#"(?:\s|,)+x$"#).hasMatch(in: line))
        #expect(throws: PatternError.self) { try Pattern(#"(?:\s|,)+$(?#)"#).hasMatch(in: line) }
    }
}

extension SingleCharacterGroups {
    /// `pattern` rewritten (its text read here).
    fileprivate static func rewritten(_ pattern: String, flags: UInt32, utf: Bool) -> String? {
        rewritten(PatternSyntax(pattern, flags: flags), flags: flags, utf: utf)
    }
}
