#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-line progress display on stderr: rows, rows per second, percent of bytes read and
/// time left.
///
/// Shown only when stderr is a terminal (never in a pipe or a log file) and not `--quiet`;
/// redrawn at most ten times a second, and erased when the run ends.
package final class ProgressBar {
    private let totalBytes: Int?
    private let start = ContinuousClock.now
    private var lastDraw = ContinuousClock.now
    private var drawn = false

    /// A progress bar, or nil when it must not be shown.
    ///
    /// - Parameters:
    ///   - quiet: `--quiet` was given.
    ///   - totalBytes: the input's size, when known.
    package init?(quiet: Bool, totalBytes: Int?) {
        guard !quiet, SystemCall.isTerminal(STDERR_FILENO) else { return nil }
        self.totalBytes = totalBytes
    }

    /// Redraws the line if a tenth of a second has passed since the last time.
    func update(rows: Int, bytesRead: Int) {
        let now = ContinuousClock.now
        guard now - lastDraw >= .milliseconds(100) else { return }
        lastDraw = now
        let seconds = max(1e-9, (now - start).inSeconds)
        let rate = Double(rows) / seconds
        var line = "\(Formatting.grouped(rows)) rows  \(Formatting.rate(rate)) rows/s"
        if let totalBytes, totalBytes > 0 {
            let fraction = min(1, Double(bytesRead) / Double(totalBytes))
            line += "  \(Int(fraction * 100))%"
            if fraction > 0.001 {
                let left = seconds / fraction - seconds
                line += "  \(Formatting.duration(left)) left"
            }
        }
        draw(line)
    }

    /// Erases the line.
    func finish() {
        guard drawn else { return }
        draw("")
    }

    private func draw(_ line: String) {
        drawn = true
        var text = "\r\u{1B}[K" + line
        text.withUTF8 { bytes in
            _ = SystemCall.write(STDERR_FILENO, bytes.baseAddress!, bytes.count)
        }
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    package var inSeconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) * 1e-18
    }
}
