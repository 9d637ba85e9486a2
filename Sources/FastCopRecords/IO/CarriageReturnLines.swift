/// Input whose lines end with CR alone (classic Mac OS, some old exports): `id,email\r1,a@x\r`.
///
/// The splitters know one line end, LF. Such an input is read with CR and LF trading places
/// (``SwappedLineBreaksStream``), so that its CRs end lines and any LF in it is data, and its
/// outputs are written with the two trading places again (``swapLineBreaks(_:)``): every byte
/// of a row comes out as it went in, CRs at the line ends included. A rule sees a line break
/// inside a quoted field as LF.
enum CarriageReturnLines {
    /// How far the start of the input is read to find its first line end (a file whose first
    /// line is longer is read as it is).
    static let lookahead = 64 * 1024

    /// Whether the input that starts with `head` ends its lines with CR alone: it has a CR not
    /// followed by LF, and no LF. `complete` says that `head` is all there is to look at (the
    /// input ended, the look-ahead is used up, or a pipe has no more bytes waiting).
    ///
    /// - Returns: the answer, or nil when `head` does not tell yet.
    static func endsLinesWithCR(_ head: [UInt8], complete: Bool) -> Bool? {
        var sawLoneCR = false
        for index in head.indices {
            switch head[index] {
            case ASCII.newline:
                return false
            case ASCII.carriageReturn:
                if index + 1 < head.count {
                    if head[index + 1] == ASCII.newline { return false }
                } else if !complete {
                    return nil  // CRLF or a lone CR: the next byte tells
                }
                // A CR last of what a pipe has sent when it stops to wait for an answer is a
                // line end: a sender of CRLF writes both bytes at once.
                sawLoneCR = true
            default:
                continue
            }
        }
        // Before the look-ahead is used up, a lone CR decides only once nothing more is waiting:
        // a file is read on to find any LF, a pipe fed slowly is answered.
        return complete ? sawLoneCR : nil
    }

    /// Swaps CR and LF in place (writing an input read with ``SwappedLineBreaksStream``).
    ///
    /// - Complexity: O(n), one pass.
    static func swapLineBreaks(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBufferPointer { swapLineBreaks(in: $0) }
    }

    /// Swaps CR and LF in place in `buffer`.
    static func swapLineBreaks(in buffer: UnsafeMutableBufferPointer<UInt8>) {
        for index in buffer.indices {
            let byte = buffer[index]
            if byte == ASCII.newline {
                buffer[index] = ASCII.carriageReturn
            } else if byte == ASCII.carriageReturn {
                buffer[index] = ASCII.newline
            }
        }
    }
}

/// Reads another stream with CR and LF trading places (see ``CarriageReturnLines``).
final class SwappedLineBreaksStream: ByteStream {
    private let source: any ByteStream

    init(source: any ByteStream) {
        self.source = source
    }

    func read(into buffer: UnsafeMutableRawPointer, count: Int) throws -> Int {
        let read = try source.read(into: buffer, count: count)
        CarriageReturnLines.swapLineBreaks(
            in: UnsafeMutableBufferPointer(start: buffer.bindMemory(to: UInt8.self, capacity: read), count: read))
        return read
    }

    var readsWithoutWaiting: Bool { source.readsWithoutWaiting }
}

extension ByteStream {
    /// Reads the start of the stream until `decides` answers, at the end of the input, or once
    /// `limit` bytes are read; the returned stream gives those bytes again, then the rest.
    /// `decides` is given the bytes so far and whether they are complete (the input ended, the
    /// limit is reached, or nothing more is waiting to be read).
    func peek<Answer>(
        upTo limit: Int, until decides: ([UInt8], _ complete: Bool) -> Answer?
    ) throws -> (answer: Answer?, stream: any ByteStream) {
        var head: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var answer: Answer?
        while true {
            let read = try chunk.withUnsafeMutableBytes {
                try self.read(into: $0.baseAddress!, count: min($0.count, limit - head.count))
            }
            head += chunk[..<read]
            let complete = read == 0 || head.count >= limit || !readsWithoutWaiting
            answer = decides(head, complete)
            if answer != nil || complete { break }
        }
        guard !head.isEmpty else { return (answer, self) }
        // Bytes an earlier look replays were all read again here: replay them with the rest
        // from the stream under it, so that a file read as it is can still be mapped.
        if let replay = self as? ReplayStream, replay.unread == 0 {
            return (answer, ReplayStream(head, then: replay.rest))
        }
        return (answer, ReplayStream(head, then: self))
    }
}
