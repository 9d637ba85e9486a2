import FastCopRecords

/// An error that ends a command with exit status 2: bad usage, or input that cannot be read.
struct ToolError: Error, CustomStringConvertible, Sendable {
    /// Whether the user typed the command wrong (the message is followed by a pointer to `--help`).
    let isUsage: Bool
    /// The command concerned, for the `--help` pointer.
    let command: String?
    /// What went wrong, and where.
    let message: String

    /// The user typed the command wrong.
    static func usage(_ message: String, command: String? = nil) -> ToolError {
        ToolError(isUsage: true, command: command, message: message)
    }

    /// Input or output cannot be used (a missing file, an unwritable output, broken rules).
    static func input(_ message: String) -> ToolError {
        ToolError(isUsage: false, command: nil, message: message)
    }

    var description: String { message }
}

/// The tool's exit statuses.
enum ExitStatus: Int32 {
    /// Every row was clean (for `match`: at least one line was selected).
    case success = 0
    /// Some rows were rejected (for `match`: no line was selected).
    case rejected = 1
    /// Bad usage or input: nothing trustworthy was produced.
    case failure = 2
}

extension RunSummary {
    /// The exit status: 0 when every row was clean, 1 when some were rejected.
    var status: ExitStatus { rejected == 0 ? .success : .rejected }
}
