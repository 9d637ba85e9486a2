import FastCop
import Synchronization
import Testing

/// A validation that counts how often it ran (to see validation at init and on every set).
private final class RunCounter: Sendable {
    private let runs = Mutex(0)
    var count: Int { runs.withLock { $0 } }
    var validation: Validation<String> {
        Validation { _ in self.runs.withLock { $0 += 1 } }
    }
}

private let failing = Validation<String> { _ in throw ValidationError(description: "always") }

@Suite("Validate: the property wrapper")
struct ValidateWrapperTests {
    @Test("validates at init")
    func validatesAtInit() {
        @Validate(.presence()) var name: String = ""
        #expect(!_name.isValid)
        #expect(_name.errors.localizedDescriptions == ["Can't be blank"])
        @Validate(.presence()) var other: String = "Zoë"
        #expect($other.isValid)
        #expect($other.errors.isEmpty)
    }

    @Test("validates on every set, also when the value does not change")
    func validatesOnSet() {
        let counter = RunCounter()
        @Validate(counter.validation, .count(greaterThan: 2)) var name: String = "ab"
        #expect(counter.count == 1)
        #expect(!$name.isValid)
        name = "abc"
        #expect(counter.count == 2)
        #expect($name.isValid)
        name = "abc"
        #expect(counter.count == 3)
        name = "a"
        #expect(name == "a")
        #expect($name.errors.localizedDescriptions == ["Should be greater than 2"])
    }

    @Test("errors come in the order of the validations; passing ones add nothing")
    func errorOrder() {
        @Validate(.count(greaterThan: 5), .presence(), failing, .count(lessThan: 1)) var text: String = "ß"
        #expect($text.errors.localizedDescriptions == ["Should be greater than 5", "always", "Should be less than 1"])
        #expect($text.errors.count == 3)
    }

    @Test("copies share the value, the errors and validation")
    func copiesShareState() {
        @Validate(.presence()) var name: String = ""
        let copy = $name
        let second = copy
        copy.wrappedValue = "é"
        #expect(name == "é")
        #expect(_name.isValid)
        #expect(second.isValid)
        second.wrappedValue = ""
        #expect(copy.wrappedValue.isEmpty)
        #expect(!$name.isValid)
    }

    @Test("a struct copy shares its wrapped properties, as the original's Validator class")
    func structCopiesShare() {
        struct Form {
            @Validate(.count(in: 1...3)) var code: String = ""
        }
        let form = Form()
        let copy = form
        copy.code = "😀😀"
        #expect(form.code == "😀😀")
        #expect(form.$code.isValid)
    }

    @Test("the (_:validations:) initializers, Optional variants included")
    func valueInitializers() {
        let name = Validate("", validations: .presence())
        #expect(!name.isValid)
        let age = Validate<Int?>(nil, validations: .presence())
        #expect(age.errors.localizedDescriptions == ["Can't be blank"])
        age.wrappedValue = 42
        #expect(age.isValid)
        let none = Validate("x")
        #expect(none.isValid)
        @Validate("é", validations: .count(equalTo: 1)) var letter: String
        #expect($letter.isValid)
    }

    @Test("the Optional init(wrappedValue:_:)")
    func optionalWrappedValue() {
        @Validate(.presence()) var age: Int? = nil
        #expect(!$age.isValid)
        age = 7
        #expect($age.isValid)
        @Validate(.count(lessThan: 3)) var tags: [String]? = ["a", "b", "c"]
        #expect($tags.errors.localizedDescriptions == ["Should be less than 3"])
        tags = nil
        #expect(!$tags.isValid)
    }

    @Test("== compares the wrapped values only")
    func equatable() {
        let valid = Validate("abc", validations: .count(equalTo: 3))
        let invalid = Validate("abc", validations: .count(equalTo: 4))
        #expect(valid == invalid)
        #expect(valid != Validate("abd"))
    }

    @Test("a Validate of a Sendable value can be set from many tasks; value and errors stay together")
    func concurrentSets() async {
        let shared = Validate("", validations: .count(greaterThan: 4))
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask { shared.wrappedValue = String(repeating: "é", count: index % 10) }
            }
        }
        let value = shared.wrappedValue
        #expect(shared.isValid == (value.count > 4))
    }

    @Test("concurrent sets, reads and a handler: every value read has its own errors")
    func concurrentSetsReadsAndHandler() async {
        let shared = Validate("", validations: .format(#"\A[a-z]+@[a-z]+\.[a-z]{2,}\z"#, message: "Bad email"))
        let calls = Mutex(0)
        shared.onErrorsChange { _ in calls.withLock { $0 += 1 } }
        let values = ["ada@example.com", "ada@", "zoë@example.com", "bob@example.org", ""]
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    for step in 0..<100 {
                        if (index + step).isMultiple(of: 3) {
                            // Reads: the errors always belong to one of the values, whole.
                            let errors = shared.errors.localizedDescriptions
                            #expect(errors == [] || errors == ["Bad email"])
                            _ = shared.isValid
                        } else {
                            shared.wrappedValue = values[(index + step) % values.count]
                        }
                    }
                }
            }
        }
        let value = shared.wrappedValue
        let valid = ["ada@example.com", "bob@example.org"].contains(value)
        #expect(shared.isValid == valid)
        #expect(shared.errors.localizedDescriptions == (valid ? [] : ["Bad email"]))
        #expect(calls.withLock { $0 } > 0)
    }
}
