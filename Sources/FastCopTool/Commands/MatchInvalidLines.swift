import FastCop
import FastCopRecords

/// The lines of one input that are not valid UTF-8, reported once per input (`fastcop match`
/// searches them, as grep -P does, but says that it met them).
struct InvalidLines {
    let count: Int
    /// The first one's input offset, and its line number when lines were counted (`-n`).
    let first: (offset: Int, line: Int?)?

    /// The invalid lines the searcher met in one input.
    init(_ outcome: LineSearcher.Outcome) {
        count = outcome.invalidLines
        first = outcome.firstInvalid
    }

    /// Prints the report on stderr, if there is anything to report. Without `-n` the first
    /// line's number is found by reading `path` again up to it (stdin cannot be read again: its
    /// byte offset is given instead).
    func report(input: InputSource, path: String) {
        guard count > 0, let first else { return }
        let place: String
        if let line = first.line ?? Self.lineNumber(ofOffset: first.offset, in: path) {
            place = "line \(line)"
        } else {
            place = "the line at byte \(first.offset)"
        }
        let lines = count == 1 ? "1 line is" : "\(Formatting.grouped(count)) lines are"
        Console.error(
            "fastcop: \(input.name): \(lines) not valid UTF-8 (the first is \(place)); they were searched as grep -P"
                + " searches them: invalid bytes match nothing\n")
    }

    /// The number of the line starting at `offset` in the file `path`, or nil for stdin or a
    /// file that cannot be read again.
    static func lineNumber(ofOffset offset: Int, in path: String) -> Int? {
        guard path != "-", let input = try? InputSource.open(path) else { return nil }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var remaining = offset
        var newlines = 0
        while remaining > 0 {
            let read = buffer.withUnsafeMutableBytes { bytes in
                (try? input.read(into: bytes.baseAddress!, count: min(remaining, bytes.count))) ?? 0
            }
            if read == 0 { return nil }
            newlines += buffer.withUnsafeBufferPointer { ByteScan.newlines($0, in: 0..<read) }
            remaining -= read
        }
        return newlines + 1
    }
}
