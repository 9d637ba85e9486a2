extension LineSearch {
    /// The state of one piece's search: the line number reached and what was selected.
    struct Scan {
        let search: LineSearch
        let bytes: UnsafeBufferPointer<UInt8>
        private var result = Result()
        /// Where selected lines go.
        private let output: OutputBuffer
        /// Line numbers are counted only with `-n`: `countedLine` is the number of the line
        /// starting at `countedOffset` (nil when lines are not counted).
        private var countedOffset: Int
        private var countedLine: Int?
        /// The block's offset in the input.
        private let blockOffset: Int
        /// Selected lines not yet copied to the output: `bytes[pending]` is exactly their
        /// output (whole lines with their newlines, no prefix), so that a run of selected
        /// lines is copied at once.
        private var pending = 0..<0

        /// Lines judged one by one in a row of block scans, and the scans' start: when judged
        /// lines are dense, scanning costs more than judging every line.
        private var judged = 0
        /// The required literal's starts in the range being searched, when
        /// ``checkFindingLiteral(_:)`` found them while checking its UTF-8.
        private var literalStarts: [Int] = []
        private var startsKnown = false
        /// Every line and its verdict, when the search ``LineSearch/recordsVerdicts``: the
        /// output's arrays (their memory kept from block to block), held here while the piece
        /// is searched so that an append is not an access to a class's property (the exclusivity
        /// checks of two appends per line were 10% of `Batch.matchLines`' samples).
        private var everyLine: [Range<Int>] = []
        private var verdicts: [LineVerdict] = []
        /// The line pattern's matcher (its code and this thread's scratch looked up once),
        /// unless the search has several patterns.
        private let lineMatcher: ByteMatcher?

        init(
            search: LineSearch, bytes: UnsafeBufferPointer<UInt8>, start: Int, line: Int?, blockOffset: Int,
            output: OutputBuffer
        ) {
            self.search = search
            self.output = output
            self.bytes = bytes
            self.blockOffset = blockOffset
            countedOffset = start
            countedLine = line
            lineMatcher =
                search.morePatterns.isEmpty ? try? ByteMatcher(search.linePattern, whole: search.wholeLine) : nil
            if search.recordsVerdicts {
                swap(&everyLine, &output.everyLine)
                swap(&verdicts, &output.verdicts)
            }
        }

        /// Checks that `range` is valid UTF-8 and finds the required literal's starts in it, in one
        /// pass (``RequiredLiteral/starts(in:range:into:)``): the first invalid byte, or nil. The
        /// next searches look for candidate lines among those starts.
        mutating func checkFindingLiteral(_ range: Range<Int>) -> Int? {
            guard let literal = search.checkingLiteral else { return nil }
            literalStarts.removeAll(keepingCapacity: true)
            startsKnown = true
            return literal.starts(in: bytes, range: range, into: &literalStarts)
        }

        /// Candidate lines by the pattern's required bytes or literal.
        private func candidateLines() -> CandidateLines {
            CandidateLines(
                required: search.requiredBytes, literal: search.requiredLiteral, literals: search.candidateLiterals,
                literalStarts: startsKnown ? literalStarts : nil, nonASCII: search.requiresNonASCII)
        }

        /// Makes room for the lines of `bytes` bytes of text when every line is recorded (the
        /// arrays grew from nothing in every call of `Batch.matchLines`, and their copies were
        /// 5% of its samples): one per 16 bytes, more only for shorter lines.
        mutating func reserveLines(forBytes bytes: Int) {
            guard search.recordsVerdicts else { return }
            everyLine.reserveCapacity(everyLine.count + bytes / 16)
            verdicts.reserveCapacity(verdicts.count + bytes / 16)
        }

        /// The result, with every selected line in the output buffer.
        mutating func finish() -> Result {
            flush()
            if search.recordsVerdicts {
                swap(&everyLine, &output.everyLine)
                swap(&verdicts, &output.verdicts)
            }
            return result
        }

        /// Searches `range`, whose bytes are valid UTF-8; `onlyLineFeeds` says that its only
        /// line ending is LF.
        mutating func searchValid(_ range: Range<Int>, onlyLineFeeds: Bool) {
            guard !range.isEmpty else { return }
            if let literals = search.exactLiterals {
                selectLines(holding: literals, in: range)
                return
            }
            // One matcher for the range's scans (the pattern and the thread's scratch looked up
            // once, not at every candidate line).
            guard let blockPattern = onlyLineFeeds ? search.blockPatternLF : search.blockPattern,
                let matcher = try? ByteMatcher(blockPattern)
            else {
                lineByLine(range, validUTF8: true)
                return
            }
            let subject = UnsafeBufferPointer(rebasing: bytes[range])
            let base = range.lowerBound
            var position = base
            var candidates = candidateLines()
            judged = 0
            while position < range.upperBound {
                if judged >= 64 && position - base < judged * 256 {
                    lineByLine(position..<range.upperBound, validUTF8: true)
                    return
                }
                // The subject the scan may look at: with candidates, the candidate line only (and
                // its LF), so that a candidate without a match does not start a long scan.
                var scanned = subject
                // The candidate line's end (after its LF), when the scan is limited to it.
                var limit: Int?
                if candidates.isActive {
                    guard let line = candidates.firstLine(from: position, before: range.upperBound, in: bytes) else {
                        break
                    }
                    skipLines(position..<line)
                    position = line
                    // No LF between the line's start and the byte that made it a candidate.
                    let end =
                        ByteScan.nextNewline(bytes, in: candidates.found..<range.upperBound).map { $0 + 1 }
                        ?? range.upperBound
                    scanned = UnsafeBufferPointer(rebasing: subject[0..<(end - base)])
                    limit = end
                }
                let found: Range<Int>?
                do {
                    found = try matcher.firstMatchRange(in: scanned, from: position - base, validUTF8: true)
                } catch {
                    // The scan gave up at a limit: judge the remaining lines one by one.
                    lineByLine(position..<range.upperBound, validUTF8: true)
                    return
                }
                guard let found else {
                    if scanned.count == subject.count { break }
                    // No match on the candidate line: on to the next candidate.
                    skipLines(position..<(base + scanned.count))
                    position = base + scanned.count
                    continue
                }
                let start = base + found.lowerBound
                // An empty match after the last newline is not on a line.
                if start == range.upperBound && bytes[start - 1] == ByteScan.newline { break }
                // A match that starts on the candidate line (from `position` to `limit`): the line
                // is known, no byte of it is scanned again.
                let onCandidate = limit.map { start < $0 } ?? false
                let lineEnd =
                    if let limit, onCandidate {
                        bytes[limit - 1] == ByteScan.newline ? limit - 1 : limit
                    } else {
                        ByteScan.nextNewline(bytes, in: start..<range.upperBound) ?? range.upperBound
                    }
                let end = base + found.upperBound
                // With LF line endings only, a match inside its line is one the per-line pattern
                // finds too (for a whole-line match it must also span the line). Counting, the
                // line's start is not even needed.
                let inside = (onlyLineFeeds || search.lineFeedsOnly) && end <= lineEnd
                if inside && !search.wholeLine && search.countOnly && !search.invert {
                    result.selected += 1
                    position = lineEnd + 1
                    continue
                }
                let lineStart =
                    onCandidate
                    ? position : ByteScan.lastNewline(bytes, in: position..<start).map { $0 + 1 } ?? position
                skipLines(position..<lineStart)
                if inside && (!search.wholeLine || (start == lineStart && end == lineEnd)) {
                    if !search.invert { emit(lineStart, lineEnd) }
                    position = lineEnd + 1
                } else {
                    position = judgeLine(at: lineStart, end: range.upperBound, validUTF8: true)
                    judged += 1
                }
            }
            if position < range.upperBound { skipLines(position..<range.upperBound) }
        }

        /// Selects the lines in `range` that hold one of `literals`, which are the whole pattern:
        /// found by ``LiteralSet/firstHit(in:range:)``, with no match call (a line where the text
        /// found must be confirmed, U+212A or U+017F under `-i`, is judged by PCRE2). An
        /// alternation of five words on a million lines matched on nearly half of them took
        /// one PCRE2 call per selected line before.
        mutating func selectLines(holding literals: LiteralSet, in range: Range<Int>) {
            var position = range.lowerBound
            var known = 0  // the first of `literalStarts` not passed
            while position < range.upperBound,
                let (found, exact) = nextText(of: literals, in: position..<range.upperBound, &known)
            {
                let lineEnd = ByteScan.nextNewline(bytes, in: found..<range.upperBound) ?? range.upperBound
                // A text to confirm: PCRE2 judges the line, unless the pattern confirms only such
                // texts and an exact one is on the line too.
                if !exact {
                    let lineStart = ByteScan.lastNewline(bytes, in: position..<found).map { $0 + 1 } ?? position
                    if !search.literalsDecide || !literals.holdsExact(in: bytes, range: lineStart..<lineEnd) {
                        skipLines(position..<lineStart)
                        position = judgeLine(at: lineStart, end: range.upperBound, validUTF8: true)
                        continue
                    }
                }
                if search.countOnly && !search.invert {
                    result.selected += 1
                } else {
                    let lineStart = ByteScan.lastNewline(bytes, in: position..<found).map { $0 + 1 } ?? position
                    skipLines(position..<lineStart)
                    if !search.invert { emit(lineStart, lineEnd) }
                }
                position = lineEnd + 1
            }
            if position < range.upperBound { skipLines(position..<range.upperBound) }
        }

        /// The first place in `range` where one of `literals` starts: from ``literalStarts`` when
        /// they are known (`known` is the first not passed yet), else by a scan.
        private func nextText(
            of literals: LiteralSet, in range: Range<Int>, _ known: inout Int
        ) -> (offset: Int, exact: Bool)? {
            guard startsKnown else { return literals.firstHit(in: bytes, range: range) }
            while known < literalStarts.count && literalStarts[known] < range.lowerBound { known += 1 }
            return known < literalStarts.count && literalStarts[known] < range.upperBound
                ? (literalStarts[known], true) : nil
        }

        /// Counts the line starting at `start`, which is not valid UTF-8, and remembers the first.
        mutating func noteInvalidLine(at start: Int) {
            result.invalidLines += 1
            if result.firstInvalid == nil { result.firstInvalid = (start, line(at: start)) }
        }

        /// The number of the line starting at `offset` (at or after the last one asked for).
        private mutating func line(at offset: Int) -> Int? {
            guard let counted = countedLine else { return nil }
            countedLine = counted + ByteScan.newlines(bytes, in: countedOffset..<offset)
            countedOffset = offset
            return countedLine
        }

        /// Lines the block scan found no match in: selected only with `--invert` (the check is
        /// inlined: the scan skips lines at every candidate).
        @inline(__always)
        private mutating func skipLines(_ range: Range<Int>) {
            guard !range.isEmpty, search.invert || search.recordsVerdicts else { return }
            if search.recordsVerdicts {
                recordUnmatched(range)
            } else {
                selectSkipped(range)
            }
        }

        /// Records the lines in `range`, in which the scan found no match, as not matched.
        private mutating func recordUnmatched(_ range: Range<Int>) {
            var position = range.lowerBound
            while position < range.upperBound {
                let end = ByteScan.nextNewline(bytes, in: position..<range.upperBound) ?? range.upperBound
                record(position, textEnd(position, end), .noMatch)
                position = end + 1
            }
        }

        /// Selects lines the block scan found no match in (`--invert`).
        private mutating func selectSkipped(_ range: Range<Int>) {
            if !search.lineNumbers && search.prefix.isEmpty && !search.recordsLines {
                result.selected += ByteScan.lines(bytes, in: range)
                if search.countOnly { return }
                if bytes[range.upperBound - 1] == ByteScan.newline {
                    append(range)
                } else {
                    flush()
                    output.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
                    output.bytes.append(ByteScan.newline)
                }
                return
            }
            var position = range.lowerBound
            while position < range.upperBound {
                let end = ByteScan.nextNewline(bytes, in: position..<range.upperBound) ?? range.upperBound
                emit(position, end)
                position = end + 1
            }
        }

        /// Judges each line in `range` with the per-line pattern (those that can match).
        private mutating func lineByLine(_ range: Range<Int>, validUTF8: Bool) {
            var candidates = candidateLines()
            let matcher = lineMatcher
            var position = range.lowerBound
            while position < range.upperBound {
                if candidates.isActive {
                    guard let line = candidates.firstLine(from: position, before: range.upperBound, in: bytes) else {
                        skipLines(position..<range.upperBound)
                        return
                    }
                    skipLines(position..<line)
                    position = line
                }
                position = judgeLine(at: position, end: range.upperBound, validUTF8: validUTF8, matcher: matcher)
            }
        }

        /// Judges the line starting at `start` with the per-line pattern; returns where the next
        /// line starts. `validUTF8` says whether the line is known to be valid UTF-8 (if not,
        /// PCRE2 checks it and an invalid line is reported).
        mutating func judgeLine(at start: Int, end limit: Int, validUTF8: Bool) -> Int {
            judgeLine(at: start, end: limit, validUTF8: validUTF8, matcher: lineMatcher)
        }

        /// ``judgeLine(at:end:validUTF8:)`` with the line matcher given, held by the caller for a
        /// run of lines: read from the scan at each line, its three references were retained
        /// and released every time (18% of `Batch.matchLines`' samples).
        private mutating func judgeLine(at start: Int, end limit: Int, validUTF8: Bool, matcher: ByteMatcher?) -> Int {
            let newline = ByteScan.nextNewline(bytes, in: start..<limit)
            let end = newline ?? limit
            let contentEnd = textEnd(start, end)
            let text = UnsafeBufferPointer(rebasing: bytes[start..<contentEnd])
            do {
                // (Optional chaining borrows the matcher; `if let` copied it, retaining again.)
                let found =
                    matcher != nil
                    ? try matcher?.firstMatchRange(in: text, validUTF8: validUTF8)
                    : try search.firstMatchRange(inLine: text, validUTF8: validUTF8)
                if (found != nil) != search.invert {
                    emit(start, end)
                } else if search.recordsVerdicts {
                    record(start, contentEnd, .noMatch)
                }
            } catch {
                let error =
                    error as? PatternError
                    ?? PatternError(kind: .match, message: "\(error)", pattern: search.linePattern.source)
                if search.recordsVerdicts {
                    record(start, contentEnd, error.kind == .invalidUTF8 ? .invalidUTF8 : .limit)
                }
                result.problems.append(Problem(offset: start, line: line(at: start), error: error))
            }
            return end + 1
        }

        /// Judges the line starting at `start`, which is not valid UTF-8, by the literal set alone
        /// (``LineSearch/literalsDecide``); returns where the next line starts.
        mutating func judgeByLiterals(at start: Int, end limit: Int) -> Int {
            let end = ByteScan.nextNewline(bytes, in: start..<limit) ?? limit
            guard let literals = search.exactLiterals, let hit = literals.firstHit(in: bytes, range: start..<end) else {
                if search.invert { emit(start, end) }
                return end + 1
            }
            guard hit.exact || literals.holdsExact(in: bytes, range: start..<end) else {
                // (Called with PCRE2_MATCH_INVALID_UTF only: PCRE2 needs no check.)
                return judgeLine(at: start, end: limit, validUTF8: true)
            }
            if !search.invert { emit(start, end) }
            return end + 1
        }

        /// Where the text of the line `start..<end` (`end` at its LF or the end of the input)
        /// ends: with ``LineSearch/crlf``, before a CR that ends the line, before its LF and at
        /// the input's end (as rg reads it, and as the printer cuts it for -o and colours), or,
        /// when the search ``LineSearch/recordsVerdicts``, before its LF only (the line
        /// splitter's lines).
        private func textEnd(_ start: Int, _ end: Int) -> Int {
            guard search.crlf && end > start && bytes[end - 1] == ByteScan.carriageReturn else { return end }
            let beforeLineFeed = end < bytes.count && bytes[end] == ByteScan.newline
            return beforeLineFeed || !search.recordsVerdicts ? end - 1 : end
        }

        /// Records the line whose text is `start..<end` and its verdict (``LineSearch/recordsVerdicts``).
        private mutating func record(_ start: Int, _ end: Int, _ verdict: LineVerdict) {
            everyLine.append((blockOffset + start)..<(blockOffset + end))
            verdicts.append(verdict)
        }

        /// Selects the line `start..<end` (`end` at its newline or the end of the input).
        private mutating func emit(_ start: Int, _ end: Int) {
            result.selected += 1
            guard !search.countOnly else { return }
            if search.recordsVerdicts {
                record(start, textEnd(start, end), .match)
                return
            }
            if search.recordsLines {
                output.lines.append(start..<end)
                if search.lineNumbers, let number = line(at: start) { output.lineNumbers.append(number) }
                return
            }
            if search.prefix.isEmpty && !search.lineNumbers && end < bytes.count && bytes[end] == ByteScan.newline {
                append(start..<(end + 1))
                return
            }
            flush()
            output.bytes.append(contentsOf: search.prefix)
            if search.lineNumbers, let number = line(at: start) { output.bytes.append(contentsOf: "\(number):".utf8) }
            output.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            output.bytes.append(ByteScan.newline)
        }

        /// Adds `range` (whole lines, as they are output) to the pending output.
        private mutating func append(_ range: Range<Int>) {
            if pending.upperBound == range.lowerBound && !pending.isEmpty {
                pending = pending.lowerBound..<range.upperBound
                return
            }
            flush()
            pending = range
        }

        /// Copies the pending lines to the output.
        private mutating func flush() {
            guard !pending.isEmpty else { return }
            output.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[pending]))
            pending = 0..<0
        }
    }
}
