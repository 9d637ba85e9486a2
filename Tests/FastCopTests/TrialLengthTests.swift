import FastCop
import Testing

@Suite("Trial.length")
struct TrialLengthTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var trial: Trial
        var label: String
        var evidence: String
        var passes: Bool
        /// A payload SwiftCop does not understand: `trial()` rejects, `evaluate` throws.
        var unread = false
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
        // Payloads SwiftCop does not understand reject everything; FastCop says why.
        Case(trial: .length(.in, 5), label: ".in 5", evidence: "12345", passes: false, unread: true),
        Case(trial: .length(.is, 10.0), label: ".is 10.0", evidence: "0123456789", passes: false, unread: true),
        Case(trial: .length(.minimum, 2...5), label: ".minimum 2...5", evidence: "123", passes: false, unread: true),
        Case(trial: .length(.in, 2...), label: ".in 2...", evidence: "123", passes: false, unread: true),
        Case(trial: .length(.in, ...5), label: ".in ...5", evidence: "123", passes: false, unread: true),
        Case(trial: .length(.is, UInt(3)), label: ".is UInt 3", evidence: "123", passes: false, unread: true),
        Case(trial: .length(.is, Int32(3)), label: ".is Int32 3", evidence: "123", passes: false, unread: true),
        Case(trial: .length(.maximum, "10"), label: ".maximum \"10\"", evidence: "1", passes: false, unread: true),
        Case(
            trial: .length(.maximum, Int?.none), label: ".maximum Int?.none", evidence: "1", passes: false, unread: true
        ),
        // As in SwiftCop, a cast from a boxed optional unwraps it.
        Case(trial: .length(.maximum, Int?(10)), label: ".maximum Int?(10)", evidence: "1", passes: true),
        Case(trial: .length(.in, [2, 3]), label: ".in [2, 3]", evidence: "12", passes: false, unread: true),
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
        if c.unread {
            #expect(throws: LengthPayloadError.self) { try c.trial.evaluate(c.evidence) }
        } else {
            #expect(try c.trial.evaluate(c.evidence) == c.passes)
        }
    }

    @Test("the silent trap is diagnosed: a payload SwiftCop does not understand is named with the fix")
    func unreadPayloadsAreDiagnosed() throws {
        let oneSided = try #require(throws: LengthPayloadError.self) { try Trial.length(.in, 3...).check() }
        #expect(oneSided.kind == .in && oneSided.payloadType == "PartialRangeFrom<Int>")
        #expect(
            oneSided.description
                == "Trial.length(.in, PartialRangeFrom<Int>) rejects every input: .in takes a Range<Int> or a "
                + "ClosedRange<Int>; for a one-sided range write Trial.length(in: 3...)")
        let through = try #require(throws: LengthPayloadError.self) { try Trial.length(.in, ...100).check() }
        #expect(through.payloadType == "PartialRangeThrough<Int>")
        let double = try #require(throws: LengthPayloadError.self) { try Trial.length(.minimum, 3.0).check() }
        #expect(
            double.description.hasPrefix("Trial.length(.minimum, Double) rejects every input: .minimum takes an Int"))
        #expect(throws: LengthPayloadError.self) { try Trial.length(.in, 1.0...3.0).makeEvaluator() }
        #expect(throws: LengthPayloadError.self) { try (Trial.email || .length(.in, 3...)).check() }
        // Ranges SwiftCop understands, empty or not, are not errors.
        try Trial.length(.in, 5..<5).check()
        try Trial.length(.is, 3).check()
        // A validation made from such a trial says why instead of "Too long".
        @Validate(.trial(Trial.length(.in, ...100), message: "Too long")) var bio: String = "short"
        let error = try #require($bio.errors.first as? ValidationError)
        #expect(error.underlyingError is LengthPayloadError)
    }

    @Test(
        "length(in:) takes every integer range and does what it says",
        arguments: [
            (Trial.length(in: 3...), "ab", false), (Trial.length(in: 3...), "abc", true),
            (Trial.length(in: 3...), "ßé👍\u{301}", true),
            (Trial.length(in: ...3), "abc", true), (Trial.length(in: ...3), "abcd", false),
            (Trial.length(in: ...3), "", true), (Trial.length(in: ..<3), "abc", false),
            (Trial.length(in: ..<3), "e\u{301}e\u{301}", true), (Trial.length(in: ..<0), "", false),
            (Trial.length(in: ..<Int.min), "", false), (Trial.length(in: 2...3), "ab", true),
            (Trial.length(in: 2..<3), "abc", false),
            (Trial.length(in: ...100), String(repeating: "é", count: 100), true),
        ])
    func lengthIn(_ trial: Trial, _ evidence: String, _ passes: Bool) throws {
        #expect(trial.trial()(evidence) == passes)
        #expect(try trial.evaluate(evidence) == passes)
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
