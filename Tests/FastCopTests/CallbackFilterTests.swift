import FastCop
import Testing

private struct CallbackFailure: Error, Equatable {
    let input: String
}

@Suite("CallbackFilter")
struct CallbackFilterTests {
    @Test("the callback gets the String and its result comes back", arguments: ["abc", "é", "ß", "👨‍👩‍👧", ""])
    func strings(input: String) throws {
        let reverse = CallbackFilter { $0.callback = { ($0 as? String).map { String($0.reversed()) } } }
        let out: String? = try reverse.filter(input, nil)
        #expect(out == String(input.reversed()))
        #expect(try reverse.apply(to: input) == String(input.reversed()))
    }

    @Test("any value goes in, nil included, and the result is cast to the asked type")
    func anyValue() throws {
        let double = CallbackFilter { $0.callback = { ($0 as? Int).map { $0 * 2 } } }
        let number: Int? = try double.filter(21, nil)
        #expect(number == 42)
        let asString: String? = try double.filter(21, nil)
        #expect(asString == nil)
        let fromString: Int? = try double.filter("21", nil)
        #expect(fromString == nil)

        let describeNil = CallbackFilter { $0.callback = { $0 == nil ? "nil" : "value" } }
        let fromNil: String? = try describeNil.filter(Int?.none, nil)
        #expect(fromNil == "nil")
        let fromValue: String? = try describeNil.filter(1.5, nil)
        #expect(fromValue == "value")
    }

    @Test("a callback that gives nil gives nil")
    func nilResult() throws {
        let drop = CallbackFilter { $0.callback = { _ in nil } }
        let out: Any? = try drop.filter("é", nil)
        #expect(out == nil)
        #expect(try drop.apply(to: "é") == nil)
    }

    @Test("the callback's error propagates unchanged")
    func errorPropagates() {
        let failing = CallbackFilter { $0.callback = { throw CallbackFailure(input: $0 as? String ?? "?") } }
        #expect(throws: CallbackFailure(input: "café")) {
            let _: String? = try failing.filter("café", nil)
        }
        #expect(throws: CallbackFailure(input: "ß")) { try failing.apply(to: "ß") }
    }
}
