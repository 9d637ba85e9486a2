enum MatchCommand {
    static let spec = CommandSpec(
        name: "match", summary: "Print the lines that match a PCRE2 pattern (like grep -P).",
        usage: ["match PATTERN [FILE...] [--count] [--invert] [--whole-line]"], discussion: "", options: [],
        positionals: 1...Int.max)

    static func run(_ arguments: ParsedArguments) throws -> ExitStatus { .success }
}
