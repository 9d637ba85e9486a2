/// Finds the lines that can match, by the bytes every match contains (the pattern's required
/// bytes, from PCRE2): a line without any of them is skipped with `memchr` instead of being
/// searched. Each byte's next occurrence is remembered, so every byte is looked for at most
/// once across a range however many lines are asked for.
///
/// It gives up on a range where it skips nothing (the required byte is on nearly every line,
/// as `.` is in e-mail addresses): then looking for it only costs time.
struct CandidateLines {
    private let required: [UInt8]
    /// A run of bytes every match holds, looked for instead of `required` when known.
    private let literal: RequiredLiteral?
    /// The literal's next offset, as `next` is for each byte.
    private var nextLiteral = -1
    /// The literal's starts, when they were found beforehand (in order), and the first not
    /// yet passed.
    private let literalStarts: [Int]?
    private var startIndex = 0
    /// For each required byte, its next offset at or after the last place it was looked for
    /// from, or the range's end when there is none; -1 before the first look.
    private var next: [Int]
    /// The one required byte, when there is one alone (a `.` or an `@`): looked for without
    /// the array loop, whose bounds and uniqueness checks cost more than the `memchr` on
    /// short lines.
    private let single: UInt8?
    private var nextSingle = -1
    private var probes = 0
    private var useless = 0
    /// Whether the search still looks for candidates in this range.
    private(set) var isActive: Bool
    /// Where the last line ``firstLine(from:before:in:)`` gave holds a required byte or the
    /// literal: its end is looked for from there, not from the line's start.
    private(set) var found = 0

    /// Candidates by the `required` bytes, or by the `literal` when there is one; `literalStarts`
    /// are its starts in the range searched when they are known (``RequiredLiteral/starts(in:
    /// range:into:)``).
    init(required: [UInt8], literal: RequiredLiteral? = nil, literalStarts: [Int]? = nil) {
        self.required = literal == nil ? required : []
        self.literal = literal
        self.literalStarts = literal == nil ? nil : literalStarts
        single = self.required.count == 1 ? self.required[0] : nil
        next = single == nil ? Array(repeating: -1, count: self.required.count) : []
        isActive = !required.isEmpty || literal != nil
    }

    /// The start of the first line at or after `position` (a line start) that holds a required
    /// byte, or nil when no line before `end` does.
    mutating func firstLine(from position: Int, before end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var found = end
        if let literalStarts, nextLiteral < position {
            while startIndex < literalStarts.count && literalStarts[startIndex] < position { startIndex += 1 }
            nextLiteral = startIndex < literalStarts.count ? min(literalStarts[startIndex], end) : end
        } else if let literal, nextLiteral < position {
            nextLiteral = literal.next(in: bytes, range: position..<end) ?? end
        }
        if literal != nil { found = nextLiteral }
        if let single {
            if nextSingle < position { nextSingle = ByteScan.next(single, in: bytes, range: position..<end) ?? end }
            found = min(found, nextSingle)
        }
        for index in next.indices {
            if next[index] < position {
                next[index] = ByteScan.next(required[index], in: bytes, range: position..<end) ?? end
            }
            found = min(found, next[index])
        }
        guard found < end else { return nil }
        self.found = found
        let line = ByteScan.lastNewline(bytes, in: position..<found).map { $0 + 1 } ?? position
        probes += 1
        if line == position { useless += 1 }
        if probes >= 16 && 2 * useless > probes { isActive = false }
        return line
    }
}
