import FastCop

/// What FastCop's Unicode-aware default (`PCRE2_UCP`: `\w`, `\d`, `\s`, `\b` follow Unicode
/// properties) costs against ``Pattern/Options/asciiCharacterClasses``, on the same data as
/// the email and replace sections. Each task is timed with both options, interleaved.
enum OptionsSection {
    /// What one option answered on a chunk: match or not per string, or the replaced strings.
    private enum Answers {
        case matched([Bool])
        case replaced([String])

        /// On how many strings the two answers differ.
        func differences(from other: Answers) -> Int {
            switch (self, other) {
            case (.matched(let left), .matched(let right)):
                return zip(left, right).filter { $0 != $1 }.count
            case (.replaced(let left), .replaced(let right)):
                return zip(left, right).filter { !SameBytes.check($0, $1) }.count
            default:
                return 0
            }
        }
    }

    /// One task run with Unicode classes and with ASCII classes.
    private struct Task {
        let name: String
        let items: Int
        let unicode: (Range<Int>) throws -> Answers
        let ascii: (Range<Int>) throws -> Answers
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
        func matches(_ pattern: Pattern, whole: Bool) -> (Range<Int>) throws -> Answers {
            { range in
                .matched(
                    try emails[range].map { whole ? try pattern.hasWholeMatch(in: $0) : try pattern.hasMatch(in: $0) })
            }
        }
        func replaced(_ pattern: Pattern) -> (Range<Int>) throws -> Answers {
            { range in .replaced(try lines[range].map { try pattern.replacing(in: $0, with: " ") }) }
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
            var firstAnswers: [String: [Int: Answers]] = [:]
            var settings = arguments
            settings.methods = nil  // both options are always timed
            let timings = try Stopwatch.bestOf(
                settings, items: task.items,
                methods: [Method(name: "unicode", run: task.unicode), Method(name: "ascii", run: task.ascii)]
            ) { name, chunk, _, answers in
                if firstAnswers[name, default: [:]][chunk] == nil { firstAnswers[name, default: [:]][chunk] = answers }
            }
            var differ = 0
            for (chunk, unicode) in firstAnswers["unicode"] ?? [:] {
                if let ascii = firstAnswers["ascii"]?[chunk] { differ += unicode.differences(from: ascii) }
            }
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
