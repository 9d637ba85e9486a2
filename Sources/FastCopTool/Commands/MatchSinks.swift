import FastCop
import FastCopRecords

/// Writes the lines the matcher copied (plain output, with `name:` and `N:` when asked), or
/// only counts them (`-c`, `-l`, `-q`): the ``LineSearcher``'s sink when no ``MatchPrinter``
/// is needed. Done once `enough` lines were selected (`-q`, `-l`, `-c -m NUM`).
final class MatchCopier: LineSink {
    private let destination: OutputSink
    private let inputName: String
    private let enough: Int?

    init(destination: OutputSink, inputName: String, enough: Int?) {
        self.destination = destination
        self.inputName = inputName
        self.enough = enough
    }

    func problem(_ description: String) {
        MatchSinks.report(description, inputName: inputName)
    }

    func take(_ block: SearchedBlock) throws -> Bool {
        try MatchSinks.writePieces(block, to: destination)
        return enough.map { block.selectedSoFar < $0 } ?? true
    }
}

extension MatchPrinter: LineSink {
    func problem(_ description: String) {
        MatchSinks.report(description, inputName: inputName)
    }

    func take(_ block: SearchedBlock) throws -> Bool {
        try MatchSinks.writePieces(block, to: destination)
        print(block.bytes, offset: block.offset, firstLine: block.firstLine, lines: block.lines)
        try destination.write(output)
        output.removeAll(keepingCapacity: true)
        return !isDone
    }
}

/// What `fastcop match`'s sinks share.
enum MatchSinks {
    /// Reports a line whose search failed on stderr (the library prints nothing).
    static func report(_ description: String, inputName: String) {
        Console.error("fastcop: \(inputName): \(description)\n")
    }

    /// Writes the pieces' copied lines in one call (writev), when there are any.
    static func writePieces(_ block: SearchedBlock, to destination: OutputSink) throws {
        guard block.pieces.contains(where: { !$0.bytes.isEmpty }) else { return }
        try destination.write(contentsOf: block.pieces.map(\.bytes))
    }
}
