import FastCop
import Testing

@Suite("Validation: count")
struct ValidationCountTests {
    /// (string, Character count): counts are in Characters, not UTF-16 or bytes.
    static let strings: [(String, Int)] = [
        ("", 0), ("abc", 3), ("é", 1), ("e\u{301}", 1), ("Straße", 6), ("😀", 1), ("👨‍👩‍👧", 1), ("日本語", 3),
        ("a\u{301}b\u{308}", 2),
    ]

    @Test("greaterThan is strict, on String and String?", arguments: strings)
    func greaterThan(string: String, count: Int) {
        let limit = 1
        let plain: Validation<String> = .count(greaterThan: limit)
        let optional: Validation<String?> = .count(greaterThan: limit)
        #expect(passes(plain, string) == (count > limit))
        #expect(passes(optional, string) == (count > limit))
    }

    @Test("lessThan is strict", arguments: strings)
    func lessThan(string: String, count: Int) {
        let plain: Validation<String> = .count(lessThan: 2)
        let optional: Validation<String?> = .count(lessThan: 2)
        #expect(passes(plain, string) == (count < 2))
        #expect(passes(optional, string) == (count < 2))
    }

    @Test("equalTo", arguments: strings)
    func equalTo(string: String, count: Int) {
        let plain: Validation<String> = .count(equalTo: 1)
        let optional: Validation<String?> = .count(equalTo: 1)
        #expect(passes(plain, string) == (count == 1))
        #expect(passes(optional, string) == (count == 1))
    }

    @Test("in is inclusive at both ends", arguments: strings)
    func inRange(string: String, count: Int) {
        let plain: Validation<String> = .count(in: 1...3)
        let optional: Validation<String?> = .count(in: 1...3)
        #expect(passes(plain, string) == (1...3).contains(count))
        #expect(passes(optional, string) == (1...3).contains(count))
    }

    @Test("default messages, also for nil")
    func defaultMessages() {
        #expect(message(.count(greaterThan: 3) as Validation<String>, "ab") == "Should be greater than 3")
        #expect(message(.count(lessThan: 2) as Validation<String>, "abc") == "Should be less than 2")
        #expect(message(.count(equalTo: 4) as Validation<String>, "ab") == "Should be equal to 4")
        #expect(message(.count(in: 2...4) as Validation<String>, "a") == "Should be between 2 and 4")
        #expect(message(.count(greaterThan: 3) as Validation<String?>, nil) == "Should be greater than 3")
        #expect(message(.count(lessThan: 2) as Validation<String?>, nil) == "Should be less than 2")
        #expect(message(.count(equalTo: 4) as Validation<String?>, nil) == "Should be equal to 4")
        #expect(message(.count(in: 2...4) as Validation<String?>, nil) == "Should be between 2 and 4")
    }

    @Test("custom messages receive the bound or the range")
    func customMessages() {
        #expect(message(.count(greaterThan: 3) { "more than \($0)" } as Validation<String>, "ab") == "more than 3")
        #expect(message(.count(lessThan: 2) { "under \($0)" } as Validation<String>, "abc") == "under 2")
        #expect(message(.count(equalTo: 4) { "exactly \($0)" } as Validation<String?>, nil) == "exactly 4")
        #expect(
            message(.count(in: 2...4) { "\($0.lowerBound)–\($0.upperBound) items" } as Validation<[Int]>, [1])
                == "2–4 items")
    }

    @Test("arrays, optional arrays, sets and dictionaries")
    func otherCollections() {
        @Validate(.count(greaterThan: 1)) var numbers: [Int] = [1]
        #expect(!$numbers.isValid)
        numbers.append(2)
        #expect($numbers.isValid)
        @Validate(.count(in: 1...2)) var tags: [String]? = nil
        #expect($tags.errors.localizedDescriptions == ["Should be between 1 and 2"])
        tags = ["é", "ß"]
        #expect($tags.isValid)
        #expect(passes(.count(equalTo: 2) as Validation<Set<String>>, ["a", "b", "a"]))
        #expect(!passes(.count(lessThan: 1) as Validation<[String: Int]>, ["k": 1]))
        #expect(passes(.count(equalTo: 2) as Validation<Substring>, "Zoë"[...].dropFirst()))
    }

    @Test("as a property wrapper on a String")
    func wrapper() {
        @Validate(.count(in: 2...4)) var name: String = "Zoë"
        #expect($name.isValid)
        name = "Zoë😀👨‍👩‍👧"
        #expect($name.errors.localizedDescriptions == ["Should be between 2 and 4"])
    }
}

/// Whether `validation` accepts `value`.
func passes<Value>(_ validation: Validation<Value>, _ value: Value) -> Bool {
    (try? validation.validate(value)) != nil
}

/// The message `validation` throws for `value`, or nil when it passes.
func message<Value>(_ validation: Validation<Value>, _ value: Value) -> String? {
    do {
        try validation.validate(value)
        return nil
    } catch {
        return error.localizedDescription
    }
}
