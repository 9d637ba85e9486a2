enum BenchCommand {
    static let spec = CommandSpec(
        name: "bench", summary: "Time FastCop against NSRegularExpression and Swift Regex on your data.",
        usage: ["bench [FILE] [--pattern P]"], discussion: "", options: [], positionals: 0...1)

    static func run(_ arguments: ParsedArguments) throws -> ExitStatus { .success }
}
