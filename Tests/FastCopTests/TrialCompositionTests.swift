import FastCop
import Synchronization
import Testing

@Suite("Trial composition: &&, || and !")
struct TrialCompositionTests {
    static let truthTable: [(Bool, Bool)] = [(true, true), (true, false), (false, true), (false, false)]

    static func constant(_ value: Bool) -> Trial { value ? .beTrue : .beFalse }

    @Test(arguments: truthTable)
    func operatorsFollowBooleanLogic(_ lhs: Bool, _ rhs: Bool) throws {
        let a = TrialCompositionTests.constant(lhs)
        let b = TrialCompositionTests.constant(rhs)
        #expect((a && b).trial()("x") == (lhs && rhs))
        #expect((a || b).trial()("x") == (lhs || rhs))
        #expect((!a).trial()("x") == !lhs)
        #expect(try (a && b).evaluate("x") == (lhs && rhs))
        #expect(try (a || b).evaluate("x") == (lhs || rhs))
        #expect(try (!a).evaluate("x") == !lhs)
    }

    static let username = Trial.length(.in, 3...12) && !Trial.inclusion([" ", "@"])
    static let contact = Trial.email || Trial.format(#"\+?[0-9 ]{7,15}"#)

    @Test(arguments: [
        ("ada", true), ("ada_lovelace", true), ("ad", false), ("ada lovelace", false), ("ada@home", false),
        ("josé", true), ("straße", true), ("👍👍👍", true), ("e\u{301}e\u{301}", false),
    ])
    func usernameRule(_ evidence: String, _ passes: Bool) {
        #expect(TrialCompositionTests.username.trial()(evidence) == passes)
    }

    @Test(arguments: [
        ("ada@example.com", true), ("+49 30 1234567", true), ("call me", false), ("josé@example.com", false),
        ("١٢٣٤٥٦٧", false),
    ])
    func contactRule(_ evidence: String, _ passes: Bool) {
        #expect(TrialCompositionTests.contact.trial()(evidence) == passes)
    }

    @Test func implicitMembersOnTheRightOfATrial() {
        let rule = Trial.email && .length(.maximum, 12)
        #expect(rule.trial()("ada@b.co"))
        #expect(rule.trial()("ada@example.com") == false)
        let either = Trial.inclusion(["é"]) || .inclusion(["ß"])
        #expect(either.trial()("straße"))
    }

    @Test func theRightSideIsNotConsultedWhenTheLeftDecides() {
        let calls = Mutex(0)
        let counted = ClosureTrial { _ in
            calls.withLock { $0 += 1 }
            return true
        }
        _ = (Trial.beFalse && counted).trial()("x")
        _ = (Trial.beTrue || counted).trial()("x")
        #expect(calls.withLock { $0 } == 0)
        _ = (Trial.beTrue && counted).trial()("x")
        _ = (Trial.beFalse || counted).trial()("x")
        #expect(calls.withLock { $0 } == 2)
    }

    static let runaway = Trial.format("(a+)+$")
    static let attack = String(repeating: "a", count: 40) + "!"

    @Test func aLimitIsUndecidedAndFailsClosed() throws {
        let attack = TrialCompositionTests.attack
        let runaway = TrialCompositionTests.runaway
        // `||` can still pass on the other side; otherwise the limit error comes out.
        #expect(try (runaway || Trial.beTrue).evaluate(attack))
        #expect(try (Trial.beTrue || runaway).evaluate(attack))
        #expect(throws: PatternError.self) { try (runaway || Trial.beFalse).evaluate(attack) }
        // `&&` rejects as soon as one side rejects.
        #expect(try (Trial.beFalse && runaway).evaluate(attack) == false)
        #expect(throws: PatternError.self) { try (Trial.beTrue && runaway).evaluate(attack) }
        // `!` does not turn "could not decide" into a pass.
        #expect(throws: PatternError.self) { try (!runaway).evaluate(attack) }
        #expect((!runaway).trial()(attack) == false)
        #expect((!(!runaway)).trial()(attack) == false)
        #expect((!runaway).trial()("aaa") == false)
        #expect((!runaway).trial()("b"))
    }

    @Test func aBrokenPartBreaksTheCombination() {
        let broken = Trial.format("(ab")
        for rule in [AnyTrialBox(broken || Trial.beTrue), AnyTrialBox(!broken), AnyTrialBox(Trial.beFalse && broken)] {
            #expect(throws: PatternError.self) { try rule.check() }
            #expect(rule.trial("ab") == false)
            #expect(rule.trial("") == false)
        }
    }

    @Test func closureTrialsCombineAndMayThrow() throws {
        struct Undecided: Error {}
        let twoWords = ClosureTrial { $0.split(separator: " ").count >= 2 }
        let rule = twoWords && Trial.length(.maximum, 20)
        #expect(rule.trial()("Ada Lovelace"))
        #expect(rule.trial()("Ada") == false)
        #expect(rule.trial()("Ada Augusta King Lovelace") == false)
        let unsure = ClosureTrial { _ in throw Undecided() }
        #expect(unsure.trial()("x") == false)
        #expect(throws: Undecided.self) { try (unsure || Trial.beFalse).evaluate("x") }
        #expect(try (unsure || twoWords).evaluate("a b"))
    }

    @Test func compositesKeepTheirParts() {
        let rule = Trial.email && !Trial.inclusion(["example.com"])
        if case .email = rule.first {} else { Issue.record("first is \(rule.first)") }
        if case .inclusion(let elements) = rule.second.negated {
            #expect(elements == ["example.com"])
        } else {
            Issue.record("second is \(rule.second)")
        }
    }

    @Test func compositesWorkFromManyTasks() async {
        let rule = TrialCompositionTests.username || TrialCompositionTests.contact
        let inputs = ["ada", "a", "ada@example.com", "a b c d e f g h", "+49 30 1234567", "straße"]
        let expected = inputs.map { rule.trial()($0) }
        #expect(expected == [true, false, true, false, true, true])
        await withTaskGroup(of: Void.self) { group in
            for round in 0..<48 {
                group.addTask {
                    let index = round % inputs.count
                    #expect(rule.trial()(inputs[index]) == expected[index])
                }
            }
        }
    }
}

/// Lets combinations of different types share one array in a test.
private struct AnyTrialBox: Sendable {
    let check: @Sendable () throws -> Void
    let trial: @Sendable (String) -> Bool

    init(_ trial: some ExplainingTrial) {
        self.check = { try trial.check() }
        self.trial = { trial.trial()($0) }
    }
}
