/// A section's targets, checked on the measured ratios and printed under its table.
enum Target {
    /// `ratio` rounded as ``Format/ratio(_:)`` prints it, so that a verdict always agrees with
    /// the printed number (1.154 prints as 1.15× and meets "within 1.15×").
    static func printed(_ ratio: Double) -> Double {
        let scale = ratio >= 100 ? 1.0 : ratio >= 10 ? 10 : 100
        return (ratio * scale).rounded() / scale
    }

    /// "Target: `what`: 1.07× (met)." — `met` says whether the measured `ratio` reaches it.
    static func line(_ what: String, _ ratio: Double, met: Bool) -> String {
        "Target: \(what): \(Format.ratio(ratio)) " + (met ? "(met)" : "(NOT met)") + "."
    }
}

extension [Timing] {
    /// The best time of the method named `name`, in seconds; nil when it was not timed (left
    /// out with `--method`).
    func seconds(_ name: String) -> Double? {
        first { $0.name == name }?.best.seconds
    }
}
