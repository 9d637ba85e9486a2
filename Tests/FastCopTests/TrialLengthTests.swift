import FastCop
import Testing

@Suite("Trial.length")
struct TrialLengthTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var trial: Trial
        var label: String
        var evidence: String
        var passes: Bool
        var testDescription: String { "\(label) on \(evidence.debugDescription)" }
    }

    static let cases: [Case] = [
        // SwiftCop README.
        Case(trial: .length(.is, 10), label: ".is 10", evidence: "0123456789", passes: true),
        Case(trial: .length(.is, 10), label: ".is 10", evidence: "012345678", passes: false),
        Case(trial: .length(.is, 10), label: ".is 10", evidence: "0123456789A", passes: false),
        Case(trial: .length(.minimum, 10), label: ".minimum 10", evidence: "0123456789", passes: true),
        Case(trial: .length(.minimum, 10), label: ".minimum 10", evidence: "012345678", passes: false),
        Case(trial: .length(.minimum, 10), label: ".minimum 10", evidence: "0123456789ABC", passes: true),
        Case(trial: .length(.maximum, 10), label: ".maximum 10", evidence: "0123456789", passes: true),
        Case(trial: .length(.maximum, 10), label: ".maximum 10", evidence: "0123456789A", passes: false),
        Case(trial: .length(.maximum, 10), label: ".maximum 10", evidence: "", passes: true),
        Case(trial: .length(.in, 2..<5), label: ".in 2..<5", evidence: "1234", passes: true),
        Case(trial: .length(.in, 2..<5), label: ".in 2..<5", evidence: "12", passes: true),
        Case(trial: .length(.in, 2..<5), label: ".in 2..<5", evidence: "12345", passes: false),
        Case(trial: .length(.in, 2..<5), label: ".in 2..<5", evidence: "1", passes: false),
        Case(trial: .length(.in, 2...5), label: ".in 2...5", evidence: "12345", passes: true),
        Case(trial: .length(.in, 2...5), label: ".in 2...5", evidence: "123456", passes: false),
        Case(trial: .length(.in, 2...5), label: ".in 2...5", evidence: "1", passes: false),
        // Characters, not bytes or UTF-16: é, ß, emoji, combining marks, flags, CR LF.
        Case(trial: .length(.is, 1), label: ".is 1", evidence: "\u{E9}", passes: true),
        Case(trial: .length(.is, 1), label: ".is 1", evidence: "e\u{301}", passes: true),
        Case(trial: .length(.is, 1), label: ".is 1", evidence: "👨‍👩‍👧", passes: true),
        Case(trial: .length(.is, 1), label: ".is 1", evidence: "👍🏽", passes: true),
        Case(trial: .length(.is, 1), label: ".is 1", evidence: "🇫🇷", passes: true),
        Case(trial: .length(.is, 1), label: ".is 1", evidence: "\r\n", passes: true),
        Case(trial: .length(.is, 6), label: ".is 6", evidence: "straße", passes: true),
        Case(trial: .length(.maximum, 4), label: ".maximum 4", evidence: "cafe\u{301}", passes: true),
        Case(trial: .length(.minimum, 4), label: ".minimum 4", evidence: "👍👍👍", passes: false),
        Case(trial: .length(.in, 3..<4), label: ".in 3..<4", evidence: "🇫🇷🇩🇪🇮🇹", passes: true),
        // Payloads SwiftCop does not understand reject everything.
        Case(trial: .length(.in, 5), label: ".in 5", evidence: "12345", passes: false),
        Case(trial: .length(.is, 10.0), label: ".is 10.0", evidence: "0123456789", passes: false),
        Case(trial: .length(.minimum, 2...5), label: ".minimum 2...5", evidence: "123", passes: false),
        Case(trial: .length(.in, 2...), label: ".in 2...", evidence: "123", passes: false),
        Case(trial: .length(.in, ...5), label: ".in ...5", evidence: "123", passes: false),
        Case(trial: .length(.is, UInt(3)), label: ".is UInt 3", evidence: "123", passes: false),
        Case(trial: .length(.is, Int32(3)), label: ".is Int32 3", evidence: "123", passes: false),
        Case(trial: .length(.maximum, "10"), label: ".maximum \"10\"", evidence: "1", passes: false),
        Case(trial: .length(.maximum, Int?.none), label: ".maximum Int?.none", evidence: "1", passes: false),
        // As in SwiftCop, a cast from a boxed optional unwraps it.
        Case(trial: .length(.maximum, Int?(10)), label: ".maximum Int?(10)", evidence: "1", passes: true),
        Case(trial: .length(.in, [2, 3]), label: ".in [2, 3]", evidence: "12", passes: false),
        // Negative, empty and extreme bounds.
        Case(trial: .length(.is, -1), label: ".is -1", evidence: "", passes: false),
        Case(trial: .length(.is, 0), label: ".is 0", evidence: "", passes: true),
        Case(trial: .length(.minimum, -5), label: ".minimum -5", evidence: "", passes: true),
        Case(trial: .length(.maximum, -1), label: ".maximum -1", evidence: "", passes: false),
        Case(trial: .length(.in, -3..<2), label: ".in -3..<2", evidence: "a", passes: true),
        Case(trial: .length(.in, -3..<2), label: ".in -3..<2", evidence: "ab", passes: false),
        Case(trial: .length(.in, 5..<5), label: ".in 5..<5", evidence: "12345", passes: false),
        Case(trial: .length(.in, Int.min..<Int.min), label: ".in Int.min..<Int.min", evidence: "", passes: false),
        Case(trial: .length(.in, Int.min...Int.max), label: ".in Int.min...Int.max", evidence: "abc", passes: true),
        Case(trial: .length(.is, Int.max), label: ".is Int.max", evidence: "abc", passes: false),
        Case(trial: .length(.minimum, Int.max), label: ".minimum Int.max", evidence: "abc", passes: false),
        Case(trial: .length(.maximum, Int.max), label: ".maximum Int.max", evidence: "abc", passes: true),
        Case(trial: .length(.in, 0..<Int.max), label: ".in 0..<Int.max", evidence: "abc", passes: true),
    ]

    @Test(arguments: cases)
    func countsCharacters(_ c: Case) throws {
        #expect(c.trial.trial()(c.evidence) == c.passes)
        #expect(try c.trial.evaluate(c.evidence) == c.passes)
    }

    @Test(arguments: [0, 1, 9, 10, 11, 1000])
    func agreesWithStringCountOnLongEvidence(_ bound: Int) {
        let evidence = String(repeating: "e\u{301}ß👍", count: 4)
        #expect(evidence.count == 12)
        #expect(Trial.length(.maximum, bound).trial()(evidence) == (evidence.count <= bound))
        #expect(Trial.length(.minimum, bound).trial()(evidence) == (evidence.count >= bound))
        #expect(Trial.length(.is, bound).trial()(evidence) == (evidence.count == bound))
        #expect(Trial.length(.in, bound..<(bound + 3)).trial()(evidence) == (bound..<(bound + 3)).contains(12))
        #expect(Trial.length(.in, bound...(bound + 3)).trial()(evidence) == (bound...(bound + 3)).contains(12))
    }

    @Test func hugeEvidenceAgainstSmallBounds() {
        let evidence = String(repeating: "é", count: 200_000)
        #expect(Trial.length(.maximum, 10).trial()(evidence) == false)
        #expect(Trial.length(.minimum, 3).trial()(evidence))
        #expect(Trial.length(.is, 200_000).trial()(evidence))
    }

    @Test func theOriginalSpellingCompiles() {
        let kind: Lenght = .minimum
        #expect(Trial.length(kind, 4).trial()("abcd"))
        #expect(Length.allCases == [.is, .maximum, .minimum, .in])
    }
}
