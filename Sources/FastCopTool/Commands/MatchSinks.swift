import FastCop
import FastCopRecords

/// Writes the lines the matcher copied (plain output, with `name:` and `N:` when asked), or
/// only counts them (`-c`, `-l`, `-q`): the ``LineSearcher``'s sink when no ``MatchPrinter``
/// is needed. Done once `enough` lines were selected (`-q`, `-l`, `-c -m NUM`).
final class MatchCopier: LineSink {
    private let destination: OutputSink
    private let problems: MatchProblems
    private let enough: Int?

    init(destination: OutputSink, inputName: String, enough: Int?) {
        self.destination = destination
        problems = MatchProblems(inputName: inputName)
        self.enough = enough
    }

    func problem(_ problem: LineSearch.Problem) {
        problems.report(problem)
    }

    func take(_ block: SearchedBlock) throws -> Bool {
        try MatchSinks.writePieces(block, to: destination)
        return enough.map { block.selectedSoFar < $0 } ?? true
    }
}

extension MatchPrinter: LineSink {
    func problem(_ problem: LineSearch.Problem) {
        problems.report(problem)
    }

    func take(_ block: SearchedBlock) throws -> Bool {
        try MatchSinks.writePieces(block, to: destination)
        print(block)
        try destination.write(output)
        output.removeAll(keepingCapacity: true)
        return !isDone
    }
}

/// The lines of one input whose search failed, reported on stderr (the library prints
/// nothing): the first ten, as grep stops its notices.
final class MatchProblems {
    private let inputName: String
    private var reported = 0

    init(inputName: String) {
        self.inputName = inputName
    }

    /// Reports `problem` unless ten were reported: "fastcop: NAME: line 12: REASON; the line is
    /// left out" (with `-n`; else "the line at byte 3456").
    func report(_ problem: LineSearch.Problem) {
        guard reported < 10 else { return }
        reported += 1
        let place = problem.line.map { "line \($0)" } ?? "the line at byte \(problem.offset)"
        let error = problem.error
        let reason = error.kind == .invalidUTF8 ? error.description : "\(error.kind)"
        Console.error("fastcop: \(inputName): \(place): \(reason); the line is left out\n")
    }
}

/// What `fastcop match`'s sinks share.
enum MatchSinks {
    /// Writes the pieces' copied lines in one call (writev), when there are any.
    static func writePieces(_ block: SearchedBlock, to destination: OutputSink) throws {
        guard block.pieces.contains(where: { !$0.bytes.isEmpty }) else { return }
        try destination.write(contentsOf: block.pieces.map(\.bytes))
    }
}
