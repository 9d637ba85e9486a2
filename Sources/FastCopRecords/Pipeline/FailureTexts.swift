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
        let texts = names + messages
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, texts.reduce(0) { $0 + $1.utf8.count }))
        let ranges = UnsafeMutableBufferPointer<Range<Int>>.allocate(capacity: max(1, texts.count))
        var end = 0
        for (index, text) in texts.enumerated() {
            let start = end
            for byte in text.utf8 {
                bytes[end] = byte
                end += 1
            }
            ranges.initializeElement(at: index, to: start..<end)
        }
        self.bytes = UnsafeBufferPointer(bytes)
        self.ranges = UnsafeBufferPointer(ranges)
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
    func messageText(of failure: FieldFailure) -> String {
        switch failure.message {
        case .rules(let number): String(decoding: message(number), as: UTF8.self)
        case .text(let text): text
        }
    }
}
