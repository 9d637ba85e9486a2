import FastCopRecords

/// One option a command accepts: a flag (`--quiet`) or an option with a value (`--rules RULES`).
struct OptionSpec: Sendable {
    /// The long name, without dashes (`rules` for `--rules`).
    let name: String
    /// A one-letter alias (`o` for `-o`), if any.
    let short: Character?
    /// The placeholder for the value in help text (`RULES`); nil for a flag.
    let valueName: String?
    /// One line of help.
    let help: String
    /// Older spellings still accepted but not shown in help (`--input-format`, `-p`).
    let hiddenSpellings: [String]
    /// The value of a long option given bare, without `=VALUE` (`--color` is `--color=auto`, as
    /// in grep); nil when the value is required (then `--name VALUE` works too).
    var bareValue: String? = nil

    /// A flag: present or absent.
    static func flag(_ name: String, short: Character? = nil, help: String, hidden: [String] = []) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help, hiddenSpellings: hidden)
    }

    /// An option that takes a value.
    static func option(
        _ name: String, short: Character? = nil, value: String, help: String, hidden: [String] = []
    ) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: value, help: help, hiddenSpellings: hidden)
    }

    /// An option whose value is optional: given bare (`--color`) it has `bareValue`; a value
    /// must then be attached (`--color=always`), as in grep, so the next argument stays an
    /// argument.
    static func option(
        _ name: String, value: String, bareValue: String, help: String, hidden: [String] = []
    ) -> OptionSpec {
        OptionSpec(name: name, short: nil, valueName: value, help: help, hiddenSpellings: hidden, bareValue: bareValue)
    }

    /// Whether the option takes a value.
    var takesValue: Bool { valueName != nil }

    /// `-o, --output CLEAN` or `    --quiet`, for help text.
    var synopsis: String {
        let shortPart = short.map { "-\($0), " } ?? "    "
        let valuePart = valueName.map { bareValue == nil ? " \($0)" : "[=\($0)]" } ?? ""
        return "\(shortPart)--\(name)\(valuePart)"
    }
}

/// What a command accepts and how it is described in `--help`.
struct CommandSpec: Sendable {
    /// The command name (`clean`), or empty for the tool itself.
    let name: String
    /// One line, shown in the tool's command list.
    let summary: String
    /// Usage lines, without the leading `fastcop`.
    let usage: [String]
    /// Paragraphs shown after the usage.
    let discussion: String
    /// The options, in the order help lists them (`--help` is added automatically).
    let options: [OptionSpec]
    /// How many positional arguments the command takes.
    let positionals: ClosedRange<Int>

    /// The command's full help text.
    var helpText: String {
        var text = "fastcop \(name.isEmpty ? "" : name + " ")- \(summary)\n\nUsage:\n"
        for line in usage { text += "  fastcop \(line)\n" }
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        let helpShort: Character? = option(short: "h") == nil ? "h" : nil
        let all = options + [.flag("help", short: helpShort, help: "Show this help.")]
        let width = all.map(\.synopsis.count).max() ?? 0
        text += "\nOptions:\n"
        for option in all {
            let padding = String(repeating: " ", count: width - option.synopsis.count + 2)
            text += "  \(option.synopsis)\(padding)\(option.help)\n"
        }
        return text
    }

    /// The option with this long name (or a hidden older one).
    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name || $0.hiddenSpellings.contains("--" + name) }
    }

    /// The option with this one-letter alias (or a hidden older one).
    func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short || $0.hiddenSpellings.contains("-\(short)") }
    }
}
