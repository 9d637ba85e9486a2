/// The rule fields' names and the rules' messages as UTF-8, read when a rejected row is
/// written: plain buffers, so that reading one costs no reference counting (see
/// ``FieldFailure``). ``FieldPlans`` makes them and frees them; they are never changed, so
/// sharing them between threads is safe (`@unchecked Sendable`).
///
/// The messages are numbered field by field: a field's message when its value is missing or
/// empty, then its trials' messages in order (``FieldPlan/firstMessage``).
package struct FailureTexts: @unchecked Sendable {
    /// All the texts, one after the other.
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Field `i`'s name is `bytes[ranges[i]]`; message `n` is `bytes[ranges[fieldCount + n]]`.
    private let ranges: UnsafeBufferPointer<Range<Int>>
    private let fieldCount: Int

    /// Buffers holding `names` and `messages` (free them with ``deallocate()``).
    init(names: [String], messages: [String]) {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for text in names + messages {
            let start = bytes.count
            bytes += text.utf8
            ranges.append(start..<bytes.count)
        }
        self.bytes = FieldPlans.buffer(bytes)
        self.ranges = FieldPlans.buffer(ranges)
        fieldCount = names.count
    }

    /// Frees the buffers (once, when no thread reads them any more).
    func deallocate() {
        bytes.deallocate()
        ranges.deallocate()
    }

    /// Field `field`'s name, as UTF-8.
    func name(_ field: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[ranges[field]])
    }

    /// Message `number`, as UTF-8.
    private func message(_ number: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[ranges[fieldCount + number]])
    }

    /// The text of `message`.
    func text(of message: FieldFailure.Message) -> String {
        switch message {
        case .rules(let number): String(decoding: self.message(number), as: UTF8.self)
        case .text(let text): text
        }
    }

    /// Calls `body` with `failure`'s message as UTF-8.
    func withMessage<Result>(
        of failure: FieldFailure, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        switch failure.message {
        case .rules(let number): return try body(message(number))
        case .text(var text): return try text.withUTF8(body)
        }
    }

    /// Field `field`'s name.
    func nameText(_ field: Int) -> String {
        String(decoding: name(field), as: UTF8.self)
    }

    /// `failure`'s message.
    func messageText(of failure: FieldFailure) -> String { text(of: failure.message) }
}
