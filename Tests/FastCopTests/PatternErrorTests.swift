import FastCop
import Foundation
import Testing

@Suite("PatternError: compile errors")
struct PatternErrorTests {
    @Test("a broken pattern names the code, the offset and puts a caret under it")
    func missingParenthesis() throws {
        let error = try #require(throws: PatternError.self) { try Pattern("(ab") }
        #expect(error.kind == .compile)
        #expect(error.offset == 3)
        #expect(error.code == 114)  // PCRE2's "missing closing parenthesis"
        #expect(error.message == "missing closing parenthesis")
        #expect(error.pattern == "(ab")
        #expect(error.description == "(ab\n   ^\nmissing closing parenthesis at offset 3")
        #expect(error.localizedDescription == error.description)
        #expect(!error.isLimit)
    }

    static let brokenPatterns: [(pattern: String, caretLine: String)] = [
        ("a)", " ^"),
        ("[z-a]", "   ^"),
        ("é(", "  ^"),  // offsets are bytes; the caret stands under the character
        ("ß🎉**", "   ^"),
        (#"\"#, " ^"),
        ("(?<n>a)(?<n>b)", "            ^"),
    ]

    @Test("the caret is placed by characters, not bytes", arguments: brokenPatterns)
    func caret(pattern: String, caretLine: String) throws {
        let error = try #require(throws: PatternError.self) { try Pattern(pattern) }
        #expect(error.kind == .compile)
        let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
        #expect(lines[0] == pattern[...])
        #expect(lines[1] == caretLine[...])
        #expect(lines[2].hasSuffix("at offset \(error.offset!)"))
    }

    @Test("an empty pattern compiles and matches everywhere")
    func emptyPattern() throws {
        #expect(try Pattern("").hasMatch(in: "x"))
    }
}
