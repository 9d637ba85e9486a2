import FastCop
import Testing

@Suite("Pattern: JIT and interpreter agree")
struct PatternJITTests {
    static let patterns = [
        Pattern.emailSource, #"\w+"#, #"(?i)straße"#, #"(\p{L}+)\s+(\d+)"#, "a*", "", #"\b\w"#,
        "(?m)^.+$", "é|e\u{301}", #"(?<=\d)x"#, #"(a)(?:b|(c))?\1"#,
    ]
    static let subjects = [
        "", "test@test.com", "STRASSE straße", "Zoë 42 ß 7", "a\r\nb\nc", "1x2x", "aca aba a",
        "🎉 e\u{301} é", "x@y.comm\n",
    ]

    @Test("same answers with and without JIT", arguments: patterns)
    func sameAnswers(source: String) throws {
        let jit = try Pattern(source, jit: .ifAvailable)
        let interpreted = try Pattern(source, jit: .never)
        #expect(jit.isJITCompiled == Pattern.isJITSupported)
        #expect(!interpreted.isJITCompiled)
        for subject in Self.subjects {
            #expect(try jit.hasMatch(in: subject) == interpreted.hasMatch(in: subject))
            #expect(try jit.hasWholeMatch(in: subject) == interpreted.hasWholeMatch(in: subject))
            #expect(
                try jit.matches(in: subject).map(\.utf8Range) == interpreted.matches(in: subject).map(\.utf8Range))
            #expect(
                try jit.replacing(in: subject, with: "<$0>") == interpreted.replacing(in: subject, with: "<$0>"))
        }
    }

    @Test("required JIT compiles where JIT is supported")
    func requiredJIT() throws {
        if Pattern.isJITSupported {
            #expect(try Pattern("a+", jit: .required).isJITCompiled)
        } else {
            let error = try #require(throws: PatternError.self) { try Pattern("a+", jit: .required) }
            #expect(error.kind == .jitUnavailable)
        }
    }
}

@Suite("Pattern: patterns that refuse JIT")
struct PatternNoJITTests {
    @Test("a leading (*NO_JIT) falls back to the interpreter")
    func noJITVerb() throws {
        let pattern = try Pattern("(*NO_JIT)a+")
        #expect(!pattern.isJITCompiled)
        #expect(try pattern.hasMatch(in: "baa"))
        #expect(try pattern.hasWholeMatch(in: "aa"))
        #expect(try pattern.matches(in: "a b aa").count == 2)
        #expect(try pattern.replacing(in: "baa", with: "x") == "bx")
    }
}
