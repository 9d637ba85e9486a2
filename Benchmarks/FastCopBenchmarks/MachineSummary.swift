import FastCop
import Foundation

/// The one line printed above the tables: what ran, where, and how it was timed.
enum MachineSummary {
    static func line(_ arguments: Arguments) -> String {
        let processor =
            ((try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? "")
            .split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown processor"
        return "fastcop-bench: \(Format.grouped(Double(arguments.count))) strings per data set, "
            + "\(arguments.rounds) rounds in chunks of \(Format.grouped(Double(arguments.chunk))), best time per chunk; "
            + "PCRE2 \(Pattern.engineVersion), "
            + "JIT \(Pattern.isJITSupported ? "on" : "off"); \(processor), "
            + "\(ProcessInfo.processInfo.activeProcessorCount) cores"
    }
}
