import Foundation
import Testing

@testable import FastCop

/// Which patterns ``LinearShape`` takes for searches whose time PCRE2's JIT keeps linear (they
/// are then searched without a clock): the trailing-blank and trim kinds, and nothing that can
/// backtrack or rescan more than that.
@Suite("LinearShape: the patterns searched without a clock")
struct LinearShapeTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var pattern: String
        var branches: Int?
        var testDescription: String { "\(pattern) → \(branches.map(String.init) ?? "not linear")" }
    }

    static let linear: [Row] = [
        Row(pattern: #"\s+$"#, branches: 1),
        Row(pattern: #"[ \t]+$"#, branches: 1),
        Row(pattern: #"^\s+|\s+$"#, branches: 2),
        Row(pattern: #"^[\s\x{200c}]+|[\s\x{200c}]+$"#, branches: 2),
        Row(pattern: #"\A\s*|\s*\z"#, branches: 2),
        Row(pattern: #"\h++\r?$"#, branches: 1),
        Row(pattern: #"[^\S\n]+\n"#, branches: 1),
        Row(pattern: #"é+$"#, branches: 1),
        Row(pattern: #"[ßé😀\]]+\Z"#, branches: 1),
        Row(pattern: #"[[:space:][:^alpha:]]+$"#, branches: 1),
        Row(pattern: #"\p{Zs}+$|\P{L}*\.x?\b"#, branches: 2),
        Row(pattern: #".+$"#, branches: 1),
        Row(pattern: #",+"#, branches: 1),
        Row(pattern: #"\x20+\x{3000}"#, branches: 1),
    ]

    static let notLinear: [String] = [
        // Nested and repeated groups: exponential backtracking at one start position.
        "(a+)+b", #"^(\w+\s?)*$"#, #"(?:\s+)$"#, #"(\s)+$"#,
        // Two repeats: each backs off through the other (quadratic per position).
        #"\s+\s+$"#, #"[ ]+x+$"#, #"\s+$|a+b+"#,
        // Lazy, counted, or after something that consumes: no memory of where the repeat ended.
        #"\s+?$"#, #"\s{1,}$"#, #"x\s+$"#, #"\s\s+$"#,
        // Rescans without backtracking steps: a look-ahead at every position.
        #"(?= *+y)"#, #"\s+(?=x)"#,
        // \R and \X are not single characters; back references, \K, \G, \Q, verbs, options.
        #"\R+$"#, #"\X+$"#, #"(a)\1+$"#, #"\s+\K$"#, #"\G\s+$"#, #"\Q \E+$"#, #"(*NO_START_OPT)\s+$"#,
        #"(?i)\s+$"#, #"\s+$(?C1)"#,
        // Escapes this reader does not know, broken text, empty branches, too long a tail.
        #"\N+$"#, #"\c@+"#, #"\o{40}+"#, #"\8+"#, #"\x+"#, "[a+", #"\s+$|"#, "|x+", #"\s+abcde"#, "",
        #"[[.a.]]+"#, "a+{", "a++?",
    ]

    @Test("trailing-blank and trim patterns have the shape", arguments: linear)
    func linearPatterns(row: Row) {
        #expect(LinearShape.branches(of: row.pattern, flags: 0) == row.branches)
        #expect(
            LinearShape.branches(of: row.pattern, flags: EngineFlags.caseless | EngineFlags.multiline) == row.branches)
    }

    @Test("patterns that can backtrack or rescan do not", arguments: notLinear)
    func otherPatterns(pattern: String) {
        #expect(LinearShape.branches(of: pattern, flags: 0) == nil)
    }

    @Test("the PCRE2 in use remembers where a leading repeat stopped (10.35 and later)")
    func version() {
        let atLeast = CompiledCode.libraryVersion.compare("10.35", options: .numeric) != .orderedAscending
        #expect(LinearShape.remembersRepeats == atLeast)
    }

    @Test("options that change what the text means turn the shape off")
    func refusedOptions() {
        for flags in [EngineFlags.extended, EngineFlags.literal, EngineFlags.ungreedy] {
            #expect(LinearShape.branches(of: #"\s+$"#, flags: flags) == nil)
        }
        let many = Array(repeating: "a+", count: LinearShape.maximumBranches + 1).joined(separator: "|")
        #expect(LinearShape.branches(of: many, flags: 0) == nil)
        #expect(LinearShape.branches(of: "[" + String(repeating: "a", count: 1000) + "]+", flags: 0) == nil)
    }

    @Test("only JIT code is searched this way (the interpreter has no memory of the repeat)")
    func jitOnly() throws {
        let jit = try Pattern(#"\s+$"#, jit: .ifAvailable)
        let interpreted = try Pattern(#"\s+$"#, jit: .never)
        #expect(try interpreted.searchCode.linearBranches == nil)
        let code = try jit.searchCode
        #expect(code.linearBranches == (code.isJIT ? 1 : nil))
    }
}

extension LinearShape {
    /// The number of top-level branches of `pattern` when it has the shape (its text read here).
    fileprivate static func branches(of pattern: String, flags: UInt32) -> Int? {
        branches(of: PatternSyntax(pattern, flags: flags), flags: flags)
    }
}
