import Testing

@testable import FastCop

/// `Batch.matchLines(_:in:wholeLine:)`, a sink of the line engine's searcher, against the
/// plainest reading of its contract: split at LF, drop a CR before it, and ask the pattern
/// about each line on its own (`hasMatch`/`hasWholeMatch` on a `String` when the line is
/// valid UTF-8, on its bytes when not, which reports the bad byte's offset).
@Suite("Batch.matchLines against a per-line loop")
struct BatchLinesDifferentialTests {
    /// One line's answer, as the loop gives it.
    struct Expected: Equatable {
        var lines: [Range<Int>] = []
        var verdicts: [LineVerdict] = []
        var problems: [String] = []
    }

    /// The lines of `bytes` and each one's verdict, one `Pattern` call per line.
    static func perLine(_ pattern: Pattern, in bytes: [UInt8], wholeLine: Bool) -> Expected {
        var expected = Expected()
        var start = 0
        while start < bytes.count {
            let newline = bytes[start...].firstIndex(of: 0x0A)
            var end = newline ?? bytes.count
            if newline != nil && end > start && bytes[end - 1] == 0x0D { end -= 1 }
            let line = Array(bytes[start..<end])
            let index = expected.lines.count
            expected.lines.append(start..<end)
            do {
                let matched: Bool
                if let text = String(validating: line, as: UTF8.self) {
                    matched = try wholeLine ? pattern.hasWholeMatch(in: text) : pattern.hasMatch(in: text)
                } else {
                    matched = try wholeLine ? pattern.hasWholeMatch(in: line) : pattern.hasMatch(in: line)
                }
                expected.verdicts.append(matched ? .match : .noMatch)
            } catch let error as PatternError {
                expected.verdicts.append(error.kind == .invalidUTF8 ? .invalidUTF8 : .limit)
                expected.problems.append(describe(index, error))
            } catch {
                Issue.record("not a PatternError: \(error)")
            }
            start = (newline ?? bytes.count - 1) + 1
        }
        return expected
    }

    static func describe(_ line: Int, _ error: PatternError) -> String {
        "\(line): \(error.kind) at \(error.offset.map(String.init) ?? "-") limit \(error.isLimit)"
    }

    static func batch(_ pattern: Pattern, in bytes: [UInt8], wholeLine: Bool, options: BatchOptions, blockSize: Int?)
        -> Expected
    {
        let result = bytes.withUnsafeBytes { buffer in
            blockSize.map {
                Batch(options: options).matchLines(pattern, in: buffer, wholeLine: wholeLine, blockSize: $0)
            } ?? Batch(options: options).matchLines(pattern, in: buffer, wholeLine: wholeLine)
        }
        return Expected(
            lines: result.lines, verdicts: result.verdicts,
            problems: result.problems.map { describe($0.line, $0.error) })
    }

