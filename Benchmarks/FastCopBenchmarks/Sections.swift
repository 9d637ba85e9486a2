/// One benchmark section: one task, several methods compared on it, one or more tables.
///
/// To add a section, write an enum with a `run(_:)` like ``EmailSection`` and list it in
/// ``Sections/all``.
struct Section: Sendable {
    /// The name `--section` takes.
    let name: String
    /// One line on what it measures.
    let summary: String
    let run: @Sendable (Arguments) throws -> [Table]

    /// A section that prints one table.
    init(name: String, summary: String, run: @escaping @Sendable (Arguments) throws -> Table) {
        self.name = name
        self.summary = summary
        self.run = { [try run($0)] }
    }

    /// A section that prints several tables.
    init(name: String, summary: String, tables: @escaping @Sendable (Arguments) throws -> [Table]) {
        self.name = name
        self.summary = summary
        self.run = tables
    }
}

enum Sections {
    /// Every section, in the order they run.
    static let all: [Section] = [
        Section(
            name: "email", summary: "whole-string match of the email pattern",
            run: EmailSection.run),
        Section(
            name: "replace", summary: "replace every run of whitespace with one space",
            run: ReplaceSection.run),
        Section(
            name: "options", summary: "cost of Unicode-aware classes (PCRE2_UCP) vs .asciiCharacterClasses",
            run: OptionsSection.run),
        Section(
            name: "trials", summary: "Trial.email / Trial.format(p) closures against Pattern.hasWholeMatch(in:)",
            run: TrialsSection.run),
        Section(
            name: "validate",
            summary: "@Validate(.format(p)) and (.email()) set + isValid against Pattern.hasWholeMatch(in:)",
            run: ValidateSection.run),
        Section(
            name: "budget", summary: "the whole-search step budget against PCRE2's per-position limit alone",
            run: BudgetSection.run),
        Section(
            name: "batch", summary: "Batch on all cores against one-by-one loops, and its memory",
            tables: BatchSection.run),
        Section(
            name: "lines", summary: "UTF8LineReader + Batch.matchLines on a large file: speed and peak memory",
            run: LinesSection.run),
    ]
}
