import FastCop

/// What FastCop's whole-search budget (`Pattern.Limits.totalMatchLimit`) does to a search,
/// against PCRE2's per-position match limit alone (the same pattern with an unlimited
/// total): on hostile subjects it should end far sooner, on ordinary ones cost nothing, and
/// on subjects whose matches legitimately need thousands of steps cost little. Each row times
/// both forms alternately and keeps the best of a few runs.
enum BudgetSection {
    private struct Row {
        /// What a row asks: a search anywhere, a whole match, or replacing every match.
        enum Call { case search, whole, replace }

        let task: String
        let pattern: String
        let subject: String
        let jit: Pattern.JITMode
        let call: Call

        init(task: String, pattern: String, subject: String, jit: Pattern.JITMode, replace: Bool) {
            self.init(task: task, pattern: pattern, subject: subject, jit: jit, call: replace ? .replace : .search)
        }

        init(task: String, pattern: String, subject: String, jit: Pattern.JITMode = .ifAvailable, call: Call) {
            self.task = task
            self.pattern = pattern
            self.subject = subject
            self.jit = jit
            self.call = call
        }
    }

    private static func segments(_ count: Int, run: Int) -> String {
        String(repeating: String(repeating: "a", count: run) + "!", count: count) + "b"
    }

    private static let rows: [Row] = {
        let lazyDocument =
            String(
                repeating: String(repeating: "text ", count: 200) + "<b>" + String(repeating: "é", count: 5000)
                    + "</b>",
                count: 100)
        let prose = String(repeating: "The quick  brown fox\tjumps over the lazy dog. ", count: 20_000)
        return [
            Row(
                task: "hostile: `(a+)+b` on 600 runs of 16 a's (10 kB), JIT", pattern: "(a+)+b",
                subject: segments(600, run: 16), jit: .ifAvailable, replace: false),
            Row(
                task: "hostile: the same, interpreter", pattern: "(a+)+b", subject: segments(600, run: 16),
                jit: .never, replace: false),
            Row(
                task: "hostile: trim pattern on x + 40,000 spaces + x, JIT",
                pattern: #"^[\s\x{200c}]+|[\s\x{200c}]+$"#,
                subject: "x" + String(repeating: " ", count: 40_000) + "x", jit: .ifAvailable, replace: false),
            Row(
                task: "hostile: trim pattern on x + 40,000 spaces + x, interpreter",
                pattern: #"^[\s\x{200c}]+|[\s\x{200c}]+$"#,
                subject: "x" + String(repeating: " ", count: 40_000) + "x", jit: .never, replace: false),
            Row(
                task: "legitimate: `<b>.*?</b>` on 600 kB, 100 matches of 5,000 characters", pattern: "<b>.*?</b>",
                subject: lazyDocument, jit: .ifAvailable, replace: true),
            Row(
                task: "ordinary: replacing `\\s+` in 940 kB of prose", pattern: #"\s+"#, subject: prose,
                jit: .ifAvailable, replace: true),
        ] + issueRows
    }()

    private static func spaces(_ count: Int) -> String { "x" + String(repeating: " ", count: count) + "x" }
    private static func blanks(_ count: Int) -> String { "a" + String(repeating: "\t ", count: count) + "b" }
    private static func words(_ count: Int) -> String { String(repeating: "word ", count: count) }

