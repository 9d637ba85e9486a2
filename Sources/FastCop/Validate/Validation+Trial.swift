extension Validation {
    /// Any SwiftCop trial as a validation: passes when the trial passes, and fails with
    /// `message` otherwise.
    ///
    /// ```swift
    /// @Validate(.trial(Trial.email && .length(.maximum, 254), message: "Invalid email"))
    /// var email: String = ""
    /// ```
    ///
    /// A trial that cannot decide fails closed, and users only ever see `message`: the
    /// ``ValidationError``'s ``ValidationError/underlyingError`` is why (the ``PatternError`` of
    /// a broken pattern, or of a match that reached a limit). A trial that cannot be prepared
    /// at all (a broken `Trial.format` pattern) fails every value, and the developer is told
    /// once, when the validation is made, through ``ValidationDiagnostics``; prepare it with
    /// ``ExplainingTrial/makeEvaluator()`` to have that error thrown instead.
    ///
    /// FastCop addition: the bridge between SwiftCop's `Trial` and Validate's `Validation`.
    public static func trial(_ trial: some ExplainingTrial, message: String) -> Validation<String> {
        let failure: any Error = ValidationError(description: message)
        let evaluator: TrialEvaluator
        do {
            evaluator = try trial.makeEvaluator()
        } catch {
            let broken: any Error = ValidationError(description: message, underlyingError: error)
            ValidationDiagnostics.report(
                .init(origin: "Validation.trial(_:message:)", userMessage: message, error: error))
            return Validation<String> { _ in throw broken }
        }
        return Validation<String> { value in
            let passed: Bool
            do {
                passed = try evaluator(value)
            } catch {
                throw ValidationError(description: message, underlyingError: error)
            }
            guard passed else { throw failure }
        }
    }

    /// A trial that only offers SwiftCop's `trial()` closure (a `TrialProtocol` of your own)
    /// as a validation: passes when the closure returns true, fails with `message` otherwise.
    ///
    /// The closure is made once, here; it must be safe to call from the threads that set the
    /// wrapped value.
    public static func trial(_ trial: some TrialProtocol, message: String) -> Validation<String> {
        let closure = UncheckedSendableClosure(trial.trial())
        return Validation<String> { value in
            guard closure.call(value) else { throw ValidationError(description: message) }
        }
    }

    /// The same on an optional string; nil fails with `message` (wrap it in `ifPresent(_:)` to
    /// let nil and "" pass).
    public static func trial(_ trial: some ExplainingTrial, message: String) -> Validation<String?> {
        let present: Validation<String> = Validation<String>.trial(trial, message: message)
        return present.requiringValue(orThrow: ValidationError(description: message))
    }
}

/// A `TrialProtocol` closure carried into a `@Sendable` validation.
///
/// @unchecked Sendable: `TrialProtocol` predates Swift concurrency and its closures are not
/// marked `@Sendable`; the documentation of ``Validation/trial(_:message:)-(TrialProtocol,_)``
/// asks that such a trial be safe to call from the threads that use the validation.
private struct UncheckedSendableClosure: @unchecked Sendable {
    let body: (String) -> Bool
    init(_ body: @escaping (String) -> Bool) { self.body = body }
    func call(_ value: String) -> Bool { body(value) }
}
