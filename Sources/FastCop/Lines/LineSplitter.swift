/// Cutting bytes into lines: the one line splitter of the line engine.
///
/// Lines end at LF; a CR before the LF is not part of the line; a last line without LF counts;
/// the empty text after a final LF is not a line.
package enum LineSplitter {
    /// Byte ranges of about `targetSize` bytes that start at a line start and end after a LF
    /// (or at the end of the buffer), covering `bytes`.
    package static func pieces(of bytes: UnsafeBufferPointer<UInt8>, targetSize: Int) -> [Range<Int>] {
        let end = bytes.count
        let target = max(1, targetSize)
        var pieces: [Range<Int>] = []
        var start = 0
        while start < end {
            var stop = min(end, start + target)
            if stop < end { stop = ByteScan.nextNewline(bytes, in: (stop - 1)..<end).map { $0 + 1 } ?? end }
            pieces.append(start..<stop)
            start = stop
        }
        return pieces
    }

    /// The lines in `range` of `bytes`, without their LF or CRLF endings.
    package static func lines(in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = range.lowerBound
        while start < range.upperBound {
            let newline = ByteScan.nextNewline(bytes, in: start..<range.upperBound)
            var end = newline ?? range.upperBound
            if newline != nil && end > start && bytes[end - 1] == ByteScan.carriageReturn { end -= 1 }
            result.append(start..<end)
            start = (newline ?? range.upperBound - 1) + 1
        }
        return result
    }
}
