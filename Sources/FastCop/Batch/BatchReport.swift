/// Why one input failed in a batch: which check rejected it, or the error that stopped it.
public struct BatchIssue: Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure, as an extensible set.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// A short name such as "rejected".
        public let description: String
        init(_ description: String) { self.description = description }

        /// A trial or pattern rejected the input (the ordinary failure).
        public static let rejected = Kind("rejected")
        /// A pattern gave up on the input at a match, depth or heap limit; the input fails closed.
        public static let limit = Kind("limit")
        /// The input bytes are not valid UTF-8.
        public static let invalidUTF8 = Kind("invalid UTF-8")
        /// Any other error (a broken pattern, a filter that threw).
        public static let error = Kind("error")
    }

    /// The kind of failure.
    public var kind: Kind
    /// The message to show, such as "Invalid email".
    public var message: String
    /// The rule or field concerned, when the caller named one.
    public var rule: String?

    /// Creates an issue.
    public init(kind: Kind = .rejected, message: String, rule: String? = nil) {
        self.kind = kind
        self.message = message
        self.rule = rule
    }

    /// An issue for an error thrown while checking: limits, invalid UTF-8 and other errors
    /// are told apart.
    public init(error: any Error, rule: String? = nil) {
        if let pattern = error as? PatternError {
            kind = pattern.isLimit ? .limit : pattern.kind == .invalidUTF8 ? .invalidUTF8 : .error
            message = pattern.description
        } else {
            kind = .error
            message = "\(error)"
        }
        self.rule = rule
    }

    /// "rule: message", or the message alone when there is no rule or the rule's name is the
    /// message (a ``TrialRule``'s name defaults to its message: "Invalid email" is not printed
    /// twice).
    public var description: String {
        guard let rule, rule != message else { return message }
        return "\(rule): \(message)"
    }
}

/// The outcome of checking a batch: how many passed, and for each failure, where and why.
///
/// Only failures are stored, so a report costs memory in proportion to the failures, not the
/// inputs.
public struct BatchReport: Sendable {
    /// One failed input.
    public struct Failure: Sendable, Hashable {
        /// The input's index (0-based) in the batch.
        public var index: Int
        /// Why it failed; at least one issue.
        public var issues: [BatchIssue]
    }

    /// How many inputs were checked.
    public let count: Int
    /// The failures, in input order.
    public let failures: [Failure]

    /// How many inputs passed.
    public var validCount: Int { count - failures.count }
    /// How many inputs failed.
    public var invalidCount: Int { failures.count }
    /// True when every input passed.
    public var allValid: Bool { failures.isEmpty }
}

extension Batch {
    /// Checks every input with `check`, which returns nil when the input passes and the
    /// reasons when it fails (or throws, which counts as a failure with that error as reason).
    ///
    /// ```swift
    /// let report = Batch().report(rows) { row in
    ///     try email.hasWholeMatch(in: row) ? [] : [BatchIssue(message: "Invalid email")]
    /// }
    /// for failure in report.failures { print("row \(failure.index + 1): \(failure.issues[0])") }
    /// ```
    ///
    /// - Complexity: O(*n*) checks spread over the workers; memory in proportion to failures.
    public func report(
        _ inputs: [String], _ check: @Sendable (String) throws -> [BatchIssue]
    ) -> BatchReport {
        collectFailures(inputs) { range, inputs, failures in
            for index in range {
                let issues: [BatchIssue]
                do {
                    issues = try check(inputs[index])
                } catch {
                    issues = [BatchIssue(error: error)]
                }
                if !issues.isEmpty { failures.append(.init(index: index, issues: issues)) }
            }
        }
    }

    /// A report of `inputs` built chunk by chunk: `chunk(range, inputs, failures)` appends
    /// the failures among `range`, in order, with the per-input loop inlined in it.
    @inline(__always)
    func collectFailures(
        _ inputs: [String],
        _ chunk:
            @Sendable (
                _ range: Range<Int>, _ inputs: SharedElements<String>, _ failures: ChunkValues<BatchReport.Failure>
            ) -> Void
    ) -> BatchReport {
        let failures: [BatchReport.Failure] = inputs.withUnsafeBufferPointer { buffer in
            let elements = SharedElements(buffer: buffer)
            return runner.collect(count: buffer.count) { range, found in chunk(range, elements, found) }
        }
        return BatchReport(count: inputs.count, failures: failures)
    }

    /// The `async` form of ``report(_:_:)``.
    public func report(
        _ inputs: [String], _ check: @escaping @Sendable (String) throws -> [BatchIssue]
    ) async -> BatchReport {
        await offloaded { self.report(inputs, check) }
    }
}

extension BatchReport {
    /// How many inputs failed one rule, as ``BatchReport/countsByRule`` gives it.
    public struct RuleCount: Sendable, Hashable {
        /// The rule: the issue's ``BatchIssue/rule``, or its message when it names none.
        public let rule: String
        /// How many inputs failed it (an input counted once per rule).
        public let count: Int
        /// The first failing input's index.
        public let firstIndex: Int

        /// A count of `count` inputs failing `rule`, the first at `firstIndex`.
        public init(rule: String, count: Int, firstIndex: Int) {
            self.rule = rule
            self.count = count
            self.firstIndex = firstIndex
        }
    }

    /// The inputs that failed each rule, the rule failing most first (ties: the rule that failed
    /// first, then by name), as `fastcop clean`'s report counts them.
    ///
    /// ```swift
    /// for entry in report.countsByRule.prefix(3) { print("\(entry.rule): \(entry.count)") }
    /// ```
    ///
    /// - Complexity: O(*f*) in the failures' issues, each time it is read.
    public var countsByRule: [RuleCount] {
        var counts: [String: (count: Int, first: Int)] = [:]
        for failure in failures {
            var seen: Set<String> = []
            for issue in failure.issues {
                let rule = issue.rule ?? issue.message
                guard seen.insert(rule).inserted else { continue }
                counts[rule, default: (0, failure.index)].count += 1
            }
        }
        return counts.map { RuleCount(rule: $0.key, count: $0.value.count, firstIndex: $0.value.first) }
            .sorted {
                $0.count != $1.count
                    ? $0.count > $1.count
                    : $0.firstIndex != $1.firstIndex ? $0.firstIndex < $1.firstIndex : $0.rule < $1.rule
            }
    }
}
