/// The `async` forms of the batch methods over strings that have none beside their blocking
/// form (``map(_:_:)``, ``report(_:_:)``, ``report(_:rules:)`` and ``clean(_:filter:rules:)``
/// have theirs beside them).
///
/// Each runs its blocking form on a Dispatch thread (``offloaded(_:)``) and resumes when it is
/// done, so that a batch of a million strings does not hold one of Swift concurrency's
/// cooperative threads; the results and errors are the blocking form's.
///
/// ```swift
/// let valid = await Batch().hasWholeMatch(email, in: addresses)
/// let cleaned = try await Batch().apply(chain, to: addresses)
/// ```
extension Batch {
    /// The `async` form of ``hasWholeMatch(_:in:)``.
    public func hasWholeMatch(_ pattern: Pattern, in inputs: [String]) async -> [Bool] {
        await offloaded { self.hasWholeMatch(pattern, in: inputs) }
    }

    /// The `async` form of ``hasMatch(_:in:)``.
    public func hasMatch(_ pattern: Pattern, in inputs: [String]) async -> [Bool] {
        await offloaded { self.hasMatch(pattern, in: inputs) }
    }

    /// The `async` form of ``report(_:wholeMatching:message:)-93d55``.
    public func report(_ inputs: [String], wholeMatching pattern: Pattern, message: String) async -> BatchReport {
        await offloaded { self.report(inputs, wholeMatching: pattern, message: message) }
    }

    /// The `async` form of ``replacing(_:in:with:)``.
    public func replacing(_ pattern: Pattern, in inputs: [String], with template: String) async throws -> [String] {
        try await offloadedThrowing { try self.replacing(pattern, in: inputs, with: template) }
    }

    /// The `async` form of ``evaluate(_:on:)``.
    public func evaluate(_ trial: some ExplainingTrial, on inputs: [String]) async throws -> [Bool] {
        try await offloadedThrowing { try self.evaluate(trial, on: inputs) }
    }

    /// The `async` form of ``apply(_:to:)``.
    public func apply(_ filter: some FilterType, to inputs: [String]) async throws -> [String?] {
        try await offloadedThrowing { try self.apply(filter, to: inputs) }
    }

    /// ``offloaded(_:)`` for work that throws: the error comes back to the caller.
    func offloadedThrowing<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await offloaded { Result { try work() } }.get()
    }
}
