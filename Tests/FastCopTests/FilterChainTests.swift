import Testing

@testable import FastCop

/// A filter of a user's own, as the original README's "Extensibility" section shows it.
private final class SuffixFilter: FilterProtocol, @unchecked Sendable {
    // @unchecked: `suffix` is set while the filter is built and only read afterwards.
    var suffix = ""
    init(_ initialize: (SuffixFilter) -> Void = { _ in }) { initialize(self) }
    func filter<I, O>(_ value: I?, _ context: [String: Any]?) throws -> O? {
        guard let string = value as? String else { return nil }
        return (string + suffix) as? O
    }
}

private struct Boom: Error, Equatable {}

@Suite("FilterChain and <~~")
struct FilterChainTests {
    @Test("the README example: trim, then replace")
    func readmeExample() throws {
        let inValue = "  \t \n  Some foo String   \t\t \n "
        let chain =
            FilterChain()
            <~~ TrimFilter()
            <~~ ReplaceFilter {
                $0.replaceType = .replaceString(searchStr: "foo", replacementStr: "bar")
            }
        let outValue: String? = try chain.filter(inValue, nil)
        #expect(outValue == "Some bar String")
        #expect(try chain.apply(to: inValue) == "Some bar String")
    }

    @Test("filters run in the order they were added")
    func order() throws {
        let first = FilterChain() <~~ SuffixFilter { $0.suffix = "1" } <~~ SuffixFilter { $0.suffix = "2" }
        let second = FilterChain() <~~ SuffixFilter { $0.suffix = "2" } <~~ SuffixFilter { $0.suffix = "1" }
        #expect(try first.apply(to: "é") == "é12")
        #expect(try second.apply(to: "é") == "é21")
        // Order matters for real filters too: upper-casing "ß" makes "SS", which then matches.
        let upperThenReplace =
            FilterChain() <~~ CharCaseFilter(.uppercase)
            <~~ ReplaceFilter(.replaceString(searchStr: "SS", replacementStr: "ẞ"))
        let replaceThenUpper =
            FilterChain() <~~ ReplaceFilter(.replaceString(searchStr: "SS", replacementStr: "ẞ"))
            <~~ CharCaseFilter(.uppercase)
        #expect(try upperThenReplace.apply(to: "straße") == "STRAẞE")
        #expect(try replaceThenUpper.apply(to: "straße") == "STRASSE")
    }

    @Test("a filter that gives nil ends the chain with nil; later filters do not run")
    func nilEndsTheChain() throws {
        let neverRun = CallbackFilter { $0.callback = { _ in throw Boom() } }
        let chain = FilterChain() <~~ TrimFilter() <~~ CharCaseFilter(.lowercase) <~~ neverRun
        // CharCaseFilter gives nil for "" (as the original), so the throwing filter never runs.
        let generic: String? = try chain.filter("   ", nil)
        #expect(generic == nil)
        #expect(try chain.apply(to: " \n ") == nil)
        // With text, the chain reaches the throwing filter.
        #expect(throws: Boom.self) { try chain.apply(to: " A ") }
    }

    @Test("errors from a filter propagate out of the chain")
    func errorsPropagate() throws {
        let chain = FilterChain() <~~ TrimFilter() <~~ CallbackFilter()
        #expect(throws: FilterError.noCallback) { try chain.apply(to: "x") }
        #expect(throws: FilterError.noCallback) {
            let _: String? = try chain.filter("x", nil)
        }
    }

    @Test("a chain is a filter and can be added to another chain")
    func nesting() throws {
        let inner = FilterChain() <~~ TrimFilter() <~~ CharCaseFilter(.ucwords)
        let outer = FilterChain() <~~ SuffixFilter { $0.suffix = "  " } <~~ inner <~~ SuffixFilter { $0.suffix = "!" }
        #expect(try outer.apply(to: "  élan vital") == "Élan Vital!")
        let generic: String? = try outer.filter("  élan vital", nil)
        #expect(generic == "Élan Vital!")
        // An inner chain that ends with nil ends the outer chain.
        let outerWithEmpty = FilterChain() <~~ (FilterChain() <~~ TrimFilter() <~~ CharCaseFilter(.lowercase))
        #expect(try outerWithEmpty.apply(to: "   ") == nil)
    }

    @Test("an empty chain gives its input back, cast to the asked type")
    func emptyChain() throws {
        let chain = FilterChain()
        #expect(chain.filters.isEmpty)
        #expect(try chain.apply(to: "café ☕️") == "café ☕️")
        let string: String? = try chain.filter("x", nil)
        #expect(string == "x")
        let number: Int? = try chain.filter("x", nil)
        #expect(number == nil)
        let fromNil: String? = try chain.filter(String?.none, nil)
        #expect(fromNil == nil)
    }

    @Test("nil and non-String values pass to the first filter")
    func nilAndOtherTypes() throws {
        let fromNil = FilterChain() <~~ CallbackFilter { $0.callback = { $0 == nil ? "was nil" : "had value" } }
        let out: String? = try fromNil.filter(Int?.none, nil)
        // The chain's input type is Int, so a String step gives nil (the original casts every
        // intermediate value to the input type).
        #expect(out == nil)
        let anyOut: String? = try fromNil.filter(Any?.none, nil)
        #expect(anyOut == "was nil")
        let trimmed: String? = try (FilterChain() <~~ TrimFilter()).filter(42, nil)
        #expect(trimmed == nil)
    }

    @Test("registerFilter appends, and <~~ used as a statement adds to the chain")
    func registerAndStatementForm() throws {
        let chain = FilterChain()
        chain.registerFilter(TrimFilter())
        chain <~~ CharCaseFilter(.uppercase)
        #expect(chain.filters.count == 2)
        #expect(try chain.apply(to: " ß ") == "SS")
        let configured = FilterChain { $0.registerFilter(DigitsOnlyFilter()) }
        #expect(try configured.apply(to: "a1b2") == "12")
    }

    @Test("<~~ binds looser than ?? and the ternary operator, and associates to the left", arguments: [true, false])
    func precedence(upper: Bool) throws {
        let optional: SuffixFilter? = nil
        let chain =
            FilterChain() <~~ optional ?? SuffixFilter { $0.suffix = "X" }
                <~~ upper ? CharCaseFilter(.uppercase) : CharCaseFilter(.lowercase)
        #expect(try chain.apply(to: "é") == (upper ? "ÉX" : "éx"))
    }

    @Test("a filter of one's own gets apply(to:) from the protocol")
    func userFilterDefaultApply() throws {
        let filter = SuffixFilter { $0.suffix = "!" }
        #expect(try filter.apply(to: "ß") == "ß!")
        #expect(try filter.apply(to: "", context: ["ignored": 1]) == "!")
    }

    @Test("replaced filter lists do not pile up: none while building, at most one per filter added after use")
    func retiredListsAreBounded() throws {
        let chain = FilterChain()
        for _ in 0..<1000 { chain.registerFilter(SuffixFilter { $0.suffix = "é" }) }
        #expect(chain.retiredListCount == 0)
        #expect(try chain.apply(to: "x") == "x" + String(repeating: "é", count: 1000))
        for round in 1...3 {
            chain.registerFilter(SuffixFilter { $0.suffix = "!" })
            #expect(chain.retiredListCount == round)
            chain.registerFilter(SuffixFilter { $0.suffix = "?" })
            #expect(chain.retiredListCount == round, "a list never applied is not kept")
            #expect(try chain.apply(to: "ü")?.hasSuffix("!?") == true)
        }
        #expect(chain.retiredListCount <= chain.filters.count)
    }
}