    /// Pieces lines are made of: ASCII, non-ASCII (é, ß, emoji, a combining mark), CR, and
    /// bytes that are not UTF-8 (a stray byte, cut sequences, a surrogate, an overlong form).
    static let parts: [[UInt8]] =
        [
            "a", "b", "ab", "aaab", "x.com", "@", "zoë@x.de", "n1@mail.com", "É", "é", "ß", "SS", "😀", "e\u{301}", " ",
            "\t", "\r", "\u{85}", "AB", "word", "-",
        ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0x80]]

    /// A buffer of about `lines` random lines: LF or CRLF endings, empty lines, with or without
    /// a final LF.
    static func buffer(lines: Int, seed: UInt64) -> [UInt8] {
        var random = GeneratedPatternDifferentialTests.Generator(state: seed)
        var bytes: [UInt8] = []
        for index in 0..<lines {
            for _ in 0..<random.next(7) { bytes += random.pick(parts) }
            if random.next(29) == 0 { bytes.append(0xFE) }
            guard index < lines - 1 || random.next(2) == 0 else { break }
            if random.next(4) == 0 { bytes.append(0x0D) }
            bytes.append(0x0A)
        }
        return bytes
    }

    struct Case: CustomStringConvertible, Sendable {
        var source: String
        var options: Pattern.Options = []
        var description: String { "/\(source)/ \(options.rawValue)" }
    }

    static let cases: [Case] = [
        Case(source: Pattern.emailSource),
        Case(source: "é", options: .caseInsensitive),
        Case(source: "ß|ss", options: .caseInsensitive),
        Case(source: #"\w+"#, options: .asciiCharacterClasses),
        Case(source: #"\w+"#),
        Case(source: "^$"),
        Case(source: "^"),
        Case(source: #"\r"#),
        Case(source: #"a\r?$"#),
        Case(source: #"\bab?\b"#),
        Case(source: "x.com", options: .literal),
        Case(source: "^a.*b$", options: [.multiline, .dotMatchesNewlines]),
        Case(source: "(?i)é|ab"),
        Case(source: #"\x{85}"#),
        Case(source: "😀"),
    ]

    @Test("random lines: same lines, verdicts and problems, across blocks and threads", arguments: cases)
    func randomLines(row: Case) throws {
        let pattern = try Pattern(row.source, options: row.options)
        for seed: UInt64 in [1, 2, 3] {
            let bytes = Self.buffer(lines: 400, seed: seed &* 7919 &+ UInt64(row.source.utf8.count))
            for wholeLine in [false, true] {
                let expected = Self.perLine(pattern, in: bytes, wholeLine: wholeLine)
                #expect(expected.verdicts.contains(.invalidUTF8))
                for (options, blockSize) in [
                    (BatchOptions(), nil), (BatchOptions.sequential, 97), (BatchOptions(parallelism: 2), 1024),
                ] as [(BatchOptions, Int?)] {
                    let got = Self.batch(
                        pattern, in: bytes, wholeLine: wholeLine, options: options, blockSize: blockSize)
                    #expect(got == expected, "seed \(seed) wholeLine \(wholeLine) block \(blockSize ?? 0)")
                }
            }
        }
    }

    @Test("a buffer of many pieces searched on all threads gives the per-line answers")
    func manyPieces() throws {
        let bytes = Self.buffer(lines: 60_000, seed: 42)
        #expect(bytes.count > 4 * 64 * 1024)
        for (source, wholeLine) in [(Pattern.emailSource, true), ("é|@", false)] {
            let pattern = try Pattern(source)
            let expected = Self.perLine(pattern, in: bytes, wholeLine: wholeLine)
            for options in [BatchOptions(), BatchOptions(parallelism: 2, sequentialThreshold: 0)] {
                #expect(
                    Self.batch(pattern, in: bytes, wholeLine: wholeLine, options: options, blockSize: nil) == expected)
                #expect(
                    Self.batch(pattern, in: bytes, wholeLine: wholeLine, options: options, blockSize: 200_000)
                        == expected)
            }
        }
    }

    @Test("progress reaches the buffer's size; one thread keeps to the calling thread")
    func progressAndThreads() throws {
        let bytes = Self.buffer(lines: 40_000, seed: 9)
        let pattern = try Pattern(Pattern.emailSource)
        let expected = Self.perLine(pattern, in: bytes, wholeLine: true)
        let seen = Locked<[Int]>([])
        let threads = Locked<Set<String>>([])
        var options = BatchOptions.sequential
        options.progress = { done, total in
            #expect(total == bytes.count)
            seen.withLock { $0.append(done) }
            threads.withLock { _ = $0.insert("\(pthreadID())") }
        }
        let got = Self.batch(pattern, in: bytes, wholeLine: true, options: options, blockSize: 100_000)
        #expect(got == expected)
        let values = seen.withLock { $0 }
        #expect(values.count > 1 && values == values.sorted() && values.last == bytes.count)
        #expect(threads.withLock { $0 } == ["\(pthreadID())"])
        // Held to fewer threads than the pool has, or to all, the same answers.
        for width in 1...4 {
            #expect(LineWorkers.map(count: 11, width: width) { $0 * 3 } == (0..<11).map { $0 * 3 })
        }
    }

    @Test("lines that hit the match limit are .limit with their error, like the per-line loop")
    func limits() throws {
        let small = Pattern.Limits(matchLimit: 10_000, depthLimit: 10_000, heapLimit: 1 << 20)
        let long = String(repeating: "a", count: 40)
        let text = ["aab", long, "é", long + "!", "b", "", String(repeating: "a", count: 6_000), "ab\r"]
            .joined(separator: "\n")
        let bytes = Array(text.utf8) + [0x0A, 0x61, 0xFF] + Array("\n".utf8) + Array(long.utf8)
        // (PCRE2 answers `(a+)+b` at once: it looks for the b first. The others run away, the
        // last on lines of ASCII alone too, which a prefilter would call no match.)
        for (source, runsAway) in [
            (#"(a+)+\d"#, true), ("^(a+)+$", true), ("(a+)+b", false), (#"(a+)+\p{Cyrillic}"#, true),
        ] {
            let pattern = try Pattern(source, limits: small)
            for wholeLine in [false, true] {
                let expected = Self.perLine(pattern, in: bytes, wholeLine: wholeLine)
                #expect(expected.verdicts.contains(.limit) == runsAway, "/\(source)/ wholeLine \(wholeLine)")
                #expect(expected.verdicts.contains(.invalidUTF8))
                for (options, blockSize) in [(BatchOptions(), nil), (BatchOptions.sequential, 64)]
                    as [(BatchOptions, Int?)]
                {
                    let got = Self.batch(
                        pattern, in: bytes, wholeLine: wholeLine, options: options, blockSize: blockSize)
                    #expect(got == expected, "/\(source)/ wholeLine \(wholeLine)")
                }
            }
        }
    }

    @Test("edges: empty buffer, a lone LF, a CR ending the buffer, no final LF")
    func edges() throws {
        let pattern = try Pattern(#"^\r?$"#)
        for text in ["", "\n", "\r", "\r\n", "a\r", "a\r\r\n", "\n\n", "a", "a\nb", "a\nb\n"] {
            let bytes = Array(text.utf8)
            for wholeLine in [false, true] {
                let expected = Self.perLine(pattern, in: bytes, wholeLine: wholeLine)
                #expect(
                    Self.batch(pattern, in: bytes, wholeLine: wholeLine, options: BatchOptions(), blockSize: nil)
                        == expected, "\(text.debugDescription)")
            }
        }
        let empty = [UInt8]().withUnsafeBytes { Batch().matchLines(pattern, in: $0) }
        #expect(empty.lines.isEmpty && empty.verdicts.isEmpty && empty.problems.isEmpty)
    }
}
