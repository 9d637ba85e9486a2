/// A mistake in the rules file, with its place: the path (`fields.phone.trials[0]`) and the
/// line and column.
package struct RulesError: Error, CustomStringConvertible, Sendable {
    /// Where in the rules' structure.
    let path: String
    /// Byte offset in the file, turned into line and column when reported.
    let offset: Int
    /// What is wrong (may span several lines, e.g. a pattern with a caret under the error).
    let message: String

    package var description: String { "\(path): \(message)" }

    /// The message with the file name, line and column: `rules.json:5:20: fields.phone…`.
    func report(file: String, bytes: [UInt8]) -> String {
        let (line, column) = JSONDocument.position(of: offset, in: bytes)
        return "\(file):\(line):\(column): \(path.isEmpty ? "" : path + ": ")\(message)"
    }
}
