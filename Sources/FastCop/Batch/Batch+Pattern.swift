extension Batch {
    /// Whether `pattern` matches the whole of each input, in input order.
    ///
    /// An input on which the pattern reaches a limit counts as not matching (fails closed);
    /// use ``report(_:wholeMatching:message:)`` to learn which and why.
    public func hasWholeMatch(_ pattern: Pattern, in inputs: [String]) -> [Bool] {
        testEach(inputs) { (try? pattern.hasWholeMatch(in: $0)) ?? false }
    }

    /// Whether `pattern` matches anywhere in each input, in input order (limits fail closed).
    public func hasMatch(_ pattern: Pattern, in inputs: [String]) -> [Bool] {
        testEach(inputs) { (try? pattern.hasMatch(in: $0)) ?? false }
    }

    /// `test` on every input, with the loop over each chunk inlined here (no closure call
    /// through ``map(_:_:)`` per element, which would retain and release every string).
    @inline(__always)
    func testEach(_ inputs: [String], _ test: @Sendable (String) -> Bool) -> [Bool] {
        inputs.withUnsafeBufferPointer { buffer in
            let elements = SharedElements(buffer: buffer)
            return [Bool](unsafeUninitializedCapacity: buffer.count) { results, initialized in
                let slots = DisjointSlots(base: results.baseAddress)
                runner.run(count: buffer.count) { _, range in
                    for index in range { slots.initialize(index, to: test(elements.buffer[index])) }
                }
                initialized = buffer.count
            }
        }
    }

    /// Checks that `pattern` matches the whole of each input; a failure says `message`, or why
    /// the pattern gave up.
    public func report(_ inputs: [String], wholeMatching pattern: Pattern, message: String) -> BatchReport {
        report(inputs) { input in
            try pattern.hasWholeMatch(in: input) ? [] : [BatchIssue(message: message, rule: pattern.source)]
        }
    }

    /// Replaces matches of `pattern` in each input with `template` (NSRegularExpression-style,
    /// see ``Pattern/replacing(in:with:)``), in input order.
    ///
    /// - Throws: ``PatternError`` for a bad template (checked once, before any work), or the
    ///   first limit error in input order.
    public func replacing(_ pattern: Pattern, in inputs: [String], with template: String) throws -> [String] {
        let code = try pattern.searchCode
        let prepared = try ReplacementTemplate(
            template, captureCount: code.captureCount, groupNames: code.groupNumbers, pattern: pattern.source)
        let results = map(inputs) { input in
            Result { try pattern.replacing(in: input, prepared: prepared) }
        }
        return try results.map { try $0.get() }
    }
}
