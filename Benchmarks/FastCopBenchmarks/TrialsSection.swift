import FastCop

/// SwiftCop's way of checking a string, `Trial.email.trial()` and `Trial.format(p).trial()`,
/// against the engine it runs on, `Pattern.hasWholeMatch(in:)`, on the email data set
/// (issue 3): what the trial layer adds per string.
enum TrialsSection {
    static func run(_ arguments: Arguments) throws -> Table {
        let strings = DataSets.emails(count: arguments.count)
        let source = Pattern.emailSource
        let pattern = try Pattern(source)
        // Made once, applied to every string: SwiftCop's intended use.
        let emailTrial = Trial.email.trial()

        let engine = "FastCop Pattern.hasWholeMatch(in:)"
        let once = "Trial.email.trial() made once, applied to each string"
        let lookup = "PatternCache.shared.pattern(p).hasWholeMatch(in: s) per string (diagnostic)"
        let perString = "Trial.format(p).trial()(s) rebuilt per string (PatternCache.shared)"
        let methods: [Method<Int>] = [
            Method(name: engine) { range in
                var matched = 0
                for string in strings[range] where try pattern.hasWholeMatch(in: string) { matched += 1 }
                return matched
            },
            Method(name: once) { range in
                var matched = 0
                for string in strings[range] where emailTrial(string) { matched += 1 }
                return matched
            },
            // Not a target: the per-string route without the Trial and its closure, to show
            // what the cache lookup alone costs.
            Method(name: lookup) { range in
                var matched = 0
                for string in strings[range]
                where try PatternCache.shared.pattern(source, wholeMatch: true).hasWholeMatch(in: string) {
                    matched += 1
                }
                return matched
            },
            Method(name: perString) { range in
                var matched = 0
                for string in strings[range] where Trial.format(source).trial()(string) { matched += 1 }
                return matched
            },
        ]

        let (timings, matched) = try Stopwatch.bestOfCounting(
            "trials", arguments, items: strings.count, methods: methods)

        var table = Table.comparison(
            title: "Trials vs the engine: whole-string email match, \(Format.grouped(Double(strings.count))) strings",
            item: "string", timings: timings, baseline: engine, versus: "engine")
        table.notes.append(
            "Check: all \(timings.count) methods agree: \(Format.grouped(Double(matched))) of "
                + "\(Format.grouped(Double(strings.count))) strings match.")
        if let base = timings.seconds(engine) {
            if let time = timings.seconds(once) {
                let ratio = Target.printed(time / base)
                table.notes.append(
                    Target.line("Trial.email.trial() within 1.15× of the engine's time", ratio, met: ratio <= 1.15))
            }
            if let time = timings.seconds(perString) {
                let ratio = Target.printed(time / base)
                table.notes.append(
                    Target.line(
                        "Trial.format(p).trial()(s) per string within 2× of the engine's time", ratio, met: ratio <= 2))
            }
        }
        return table
    }
}
