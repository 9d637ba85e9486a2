import FastCop
import Testing

@Suite("Filters shared between threads")
struct FilterConcurrencyTests {
    static let inputs: [String] = (0..<400).map { index in
        "  \u{FEFF}Zoë  Ørsted\u{200B} #\(index) ａｂ  e\u{301}\t👨‍👩‍👧 straße \(index % 7)  "
    }

    static func makeChain() -> FilterChain {
        FilterChain()
            <~~ StripInvisiblesFilter()
            <~~ UnicodeNormalizationFilter(.nfkc)
            <~~ CollapseWhitespaceFilter()
            <~~ TrimFilter()
            <~~ RegexReplaceFilter(pattern: #"#(\d+)"#, replacement: "no. $1")
            <~~ CharCaseFilter(.uppercase)
            <~~ (FilterChain() <~~ ReplaceFilter(.replaceString(searchStr: "SS", replacementStr: "ẞ")))
    }

    @Test("one chain applied from many tasks gives what it gives on one thread")
    func oneChainManyTasks() async throws {
        let chain = Self.makeChain()
        let expected = try Self.inputs.map { try chain.apply(to: $0) }
        #expect(expected[3] == "ZOË ØRSTED NO. 3 AB É 👨‍👩‍👧 STRAẞE 3")
        let results = try await withThrowingTaskGroup(of: [String?].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var outputs: [String?] = []
                    for input in Self.inputs {
                        let generic: String? = try chain.filter(input, nil)
                        let typed = try chain.apply(to: input)
                        outputs.append(generic == typed ? typed : "mismatch")
                    }
                    return outputs
                }
            }
            var all: [[String?]] = []
            for try await outputs in group { all.append(outputs) }
            return all
        }
        #expect(results.count == 8)
        for outputs in results { #expect(outputs == expected) }
    }

    @Test("a fresh RegexReplaceFilter prepares safely when many tasks use it first at once")
    func concurrentFirstUse() async throws {
        for round in 0..<20 {
            let filter = RegexReplaceFilter(pattern: #"(\p{L}+)-\#(round)"#, replacement: "<$1>")
            let outputs = try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<8 { group.addTask { try filter.apply(to: "é-\(round) ß-\(round)") } }
                var all: [String?] = []
                for try await output in group { all.append(output) }
                return all
            }
            #expect(outputs == Array(repeating: "<é> <ß>", count: 8))
        }
    }
}
