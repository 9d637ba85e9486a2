/// A table of results, printed as aligned text or as Markdown (for docs/benchmarks.md).
struct Table {
    var title: String
    var headers: [String]
    var rows: [[String]] = []
    /// Lines printed under the table (checks, verdicts).
    var notes: [String] = []

    /// Columns after the first are right-aligned (they hold numbers).
    func render(markdown: Bool) -> String {
        var lines: [String] = []
        if markdown {
            lines.append("#### \(title)")
            lines.append("")
            lines.append("| " + headers.joined(separator: " | ") + " |")
            lines.append("| " + headers.indices.map { $0 == 0 ? "---" : "---:" }.joined(separator: " | ") + " |")
            for row in rows { lines.append("| " + row.joined(separator: " | ") + " |") }
            if !notes.isEmpty { lines.append("") }
            for note in notes { lines.append("- " + note) }
        } else {
            var widths = headers.map(\.count)
            for row in rows {
                for (column, cell) in row.enumerated() where column < widths.count {
                    widths[column] = max(widths[column], cell.count)
                }
            }
            func line(_ cells: [String]) -> String {
                cells.enumerated().map { column, cell in
                    let padding = String(repeating: " ", count: max(0, widths[column] - cell.count))
                    return column == 0 ? cell + padding : padding + cell
                }.joined(separator: "   ")
            }
            lines.append("== \(title)")
            lines.append(line(headers))
            lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "   "))
            for row in rows { lines.append(line(row)) }
            for note in notes { lines.append("  " + note) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Number formatting without Foundation's locale-dependent formatters.
enum Format {
    /// 1234567.8 -> "1,234,568".
    static func grouped(_ value: Double) -> String {
        let digits = String(Int(value.rounded()))
        var result = ""
        for (offset, digit) in digits.reversed().enumerated() {
            if offset > 0 && offset % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return String(result.reversed())
    }

    /// `value` with `places` decimals.
    static func fixed(_ value: Double, _ places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        if places == 0 { return String(scaled) }
        let sign = scaled < 0 ? "-" : ""
        let magnitude = abs(scaled)
        let whole = magnitude / Int(scale)
        let fraction = String(magnitude % Int(scale))
        return sign + String(whole) + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }

    /// A ratio: "1.07×".
    static func ratio(_ value: Double) -> String {
        (value >= 100 ? fixed(value, 0) : value >= 10 ? fixed(value, 1) : fixed(value, 2)) + "×"
    }
}

extension Table {
    /// The usual comparison table: one row per method, with throughput, time per item and
    /// time as a multiple of `baseline`'s (the method the section is about: FastCop), whose
    /// short name `versus` heads that column.
    static func comparison(
        title: String, item: String, timings: [Timing], baseline: String, versus: String = "FastCop"
    ) -> Table {
        let base = timings.first { $0.name == baseline }?.best.seconds
        var table = Table(
            title: title, headers: ["Method", "\(item)s/s", "ns/\(item)", "time vs \(versus)", "rounds"])
        for timing in timings {
            table.rows.append([
                timing.name, Format.grouped(timing.itemsPerSecond), Format.fixed(timing.nanosecondsPerItem, 1),
                base.map { Format.ratio(timing.best.seconds / $0) } ?? "-", String(timing.rounds),
            ])
        }
        return table
    }
}
