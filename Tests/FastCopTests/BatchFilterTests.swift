import FastCop
import Testing

@Suite("Batch: filters and cleaning")
struct BatchFilterTests {
    static let inputs = (0..<12_000).map { index in
        switch index % 5 {
        case 0: return "  Ada\(index)@Example.COM \t"
        case 1: return "\u{FEFF}zoë\(index)@exämple.com"
        case 2: return ""
        case 3: return "   "
        default: return "Ｆｕｌｌ\(index)@ＷＩＤＥ.com"
        }
    }
    static let parallel = BatchOptions(parallelism: 4, chunkSize: 200, sequentialThreshold: 0)
    static let chain =
        FilterChain() <~~ StripInvisiblesFilter() <~~ UnicodeNormalizationFilter(.nfkc) <~~ TrimFilter()
        <~~ CharCaseFilter(.lowercase)

    @Test("a chain over a batch equals the chain one by one, in order")
    func apply() throws {
        let expected = try Self.inputs.map { try Self.chain.apply(to: $0) }
        #expect(try Batch(options: Self.parallel).apply(Self.chain, to: Self.inputs) == expected)
        #expect(try Batch(options: .sequential).apply(Self.chain, to: Self.inputs) == expected)
    }

    @Test("clean filters, then checks, and gives the value or every reason")
    func clean() throws {
        let rules = [
            TrialRule(.email, message: "Invalid email"), TrialRule(.length(.maximum, 17), message: "Too long"),
        ]
        let outcomes = try Batch(options: Self.parallel).clean(Self.inputs, filter: Self.chain, rules: rules)
        #expect(outcomes.count == Self.inputs.count)
        #expect(outcomes[0] == .clean("ada0@example.com"))
        #expect(outcomes[1].issues.map(\.message) == ["Invalid email"])  // ë is not in the ASCII email rule
        #expect(outcomes[2] == .rejected([BatchIssue(message: "no value after filtering", rule: "filters")]))
        #expect(outcomes[3].issues.map(\.rule) == ["filters"])  // trimmed to "", then lowercase gives nil
        #expect(outcomes[4] == .clean("full4@wide.com"))
        #expect(outcomes[10_004].issues.map(\.message) == ["Too long"])
        let sequential = try Batch(options: .sequential).clean(Self.inputs, filter: Self.chain, rules: rules)
        #expect(outcomes == sequential)
    }

    @Test("a filter that throws rejects that value only; a broken rule stops before any work")
    func errors() throws {
        let picky = CallbackFilter { filter in
            filter.callback = { value in
                if (value as? String) == "boom" { throw Boom() }
                return value
            }
        }
        let outcomes = try Batch(options: Self.parallel).clean(["ok", "boom"], filter: picky, rules: [])
        #expect(outcomes[0] == .clean("ok"))
        #expect(outcomes[1].issues.first?.kind == .error)
        #expect(throws: PatternError.self) {
            try Batch().clean(["x"], filter: picky, rules: [TrialRule(.format("[a-"), message: "x")])
        }
    }

    struct Boom: Error {}
}
