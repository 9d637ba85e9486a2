import FastCop
import Foundation
import Testing

/// Generated patterns aimed at the rewrites (groups of one-character items next to escapes that
/// could absorb them, classes, POSIX names, negated types, back references, verbs), each with
/// generated subjects, checked against PCRE2 alone in both configurations. A fixed seed: the
/// same patterns on every run. `FASTCOP_DIFFERENTIAL_PATTERNS=N` sets how many (2,000 by
/// default; the full `scripts/test` runs 100,000).
@Suite("Differential: generated patterns give PCRE2's answers")
struct GeneratedPatternDifferentialTests {
    static let count = ProcessInfo.processInfo.environment["FASTCOP_DIFFERENTIAL_PATTERNS"].flatMap(Int.init) ?? 2_000

    /// One-character items, some of which run into their neighbours when written carelessly.
    static let items = [
        "a", "b", "0", "1", "7", ":", "d", "-", #"\x4"#, #"\xa"#, #"\x{41}"#, #"\0"#, #"\07"#, #"\s"#, #"\S"#, #"\d"#,
        #"\W"#, "[ab]", "[[]", "[a-c]", "[[:space:]]", "[[:digit:]]", #"[\x4]"#, #"\p{Lu}"#, #"\P{L}"#, "é", ".",
        #"\-"#, #"\."#,
    ]
    static let quantifiers = ["+", "*", "?", "{1,2}", "+?", "*+", ""]
    static let subjectUnits = [
        "a", "b", "0", "1", "7", ":", "d", "-", "\u{4}", "\n", "\r", "A", "[", " ", "\u{212A}", "é", "\u{AB}", "\u{8}",
        "\u{0}", "x", "z",
    ]

    /// A SplitMix64 generator: the same numbers for the same seed on every platform.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        mutating func pick<T>(_ values: [T]) -> T { values[next(values.count)] }
    }

    static func pattern(_ random: inout Generator) -> String {
        var text = ""
        var groups = 0
        for _ in 0..<(1 + random.next(4)) {
            switch random.next(7) {
            case 0, 1, 2:
                let alternatives = (0..<(1 + random.next(3))).map { _ in random.pick(items) }
                text += "(?:" + alternatives.joined(separator: "|") + ")" + random.pick(quantifiers)
            case 3:
                text += "(" + random.pick(items) + ")"
                groups += 1
            case 4:
                text += groups > 0 ? #"\1"# : random.pick(items)
            case 5:
                text += random.pick(["(*COMMIT)", "(*PRUNE)", "(*SKIP)", "(*THEN)", #"\G"#, "^", "$", ".*?", "(?i)"])
            default:
                text += random.pick(items) + random.pick(quantifiers)
            }
        }
        return text
    }

    static func subject(_ random: inout Generator) -> String {
        (0..<random.next(12)).map { _ in random.pick(subjectUnits) }.joined()
    }

    @Test("generated patterns and subjects", arguments: PCRE2TestDataDifferentialTests.configurations)
    func agree(configuration: PCRE2TestDataDifferentialTests.Configuration) {
        var random = Generator(state: 0x5EED_2026)
        var disagreements: [String] = []
        for number in 0..<Self.count {
            let source = Self.pattern(&random)
            let pattern = Result<Pattern, Error> { try Pattern(source, options: configuration.options) }
            var data = PCRE2TestData.Case(
                id: "generated:\(number)", pattern: source, flags: "", modifiers: "", subject: "")
            let oracle = PCRE2TestData.Oracle.compile(
                data, ucp: configuration.ucp, lineFeedOnly: configuration.lineFeedOnly,
                jit: (try? pattern.get())?.isJITCompiled ?? false)
            for _ in 0..<3 {
                let subject = Self.subject(&random)
                data.subject = Data(subject.utf8).base64EncodedString()
                let found = PCRE2TestDataDifferentialTests.differences(data, fastCop: pattern, oracle: oracle)
                if !found.isEmpty {
                    disagreements.append("/\(source)/ on \(subject.debugDescription): \(found.joined(separator: "; "))")
                }
            }
        }
        #expect(
            disagreements.isEmpty,
            Comment(
                rawValue: "\(disagreements.count) of \(Self.count * 3) cases differ from PCRE2:\n"
                    + disagreements.prefix(400).joined(separator: "\n")))
    }
}
