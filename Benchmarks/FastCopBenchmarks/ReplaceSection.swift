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
        let methods: [Method<Output>] = [
            Method(name: fastCop) {
                .strings(try strings.map { try pattern.replacing(in: $0, with: replacement) })
            },
            Method(name: cLoop) {
                try reference.substituteAll(arena, replacement: replacement, into: &cOutput)
                return .arena(cOutput)
            },
            Method(name: nsRegex) {
                .strings(
                    strings.map { string in
                        foundation.stringByReplacingMatches(
                            in: string, options: [], range: NSRange(location: 0, length: string.utf16.count),
                            withTemplate: replacement)
                    })
            },
            Method(name: swiftRegex) {
                .strings(strings.map { $0.replacing(regex, with: replacement) })
            },
            // RegexReplaceFilter: the lead adds its line HERE, for example:
            // Method(name: "FastCop RegexReplaceFilter") { .strings(strings.map { filter.filter($0) }) },
        ]

        var expected: [String]?
        let timings = try Stopwatch.bestOf(arguments, items: strings.count, methods: methods) {
            name, output in
            guard let expected else {
                if case .strings(let first) = output { expected = first }
                return
            }
            try compare(output, with: expected, inputs: strings, method: name)
        }

        var table = Table.comparison(
            title: #"Replace runs of whitespace (\s+) with " ", "#
                + "\(Format.grouped(Double(strings.count))) strings of ~80 characters",
            item: "string", timings: timings, baseline: fastCop)
        let changed = zip(expected ?? [], strings).filter { !SameBytes.check($0, $1) }.count
        table.notes.append(
            "Check: all \(timings.count) methods give identical outputs "
                + "(\(Format.grouped(Double(changed))) of \(Format.grouped(Double(strings.count))) strings changed).")
        return table
    }

    private static func compare(_ output: Output, with expected: [String], inputs: [String], method: String) throws {
        func fail(_ index: Int, _ got: String) -> Disagreement {
            Disagreement(
                description: "replace: \(method) gave \(got.debugDescription) for input "
                    + "\(inputs[index].debugDescription); expected \(expected[index].debugDescription)")
        }
        switch output {
        case .strings(let strings):
            guard strings.count == expected.count else {
                throw Disagreement(description: "replace: \(method) gave \(strings.count) outputs")
            }
            for index in strings.indices where !SameBytes.check(strings[index], expected[index]) {
                throw fail(index, strings[index])
            }
        case .arena(let arena):
            for index in expected.indices where !SameBytes.check(expected[index], arena.output(index)) {
                throw fail(index, String(decoding: arena.output(index), as: UTF8.self))
            }
        }
    }
}
