extension Batch {
    /// Whether `pattern` matches the whole of each input, in input order.
    ///
    /// An input on which the pattern reaches a limit counts as not matching (fails closed);
    /// use ``report(_:wholeMatching:message:)-93d55`` to learn which and why.
    public func hasWholeMatch(_ pattern: Pattern, in inputs: [String]) -> [Bool] {
        matchEach(pattern, whole: true, in: inputs)
    }

    /// Whether `pattern` matches anywhere in each input, in input order (limits fail closed).
    public func hasMatch(_ pattern: Pattern, in inputs: [String]) -> [Bool] {
        matchEach(pattern, whole: false, in: inputs)
    }

    /// One match per input, with the compiled form and the thread's scratch found once per
    /// chunk (``ChunkMatcher``) and the loop over the chunk inlined here.
    private func matchEach(_ pattern: Pattern, whole: Bool, in inputs: [String]) -> [Bool] {
        // The other form of a pattern that compiled once compiles too; if it did not, every
        // input fails closed, as `try?` on each would give.
        guard let code = try? (whole ? pattern.wholeCode : pattern.searchCode) else {
            return Array(repeating: false, count: inputs.count)
        }
        let borrowed = Unmanaged.passUnretained(code)
        return withExtendedLifetime(code) {
            fill(inputs) { range, inputs, results in
                ChunkMatcher.with(borrowed) { code, scratch in
                    for index in range {
                        let matched = (try? ChunkMatcher.test(inputs[index], code: code, scratch: scratch)) ?? false
                        results.initialize(index, to: matched)
                    }
                }
            }
        }
    }

    /// Checks that `pattern` matches the whole of each input; a failure says `message`, or why
    /// the pattern gave up.
    ///
    /// A rejected input's issue is `message` alone: its ``BatchIssue/rule`` is nil, so neither
    /// the issue's ``BatchIssue/description`` nor ``BatchReport/countsByRule`` shows the pattern
    /// to whoever reads the report ("Invalid phone number", not the regex in front of it). An
    /// input on which the pattern reaches a limit has an issue of kind
    /// ``BatchIssue/Kind/limit`` that says so.
    ///
    /// ```swift
    /// let phone = try Pattern(#"\+?[0-9 ()-]{7,20}"#)
    /// let report = Batch().report(["+1 555 0100", "call me"], wholeMatching: phone, message: "Invalid phone number")
    /// report.failures[0].issues[0].description   // "Invalid phone number"
    /// ```
    public func report(_ inputs: [String], wholeMatching pattern: Pattern, message: String) -> BatchReport {
        let code: CompiledCode
        do {
            code = try pattern.wholeCode
        } catch {
            // The other form of a pattern that compiled once compiles too; report, never crash.
            return report(inputs) { _ in throw error }
        }
        let borrowed = Unmanaged.passUnretained(code)
        // No rule: the pattern is the developer's, not for the report's readers.
        let rejected = [BatchIssue(message: message)]
        return withExtendedLifetime(code) {
            collectFailures(inputs) { range, inputs, failures in
                ChunkMatcher.with(borrowed) { code, scratch in
                    for index in range {
                        do {
                            if try !ChunkMatcher.test(inputs[index], code: code, scratch: scratch) {
                                failures.append(.init(index: index, issues: rejected))
                            }
                        } catch let failure as EngineFailure {
                            let error = PatternError(failure, pattern: pattern.source)
                            failures.append(.init(index: index, issues: [BatchIssue(error: error)]))
                        } catch {
                            failures.append(.init(index: index, issues: [BatchIssue(error: error)]))
                        }
                    }
                }
            }
        }
    }

    /// Replaces matches of `pattern` in each input with `template` (NSRegularExpression-style,
    /// see ``Pattern/replacing(in:with:)``), in input order.
    ///
    /// - Throws: ``PatternError`` for a bad template (checked once, before any work), or the
    ///   first limit error in input order (every input is still run).
    public func replacing(_ pattern: Pattern, in inputs: [String], with template: String) throws -> [String] {
        let replacement = try pattern.replacement(for: template)
        let failure = FirstFailure()
        let results: [String] = fill(inputs) { range, inputs, results in
            var failed = false
            for index in range {
                do {
                    results.initialize(
                        index,
                        to: try pattern.substitute(
                            in: inputs[index], replacement: replacement.text, literal: replacement.literal))
                } catch {
                    results.initialize(index, to: inputs[index])
                    if !failed { failure.record(error, at: index) }
                    failed = true
                }
            }
        }
        try failure.check()
        return results
    }
}
