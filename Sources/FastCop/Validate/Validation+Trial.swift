extension Validation {
    /// Any SwiftCop trial as a validation: passes when the trial passes, and fails with
    /// `message` otherwise.
    ///
    /// ```swift
    /// @Validate(.trial(Trial.email && .length(.maximum, 254), message: "Invalid email"))
    /// var email: String = ""
    /// ```
    ///
    /// A trial that cannot decide (a broken pattern, a pattern limit) fails closed with a
    /// ``ValidationError`` that says why, carrying the ``PatternError`` as its underlying error.
    ///
    /// FastCop addition: the bridge between SwiftCop's `Trial` and Validate's `Validation`.
    public static func trial(_ trial: some ExplainingTrial, message: String) -> Validation<String> {
        let evaluator = Result { try trial.makeEvaluator() }
        return Validation<String> { value in
            let passed: Bool
            do {
                passed = try evaluator.get()(value)
            } catch {
                throw ValidationError(description: "Could not be checked: \(error)", underlyingError: error)
            }
            guard passed else { throw ValidationError(description: message) }
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
