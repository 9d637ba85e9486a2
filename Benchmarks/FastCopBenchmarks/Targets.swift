/// A section's targets, checked on the measured ratios and printed under its table.
enum Target {
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
