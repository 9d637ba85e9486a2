import FastCop
import Foundation
import Testing

/// The examples of the DocC catalog's articles (`Sources/FastCop/FastCop.docc`), as written
/// there, each followed by the checks of what it says it gives.
@Suite("DocC catalog examples")
struct DocCExamplesTests {
    @Test("FastCop.md: the overview")
    func overview() throws {
        let email = try Pattern(Pattern.emailSource)
        #expect(try email.hasWholeMatch(in: "ada@example.com"))
        #expect(try Pattern(#"\s+"#).replacing(in: "a  b\t c", with: " ") == "a b c")
    }

    @Test("GettingStarted.md: match")
    func match() throws {
        let date = try Pattern(#"(?<year>\d{4})-(?<month>\d\d)-(?<day>\d\d)"#)
        var printed: [Substring] = []
        if let match = try date.firstMatch(in: "paid on 2026-11-30") {
            print(match["year"]!, match["month"]!)
            printed = [match["year"]!, match["month"]!]
        }
        #expect(printed == ["2026", "11"])
        #expect(try date.hasWholeMatch(in: "2026-11-30"))
        #expect(try date.hasMatch(in: "on 2026-11-30"))
    }

    @Test("GettingStarted.md: replace")
    func replace() throws {
        #expect(try Pattern("([0-9]+)").replacing(in: "a12b", with: "<$1>") == "a<12>b")
        #expect(try Pattern(#"\d+"#).replacing(in: "3 apples") { String(Int($0.substring)! * 2) } == "6 apples")
    }

    @Test("GettingStarted.md: compile once")
    func compileOnce() throws {
        let lines = ["12", "x", "2026"]
        var wholeNumbers = 0
        for line in lines {
            let pattern = try PatternCache.shared.pattern(#"^\d+$"#, wholeMatch: true)
            _ = try pattern.hasWholeMatch(in: line)
            if try pattern.hasWholeMatch(in: line) { wholeNumbers += 1 }
        }
        #expect(wholeNumbers == 2)
    }
}
