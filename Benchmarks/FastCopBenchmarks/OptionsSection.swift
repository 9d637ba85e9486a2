import FastCop

/// What FastCop's Unicode-aware default (`PCRE2_UCP`: `\w`, `\d`, `\s`, `\b` follow Unicode
/// properties) costs against ``Pattern/Options/asciiCharacterClasses``, on the same data as
/// the email and replace sections. Each task is timed with both options, interleaved.
enum OptionsSection {
    /// One task run with Unicode classes and with ASCII classes; the outputs are kept to say
    /// how often the two answers differ.
    private struct Task {
        let name: String
        let items: Int
        let unicode: () throws -> [String]
        let ascii: () throws -> [String]
    }

    static func run(_ arguments: Arguments) throws -> Table {
        let emails = DataSets.emails(count: arguments.count)
        let lines = DataSets.spacedText(count: arguments.count)
        let emailLike = #"[\w.%+-]+@[\w.-]+\.\w{2,4}"#

        func both(_ source: String) throws -> (Pattern, Pattern) {
            (try Pattern(source), try Pattern(source, options: .asciiCharacterClasses))
        }
        let (wholeUnicode, wholeASCII) = try both(emailLike)
        let (searchUnicode, searchASCII) = try both(#"\w+@\w+"#)
        let (spaceUnicode, spaceASCII) = try both(#"\s+"#)
        func matches(_ pattern: Pattern, whole: Bool) -> () throws -> [String] {
            {
                // One "1"/"0" per string: the answers, compared between the two options.
                try emails.map { string in
                    try (whole ? pattern.hasWholeMatch(in: string) : pattern.hasMatch(in: string)) ? "1" : "0"
                }
            }
        }
        func replaced(_ pattern: Pattern) -> () throws -> [String] {
            { try lines.map { try pattern.replacing(in: $0, with: " ") } }
        }
        let tasks = [
            Task(
                name: "hasWholeMatch `\(emailLike)`", items: emails.count,
                unicode: matches(wholeUnicode, whole: true), ascii: matches(wholeASCII, whole: true)),
            Task(
                name: #"hasMatch `\w+@\w+`"#, items: emails.count,
                unicode: matches(searchUnicode, whole: false), ascii: matches(searchASCII, whole: false)),
            Task(
                name: #"replacing `\s+` with " ""#, items: lines.count,
                unicode: replaced(spaceUnicode), ascii: replaced(spaceASCII)),
        ]

        var table = Table(
            title: "Unicode-aware classes (default, PCRE2_UCP) vs .asciiCharacterClasses",
            headers: ["Task", "ns/string Unicode", "ns/string ASCII", "Unicode time vs ASCII", "answers differ"])
        for task in tasks {
            var outputs: [String: [String]] = [:]
            var settings = arguments
            settings.methods = nil  // both options are always timed
            let timings = try Stopwatch.bestOf(
                settings, items: task.items,
                methods: [Method(name: "unicode", run: task.unicode), Method(name: "ascii", run: task.ascii)]
            ) { name, output in
                if outputs[name] == nil { outputs[name] = output }
            }
            let differ = zip(outputs["unicode"] ?? [], outputs["ascii"] ?? []).filter { !SameBytes.check($0, $1) }.count
            table.rows.append([
                task.name, Format.fixed(timings[0].nanosecondsPerItem, 1),
                Format.fixed(timings[1].nanosecondsPerItem, 1),
                Format.ratio(timings[0].best.seconds / timings[1].best.seconds),
                "\(Format.grouped(Double(differ))) of \(Format.grouped(Double(task.items)))",
            ])
        }
        table.notes.append(
            "\"Unicode time vs ASCII\" above 1× is what Unicode-aware classes cost; \"answers differ\" counts "
                + "the strings on which the two options disagree (non-ASCII letters, no-break spaces).")
        return table
    }
}
