/// Number and time formatting for summaries and the progress bar (no locale: the output is
/// the same on every machine).
package enum Formatting {
    /// `1234567` as `1,234,567`.
    package static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// A rate per second: a whole number from 10 up (`12,345`), else with the decimals that
    /// show it (`2.5`, `0.75`, `< 0.01`), so that a slow input (3 rows in 4 s from a pipe) is
    /// not shown as 0 per second.
    package static func rate(_ perSecond: Double) -> String {
        guard perSecond.isFinite, perSecond > 0 else { return "0" }
        if perSecond >= 9.95 { return grouped(Int(perSecond.rounded())) }
        if perSecond >= 0.995 { return fixed(perSecond, decimals: 1) }
        if perSecond >= 0.005 { return fixed(perSecond, decimals: 2) }
        return "< 0.01"
    }

    /// Seconds as `0:07` or `1:02:03`.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up).clamped(to: 0...(99 * 3600)))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
    }

    /// `x` with `decimals` digits after the point.
    package static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value.magnitude * scale).rounded()
        let whole = Int(scaled / scale)
        var fraction = String(Int(scaled) - whole * Int(scale))
        while fraction.count < decimals { fraction = "0" + fraction }
        let sign = value < 0 && scaled > 0 ? "-" : ""
        return decimals == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }
}

extension Comparable {
    /// The value limited to `range`.
    package func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
