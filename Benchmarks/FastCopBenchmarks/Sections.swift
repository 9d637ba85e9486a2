/// One benchmark section: one task, several methods compared on it, one table.
///
/// To add a section, write an enum with a `run(_:)` like ``EmailSection`` and list it in
/// ``Sections/all``.
struct Section: Sendable {
    /// The name `--section` takes.
    let name: String
    /// One line on what it measures.
    let summary: String
    let run: @Sendable (Arguments) throws -> Table
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
    ]
}
