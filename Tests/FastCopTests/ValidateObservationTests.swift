import FastCop
import Synchronization
import Testing

/// Records what handlers receive.
private final class Recorder: Sendable {
    private let calls = Mutex<[[String]]>([])
    var received: [[String]] { calls.withLock { $0 } }
    func record(_ errors: [any Error]) {
        calls.withLock { $0.append(errors.localizedDescriptions) }
    }
}

@Suite("Validate: onErrorsChange")
struct ValidateObservationTests {
    @Test("called when the errors change, not when they stay the same, not at init")
    func calledOnChange() {
        let recorder = Recorder()
        @Validate(.count(greaterThan: 2)) var name: String = ""
        $name.onErrorsChange { recorder.record($0) }
        #expect(recorder.received.isEmpty)
        name = "a"  // still too short: same error
        #expect(recorder.received.isEmpty)
        name = "ßéñ"  // now valid
        #expect(recorder.received == [[]])
        name = "中文字"  // still valid
        #expect(recorder.received == [[]])
        name = ""
        #expect(recorder.received == [[], ["Should be greater than 2"]])
    }

    @Test("a change of message counts as a change")
    func messageChange() {
        let recorder = Recorder()
        @Validate(.count(greaterThan: 1), .count(lessThan: 4)) var word: String = ""
        $word.onErrorsChange { recorder.record($0) }
        word = "abcde"
        #expect(recorder.received == [["Should be less than 4"]])
    }

    @Test("handlers are shared by copies and may read the wrapper")
    func sharedByCopies() {
        let recorder = Recorder()
        @Validate(.presence()) var name: String = ""
        let copy = $name
        copy.onErrorsChange { errors in
            // Reading the wrapper from the handler must not deadlock.
            recorder.record(errors + (copy.isValid ? [] : [ValidationError(description: "still invalid")]))
        }
        name = "Zoë"
        #expect(recorder.received == [[]])
        _name.wrappedValue = ""
        #expect(recorder.received == [[], ["Can't be blank", "still invalid"]])
    }

    @Test("cancel stops the handler; other handlers go on")
    func cancel() {
        let first = Recorder()
        let second = Recorder()
        @Validate(.presence()) var name: String = ""
        let observation = $name.onErrorsChange { first.record($0) }
        $name.onErrorsChange { second.record($0) }
        name = "x"
        observation.cancel()
        observation.cancel()
        name = ""
        #expect(first.received == [[]])
        #expect(second.received == [[], ["Can't be blank"]])
    }

    @Test("values that fail and pass in turn keep their own errors, with and without handlers")
    func failAndPassInTurn() throws {
        let runaway = String(repeating: "a", count: 30) + "!"
        // Each value's expected messages and whether a match limit is underneath.
        let steps: [(value: String, messages: [String], limit: Bool)] = [
            ("ada@example.com", [], false), ("ada@", ["Bad email"], false), ("zoë@example.com", ["Bad email"], false),
            ("bob@example.org", [], false), ("x", ["Bad email"], false), (runaway, ["Bad email"], true),
            ("ada@", ["Bad email"], false), ("", ["Bad email", "Can't be blank"], false),
            ("ada@", ["Bad email"], false),
        ]
        let recorder = Recorder()
        @Validate(.format(#"\A[a-z]+@[a-z]+\.[a-z]+\z|\A(a+)+\z"#, message: "Bad email")) var alone: String = ""
        @Validate(.format(#"\A[a-z]+@[a-z]+\.[a-z]+\z|\A(a+)+\z"#, message: "Bad email"), .presence())
        var twoRules: String = ""
        $twoRules.onErrorsChange { recorder.record($0) }
        var expectedCalls: [[String]] = []
        var previous = $twoRules.errors.localizedDescriptions
        for step in steps {
            alone = step.value
            twoRules = step.value
            let aloneMessages = step.messages.filter { $0 != "Can't be blank" }
            #expect($alone.errors.localizedDescriptions == aloneMessages, "\(step.value)")
            #expect($alone.isValid == aloneMessages.isEmpty)
            #expect($twoRules.errors.localizedDescriptions == step.messages, "\(step.value)")
            #expect($twoRules.isValid == step.messages.isEmpty)
            let underlying = ($alone.errors.first as? ValidationError)?.underlyingError as? PatternError
            #expect((underlying?.isLimit ?? false) == step.limit, "\(step.value)")
            if step.messages != previous { expectedCalls.append(step.messages) }
            previous = step.messages
        }
        #expect(recorder.received == expectedCalls)
    }
}