    /// Issue 17's table (legitimate searches that the budget used to fail), then the same kinds
    /// at ten times the size.
    private static let issueRows: [Row] = [
        Row(
            task: "issue 17: `\\s+$` on x + 40,000 spaces + x", pattern: #"\s+$"#, subject: spaces(40_000),
            call: .search),
        Row(task: "issue 17: `^\\s+|\\s+$`, the same", pattern: #"^\s+|\s+$"#, subject: spaces(40_000), call: .search),
        Row(
            task: "issue 17: `\\s+$` on x + 400,000 spaces + x", pattern: #"\s+$"#, subject: spaces(400_000),
            call: .search),
        Row(
            task: "issue 17: `[ \\t]+$` on a + 50,000 × tab space + b", pattern: #"[ \t]+$"#, subject: blanks(50_000),
            call: .search),
        Row(
            task: "issue 17: replacing `\\s+$` on x + 40,000 spaces + x", pattern: #"\s+$"#, subject: spaces(40_000),
            call: .replace),
        Row(
            task: "issue 17: replacing `[ \\t]+$` on the tab-space line", pattern: #"[ \t]+$"#, subject: blanks(50_000),
            call: .replace),
        Row(
            task: "issue 17: whole match `(\\w+\\s?)*` on 1 MB of words", pattern: #"(\w+\s?)*"#,
            subject: words(200_000), call: .whole),
        Row(
            task: "10×: `^\\s+|\\s+$` on x + 400,000 spaces + x", pattern: #"^\s+|\s+$"#, subject: spaces(400_000),
            call: .search),
        Row(
            task: "10×: `\\s+$` on x + 4,000,000 spaces + x", pattern: #"\s+$"#, subject: spaces(4_000_000),
            call: .search),
        Row(
            task: "10×: `[ \\t]+$` on a + 500,000 × tab space + b", pattern: #"[ \t]+$"#, subject: blanks(500_000),
            call: .search),
        Row(
            task: "10×: replacing `\\s+$` on x + 400,000 spaces + x", pattern: #"\s+$"#, subject: spaces(400_000),
            call: .replace),
        Row(
            task: "10×: replacing `[ \\t]+$` on a + 500,000 × tab space + b", pattern: #"[ \t]+$"#,
            subject: blanks(500_000), call: .replace),
        Row(
            task: "10×: whole match `(\\w+\\s?)*` on 10 MB of words", pattern: #"(\w+\s?)*"#, subject: words(2_000_000),
            call: .whole),
    ]

    /// What one form did: its answer (or error) and its best time in seconds.
    private struct Outcome {
        var answer = ""
        var seconds = Double.infinity
    }

    /// Like ``Format/ratio(_:)``, with more places for the tiny ratios of the hostile rows.
    private static func ratio(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        return value < 0.01 ? Format.fixed(value, 5) + "×" : Format.ratio(value)
    }

    static func run(_ arguments: Arguments) throws -> Table {
        let unlimited = Pattern.Limits(
            matchLimit: Pattern.Limits.default.matchLimit, depthLimit: Pattern.Limits.default.depthLimit,
            heapLimit: Pattern.Limits.default.heapLimit, totalMatchLimit: Int.max)
        var table = Table(
            title: "Whole-search budget (default limits) vs PCRE2's per-position limit alone",
            headers: ["Search", "answer with the budget", "answer without", "time with", "time with vs without"])
        for row in rows {
            let bounded = try Pattern(row.pattern, jit: row.jit)
            let unbounded = try Pattern(row.pattern, limits: unlimited, jit: row.jit)
            var outcomes = [Outcome(), Outcome()]
            for _ in 0..<max(1, min(arguments.rounds, 3)) {
                // A form that took seconds once is not run again (the interpreter without the
                // budget takes about half a minute on the trim row).
                for (index, pattern) in [bounded, unbounded].enumerated()
                where outcomes[index].seconds.isInfinite || outcomes[index].seconds < 2 {
                    let started = ContinuousClock.now
                    let answer: String
                    do {
                        switch row.call {
                        case .replace:
                            answer = "\(try pattern.replacing(in: row.subject, with: "[$0]").utf8.count) bytes out"
                        case .search:
                            answer = try pattern.hasMatch(in: row.subject) ? "match" : "no match"
                        case .whole:
                            answer = try pattern.hasWholeMatch(in: row.subject) ? "match" : "no match"
                        }
                    } catch let error as PatternError {
                        answer = error.kind.description
                    }
                    let elapsed = ContinuousClock.now - started
                    let seconds =
                        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                    outcomes[index].seconds = min(outcomes[index].seconds, seconds)
                    outcomes[index].answer = answer
                }
            }
            // Only the hostile rows may differ: there the budget may end the search with its error.
            if outcomes[0].answer != outcomes[1].answer && !row.task.hasPrefix("hostile") {
                outcomes[0].answer += " (DIFFERS)"
            }
            table.rows.append([
                row.task, outcomes[0].answer, outcomes[1].answer, Format.fixed(outcomes[0].seconds * 1000, 2) + " ms",
                ratio(outcomes[0].seconds / outcomes[1].seconds),
            ])
        }
        table.notes.append(
            "Ratios below 1 mean the budget ended the search sooner; the budget's answers on "
                + "the legitimate, ordinary and issue 17 rows must equal PCRE2's (\"without\": the "
                + "same pattern with totalMatchLimit Int.max, i.e. PCRE2's per-position limit alone, "
                + "with the same growing JIT stack).")
        return table
    }
}
