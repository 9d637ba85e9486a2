/// Finds the lines that can match, by the bytes every match contains (the pattern's required
/// bytes, from PCRE2): a line without any of them is skipped with `memchr` instead of being
/// searched. Each byte's next occurrence is remembered, so every byte is looked for at most
/// once across a range however many lines are asked for.
///
/// It gives up on a range where it skips nothing (the required byte is on nearly every line,
/// as `.` is in e-mail addresses): then looking for it only costs time.
struct CandidateLines {
    /// A run of bytes every match holds, looked for instead of the required bytes when known.
    private let literal: RequiredLiteral?
    /// Texts of which every match holds one, looked for instead of the required bytes when known
    /// (and no ``literal`` is).
    private let literals: LiteralSet?
    /// The literal's next offset, as ``NextByte/next`` is for a byte.
    private var nextLiteral = -1
    /// The literal's starts, when they were found beforehand (in order), and the first not
    /// yet passed.
    private let literalStarts: [Int]?
    private var startIndex = 0
    /// The required bytes: PCRE2's one required code unit, and its other case when it is a
    /// letter (``Pattern/requiredBytes()``), so one or two; each in a slot of its own rather
    /// than an array, whose bounds and copy-on-write checks per line cost more than the
    /// `memchr` on short lines.
    private var first: NextByte?
    private var second: NextByte?
    /// Whether every match holds a character outside ASCII (``LineSearch/requiresNonASCII``),
    /// looked for instead of the required bytes when no literal is known; and its next offset.
    private let nonASCII: Bool
    private var nextNonASCII = -1
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
    /// `nonASCII`: every match holds a character outside ASCII, so a line of ASCII alone is
    /// skipped (a script class such as `\p{Cyrillic}`: PCRE2 names no required byte for it).
    init(
        required: [UInt8], literal: RequiredLiteral? = nil, literals: LiteralSet? = nil, literalStarts: [Int]? = nil,
        nonASCII: Bool = false
    ) {
        precondition(required.count <= 2, "CandidateLines: a required code unit and its other case at most")
        self.literal = literal
        self.literals = literal == nil ? literals : nil
        self.literalStarts = literal == nil ? nil : literalStarts
        self.nonASCII = nonASCII && literal == nil && literals == nil
        if literal == nil && literals == nil && !nonASCII {
            first = required.first.map(NextByte.init)
            second = required.count == 2 ? NextByte(required[1]) : nil
        }
        isActive = !required.isEmpty || literal != nil || literals != nil || nonASCII
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
        } else if let literals, nextLiteral < position {
            nextLiteral = literals.firstHit(in: bytes, range: position..<end)?.offset ?? end
        }
        if literal != nil || literals != nil { found = nextLiteral }
        if nonASCII {
            if nextNonASCII < position { nextNonASCII = ByteScan.nextNonASCII(bytes, in: position..<end) ?? end }
            found = nextNonASCII
        }
        if let next = first?.offset(from: position, before: end, in: bytes) { found = min(found, next) }
        if let next = second?.offset(from: position, before: end, in: bytes) { found = min(found, next) }
        guard found < end else { return nil }
        self.found = found
        let line = ByteScan.lastNewline(bytes, in: position..<found).map { $0 + 1 } ?? position
        probes += 1
        if line == position { useless += 1 }
        if probes >= 16 && 2 * useless > probes { isActive = false }
        return line
    }

    /// A required byte and its next offset at or after the last place it was looked for from
    /// (the range's end when there is none; -1 before the first look).
    private struct NextByte {
        let byte: UInt8
        var next = -1

        init(_ byte: UInt8) { self.byte = byte }

        /// The byte's first offset at or after `position` (before `end`, else `end`); looked for
        /// only when the last one found lies before `position`.
        @inline(__always)
        mutating func offset(from position: Int, before end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
            if next < position { next = ByteScan.next(byte, in: bytes, range: position..<end) ?? end }
            return next
        }
    }
}
