import FastCop
import Foundation

/// Replacing every run of whitespace with one space: `Pattern.replacing(in:with:)` against a
/// C loop over `pcre2_substitute_8` (the speed limit), `NSRegularExpression` and Swift's
/// `Regex`, on generated lines of about 80 characters.
enum ReplaceSection {
    /// What a method produced: Swift strings, or the C loop's output arena.
    enum Output {
        case strings([String])
        case arena(OutputArena)
    }

    static func run(_ arguments: Arguments) throws -> Table {
        let strings = DataSets.spacedText(count: arguments.count)
        let arena = ByteArena(strings)
        let source = #"\s+"#
        let replacement = " "

        let pattern = try Pattern(source)
        let reference = try CReferencePattern(source, whole: false)
        let foundation = try NSRegularExpression(pattern: source)
        let regex = try Regex(source, as: Substring.self)
        // The C loop writes into one buffer made before timing (no allocation per string).
        var cOutput = OutputArena(count: arena.count, capacity: arena.bytes.count + 64)

        let fastCop = "FastCop replacing(in:with:)"
        let cLoop = "C loop, pcre2_substitute_8"
        let nsRegex = "NSRegularExpression.stringByReplacingMatches"
        let swiftRegex = "Swift String.replacing(Regex, with:)"
        // SwiftFilter's RegexReplaceFilter on FastCop (issue 4); compiled on first use, as a user's would be.
        let filterName = "FastCop RegexReplaceFilter.apply(to:)"
        let filter = RegexReplaceFilter(pattern: source, replacement: replacement)
        let methods: [Method<Output>] = [
            Method(name: fastCop) { range in
                .strings(try strings[range].map { try pattern.replacing(in: $0, with: replacement) })
            },
            Method(name: cLoop) { range in
                try reference.substituteAll(arena, range, replacement: replacement, into: &cOutput)
                return .arena(cOutput)
            },
            Method(name: nsRegex) { range in
                .strings(
                    strings[range].map { string in
                        foundation.stringByReplacingMatches(
                            in: string, options: [], range: NSRange(location: 0, length: string.utf16.count),
                            withTemplate: replacement)
                    })
            },
            Method(name: swiftRegex) { range in
                .strings(strings[range].map { $0.replacing(regex, with: replacement) })
            },
            Method(name: filterName) { range in
                .strings(
                    try strings[range].map { string in
                        guard let replaced = try filter.apply(to: string) else {
                            throw Disagreement(
                                description: "replace: \(filterName) gave nil for \(string.debugDescription)")
                        }
                        return replaced
                    })
            },
        ]

        // Each chunk's outputs, as the first method gave them; the others must match byte for byte.
        var expected: [Int: [String]] = [:]
        let timings = try Stopwatch.bestOf(arguments, items: strings.count, methods: methods) {
            name, chunk, range, output in
            if let reference = expected[chunk] {
                try compare(output, with: reference, inputs: strings[range], method: name)
            } else if case .strings(let first) = output {
                expected[chunk] = first
            } else if case .arena(let outputs) = output {
                expected[chunk] = (0..<range.count).map { String(decoding: outputs.output($0), as: UTF8.self) }
            }
        }

        var table = Table.comparison(
            title: #"Replace runs of whitespace (\s+) with " ", "#
                + "\(Format.grouped(Double(strings.count))) strings of ~80 characters",
            item: "string", timings: timings, baseline: fastCop)
        let outputs = expected.keys.sorted().flatMap { expected[$0] ?? [] }
        let changed = zip(outputs, strings).filter { !SameBytes.check($0, $1) }.count
        table.notes.append(
            "Check: all \(timings.count) methods give identical outputs "
                + "(\(Format.grouped(Double(changed))) of \(Format.grouped(Double(strings.count))) strings changed).")
        if let mine = timings.seconds(filterName), let other = timings.seconds(nsRegex) {
            let speedup = Target.printed(other / mine)
            table.notes.append(
                Target.line(
                    "RegexReplaceFilter at least 7× faster than NSRegularExpression", speedup, met: speedup >= 7))
        }
        return table
    }

    private static func compare(
        _ output: Output, with expected: [String], inputs: ArraySlice<String>, method: String
    ) throws {
        func fail(_ offset: Int, _ got: String) -> Disagreement {
            Disagreement(
                description: "replace: \(method) gave \(got.debugDescription) for input "
                    + "\(inputs[inputs.startIndex + offset].debugDescription); expected "
                    + "\(expected[offset].debugDescription)")
        }
        switch output {
        case .strings(let strings):
            guard strings.count == expected.count else {
                throw Disagreement(description: "replace: \(method) gave \(strings.count) outputs")
            }
            for offset in strings.indices where !SameBytes.check(strings[offset], expected[offset]) {
                throw fail(offset, strings[offset])
            }
        case .arena(let arena):
            for offset in expected.indices where !SameBytes.check(expected[offset], arena.output(offset)) {
                throw fail(offset, String(decoding: arena.output(offset), as: UTF8.self))
            }
        }
    }
}
