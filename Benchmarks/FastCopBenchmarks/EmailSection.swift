import FastCop
import Foundation

/// `hasWholeMatch(in:)` with SwiftCop's email pattern against the C loop (the speed limit),
/// `NSRegularExpression` and Swift's `Regex`, on generated email-like strings.
enum EmailSection {
    static func run(_ arguments: Arguments) throws -> Table {
        let strings = DataSets.emails(count: arguments.count)
        let arena = ByteArena(strings)
        let source = Pattern.emailSource

        let pattern = try Pattern(source)
        let reference = try CReferencePattern(source, whole: true)
        // NSPredicate MATCHES / SwiftCop style: anchored at both ends with \A and \z.
        let foundation = try NSRegularExpression(pattern: #"\A(?:"# + source + #")\z"#)
        let regex = try Regex(source, as: Substring.self)

        let fastCop = "FastCop hasWholeMatch(in:)"
        let cLoop = "C loop, pcre2_jit_match_8"
        let nsRegex = "NSRegularExpression.firstMatch"
        let swiftRegex = "Swift Regex wholeMatch"
        let methods: [Method<Int>] = [
            Method(name: fastCop) { range in
                var matched = 0
                for string in strings[range] where try pattern.hasWholeMatch(in: string) { matched += 1 }
                return matched
            },
            Method(name: cLoop) { range in try reference.countMatches(arena, range) },
            Method(name: nsRegex) { range in
                var matched = 0
                for string in strings[range] {
                    let whole = NSRange(location: 0, length: string.utf16.count)
                    if foundation.firstMatch(in: string, options: [], range: whole) != nil { matched += 1 }
                }
                return matched
            },
            Method(name: swiftRegex) { range in
                var matched = 0
                for string in strings[range] where string.wholeMatch(of: regex) != nil { matched += 1 }
                return matched
            },
        ]

        let (timings, matched) = try Stopwatch.bestOfCounting(
            "email", arguments, items: strings.count, methods: methods)

        var table = Table.comparison(
            title: "Whole-string email match, \(Format.grouped(Double(strings.count))) strings",
            item: "string", timings: timings, baseline: fastCop)
        table.notes.append(
            "Check: all \(timings.count) methods agree: \(Format.grouped(Double(matched))) of "
                + "\(Format.grouped(Double(strings.count))) strings match.")
        table.notes.append(contentsOf: Verdicts.make(timings, fastCop: fastCop, cLoop: cLoop, slower: nsRegex))
        return table
    }
}

/// The targets of issue 2, checked on the measured ratios.
enum Verdicts {
    static func make(_ timings: [Timing], fastCop: String, cLoop: String, slower: String) -> [String] {
        guard let mine = timings.first(where: { $0.name == fastCop })?.best.seconds,
            let limit = timings.first(where: { $0.name == cLoop })?.best.seconds,
            let other = timings.first(where: { $0.name == slower })?.best.seconds
        else { return [] }
        let overC = mine / limit
        let speedup = other / mine
        return [
            "Target: FastCop within 1.25× of the C loop's time: \(Format.ratio(overC)) "
                + (overC <= 1.25 ? "(met)" : "(NOT met)") + ".",
            "Target: FastCop at least 10× faster than NSRegularExpression: \(Format.ratio(speedup)) "
                + (speedup >= 10 ? "(met)" : "(NOT met)") + ".",
        ]
    }
}
