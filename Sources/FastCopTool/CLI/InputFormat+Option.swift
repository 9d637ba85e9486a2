import FastCopRecords

extension InputFormat {
    /// The format named by `--format`, else the one the file's extension names, else lines.
    ///
    /// - Throws: ``ToolError`` (usage) for an unknown `--format` value.
    static func resolve(option: String?, path: String?, command: String) throws -> InputFormat {
        guard let option else { return guessed(fromPath: path) }
        guard let format = InputFormat(named: option) else {
            let known = allCases.map(\.rawValue).joined(separator: ", ")
            throw ToolError.usage("unknown format '\(option)' (known: \(known))", command: command)
        }
        return format
    }
}
