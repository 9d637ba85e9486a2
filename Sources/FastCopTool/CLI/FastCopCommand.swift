import FastCopRecords

/// The `fastcop` tool: finds the command, parses its arguments, runs it, and turns errors into
/// messages and exit statuses.
enum FastCopCommand {
    /// A command the tool runs.
    struct Command: Sendable {
        let spec: CommandSpec
        /// Decodes the command's options struct from the parsed arguments and runs the command.
        let run: @Sendable (ParsedArguments) throws -> ExitStatus
    }

    static let commands: [Command] = [
        Command(spec: CleanCommand.spec) { try CleanCommand.run(CleanOptions($0)) },
        Command(spec: CheckCommand.spec) { try CheckCommand.run(CheckOptions($0)) },
        Command(spec: InferCommand.spec) { try InferCommand.run(InferOptions($0)) },
        Command(spec: MatchCommand.spec) { try MatchCommand.run(MatchOptions($0)) },
        Command(spec: BenchCommand.spec) { try BenchCommand.run(BenchOptions($0)) },
        Command(spec: SampleCommand.spec) { try SampleCommand.run(SampleOptions($0)) },
    ]

    static let version = "0.1.0"

    /// The tool's own help.
    static var helpText: String {
        var text = """
            fastcop - bulk validation and cleansing of data files, on PCRE2 with JIT

            Usage:
              fastcop                         clean the embedded sample and show the summary
              fastcop COMMAND [OPTIONS]
              fastcop COMMAND --help          help for a command

            Commands:

            """
        let width = commands.map(\.spec.name.count).max() ?? 0
        for command in commands {
            text += "  \(command.spec.name.padding(width))  \(command.spec.summary)\n"
        }
        text += """

            Exit status: 0 when every row is clean, 1 when some rows were rejected (match: no
            line selected), 2 for a usage or input error.

            """
        return text
    }

    /// Runs the tool with `arguments` (without the program name) and returns the exit status.
    static func main(_ arguments: [String]) -> ExitStatus {
        guard let name = arguments.first else {
            return execute(commands.last!.spec, commands.last!.run, arguments: [])
        }
        switch name {
        case "-h", "--help", "help":
            if arguments.count > 1, let command = commands.first(where: { $0.spec.name == arguments[1] }) {
                Console.out(command.spec.helpText)
            } else {
                Console.out(helpText)
            }
            return .success
        case "--version":
            Console.out("fastcop \(version)\n")
            return .success
        default:
            guard let command = commands.first(where: { $0.spec.name == name }) else {
                let message =
                    name.hasPrefix("-")
                    ? "unknown option \(name) (options come after the command)"
                    : "unknown command '\(name)'"
                Console.error("fastcop: error: \(message)\nRun 'fastcop --help' for the commands.\n")
                return .failure
            }
            return execute(command.spec, command.run, arguments: Array(arguments.dropFirst()))
        }
    }

    private static func execute(
        _ spec: CommandSpec, _ run: (ParsedArguments) throws -> ExitStatus, arguments: [String]
    ) -> ExitStatus {
        do {
            guard let parsed = try ArgumentParser.parse(arguments, for: spec) else {
                Console.out(spec.helpText)
                return .success
            }
            return try run(parsed)
        } catch let error as ToolError {
            var text = "fastcop: error: \(error.message)\n"
            if error.isUsage {
                text += "Run 'fastcop \(error.command.map { $0 + " " } ?? "")--help' for usage.\n"
            }
            Console.error(text)
            return .failure
        } catch {
            Console.error("fastcop: error: \(error)\n")
            return .failure
        }
    }
}
