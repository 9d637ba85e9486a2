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
}
