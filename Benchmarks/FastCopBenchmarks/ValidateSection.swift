import FastCop

/// Validate's way of checking a string, setting a `@Validate` property and reading `isValid`,
/// against the engine's whole match on the same strings (issue 34): what the property
/// wrapper adds per value, for a `format` validation and for the `email()` built-in. The
/// engine's search on the `format` pattern is timed too, for reference.
///
/// That a set allocates nothing is checked outside the timing, by counting allocation calls
/// with heaptrack: timing the two `@Validate` methods (400,000 sets, about half of them on
/// invalid values) adds no allocation call to a run that times none of them.
///
///     heaptrack -o /tmp/ht .build/release/fastcop-bench --section validate --count 200000 \
///         --rounds 1 --method @Validate
///     heaptrack_print -f /tmp/ht.zst | grep '^calls to allocation'   # also: --method none
enum ValidateSection {
    static func run(_ arguments: Arguments) throws -> Table {
        let strings = DataSets.emails(count: arguments.count)
        let pattern = try Pattern(Pattern.emailSource)
        // `format` searches, as the original's does: anchored, it judges the whole string.
        let formatSource = #"\A(?:"# + Pattern.emailSource + #")\z"#
        let search = try Pattern(formatSource)
        let format = Validate("", validations: .format(formatSource))
        let email = Validate("", validations: .email())

        let engine = "FastCop Pattern.hasWholeMatch(in:)"
        // The search `format` runs, for reference: what the engine alone spends on its pattern.
        let engineSearch = #"FastCop Pattern("\A(?:…)\z").hasMatch(in:)"#
        let formatName = #"@Validate(.format("\A(?:…)\z")): set + isValid"#
        let emailName = "@Validate(.email()): set + isValid"
        let methods: [Method<Int>] = [
            Method(name: engine) { range in
                var matched = 0
                for string in strings[range] where try pattern.hasWholeMatch(in: string) { matched += 1 }
                return matched
            },
            Method(name: engineSearch) { range in
                var matched = 0
                for string in strings[range] where try search.hasMatch(in: string) { matched += 1 }
                return matched
            },
            Method(name: formatName) { range in settingEach(strings[range], on: format) },
            Method(name: emailName) { range in settingEach(strings[range], on: email) },
        ]

        let (timings, matched) = try Stopwatch.bestOfCounting(
            "validate", arguments, items: strings.count, methods: methods)

        var table = Table.comparison(
            title: "@Validate vs the engine: SwiftCop's email rule, \(Format.grouped(Double(strings.count))) strings",
            item: "string", timings: timings, baseline: engine, versus: "engine")
        table.notes.append(
            "Check: all \(timings.count) methods agree: \(Format.grouped(Double(matched))) of "
                + "\(Format.grouped(Double(strings.count))) strings are valid.")
        if let base = timings.seconds(engine) {
            for (name, what) in [(formatName, "format"), (emailName, "email()")] {
                guard let time = timings.seconds(name) else { continue }
                let ratio = Target.printed(time / base)
                table.notes.append(
                    Target.line(
                        "@Validate(.\(what)) set + isValid within 2× of the engine's time", ratio, met: ratio <= 2))
            }
        }
        return table
    }

    /// Sets each string on `wrapper` and counts the valid ones.
    private static func settingEach(_ strings: ArraySlice<String>, on wrapper: Validate<String>) -> Int {
        var valid = 0
        for string in strings {
            wrapper.wrappedValue = string
            if wrapper.isValid { valid += 1 }
        }
        return valid
    }
}
