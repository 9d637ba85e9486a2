import Testing

@testable import FastCop

/// The line engine's block search (``LineBlockReader`` + ``LineSearch``) in process, as
/// `fastcop match` drives it: blocks read ahead, pieces searched, output in input order.
@Suite("Line engine: block reader and block search")
struct LineSearchTests {
    /// What a search over `input` printed, the lines it selected and the problems it met.
    struct Outcome {
        var output: String
        var selected: Int
        /// Their offsets in the input, as the searcher hands them to its sink.
        var problems: [LineSearch.Problem]
    }

    static func search(
        _ pattern: String, in input: [UInt8], blockSize: Int = 64, pieces: Int = 3, wholeLine: Bool = false,
        invert: Bool = false, countOnly: Bool = false, lineNumbers: Bool = false, crlf: Bool = false
    ) throws -> Outcome {
        let search = try LineSearch(
            source: pattern, options: [.lineFeedOnly], wholeLine: wholeLine, crlf: crlf, invert: invert,
            countOnly: countOnly, lineNumbers: lineNumbers)
        var offset = 0
        let reader = LineBlockReader(blockSize: blockSize) { into, count in
            let taken = min(count, input.count - offset)
            input.withUnsafeBytes { bytes in
                if taken > 0 { into.copyMemory(from: bytes.baseAddress! + offset, byteCount: taken) }
            }
            offset += taken
            return taken
        }
        var outcome = Outcome(output: "", selected: 0, problems: [])
        var nextLine = 1
        guard try reader.start() else { return outcome }
        repeat {
            let block = reader.block
            for range in LineBlockReader.pieces(block, count: pieces) {
                let buffer = LineSearch.OutputBuffer()
                let result = search.search(
                    block, range: range, firstLine: lineNumbers ? nextLine : nil, blockOffset: reader.blockOffset,
                    into: buffer)
                nextLine += ByteScan.newlines(block, in: range)
                outcome.output += String(decoding: buffer.bytes, as: UTF8.self)
                outcome.selected += result.selected
                outcome.problems += result.problems.map { problem in
                    var problem = problem
                    problem.offset += reader.blockOffset
                    return problem
                }
            }
            reader.readAhead()
        } while try reader.advance()
        return outcome
    }

    @Test(
        "lines are selected the same across block sizes (lines longer than a block, CRLF, no final newline)",
        arguments: [16, 64, 4096])
    func blockSizes(blockSize: Int) throws {
        let long = String(repeating: "ß", count: 200) + " café " + String(repeating: "x", count: 300)
        let text = "first café\r\nnothing here\n\(long)\nlast café"
        let outcome = try Self.search("café", in: Array(text.utf8), blockSize: blockSize)
        #expect(outcome.output == "first café\r\n\(long)\nlast café\n")
        #expect(outcome.selected == 3)
        #expect(outcome.problems.isEmpty)
    }

    @Test("with crlf, a CRLF line matches a whole-line pattern without its CR; output keeps the CRLF")
    func crlf() throws {
        let input = Array("naïve\r\nnaïve!\r\n".utf8)
        let outcome = try Self.search("naïve", in: input, wholeLine: true, crlf: true)
        #expect(outcome.output == "naïve\r\n")
        #expect(outcome.selected == 1)
        // Without it the CR is part of the line, as in grep.
        #expect(try Self.search("naïve", in: input, wholeLine: true).selected == 0)
        #expect(try Self.search("naïve$", in: input, crlf: true).selected == 1)
        #expect(try Self.search("naïve$", in: input).selected == 0)
        // A CR that ends the input with no LF after it ends the line too (as rg --crlf reads it).
        let last = Array("a\r\nnaïve\r".utf8)
        #expect(try Self.search("naïve$", in: last, crlf: true).output == "naïve\r\n")
        #expect(try Self.search("naïve\r", in: last, crlf: true).selected == 0)
        #expect(try Self.search("naïve\r", in: last).selected == 1)
    }

    @Test("a last line without a newline is selected, printed with one, and counted")
    func noFinalNewline() throws {
        let input = Array("один\nдва\nтри".utf8)
        #expect(try Self.search("три", in: input).output == "три\n")
        #expect(try Self.search("два", in: input, invert: true, lineNumbers: true).output == "1:один\n3:три\n")
        #expect(try Self.search("и", in: input, countOnly: true).selected == 2)
    }

    @Test("a line of invalid UTF-8 is reported by line, never matches, and the search goes on")
    func invalidLine() throws {
        let input = Array("ok 1\n".utf8) + [0x6F, 0x6B, 0x20, 0xFF, 0x0A] + Array("ok 3 ✓\n".utf8)
        let outcome = try Self.search("ok", in: input, lineNumbers: true)
        #expect(outcome.output == "1:ok 1\n3:ok 3 ✓\n")
        #expect(outcome.problems.count == 1)
        let problem = try #require(outcome.problems.first)
        #expect(problem.line == 2)
        #expect(problem.offset == 5)
        #expect(problem.error.kind == .invalidUTF8)
        #expect(problem.error.offset == 3)
        let inverted = try Self.search("ok", in: input, invert: true)
        #expect(inverted.output == "")
        #expect(inverted.problems.map(\.offset) == [5])
        #expect(inverted.problems.first?.line == nil)
    }

    @Test(
        "a part that takes a line's LF and never gives it back, or multiline turned off: no line is missed",
        arguments: [
            #"x\R$"#, #"x\s++$"#, #"x\s*+$"#, #"(?>x\s+)$"#, #"\X$"#, #"(?-m)^b"#, #"(?i-m)^B"#, #"(?^)^b"#,
            #"x\s{1,3}+$"#, #"é\v?+$"#,
        ])
    func lineFeedTakenForGood(pattern: String) throws {
        let lines = ["x\r", "x ", "b", "x  \t", "é\u{0B}", "y", "xé", "x"]
        let input = Array(lines.map { $0 + "\n" }.joined().utf8)
        let alone = try Pattern(pattern, options: [.lineFeedOnly])
        let expected = try lines.filter { try alone.hasMatch(in: $0) }
        #expect(!expected.isEmpty)
        #expect(LineSearch.blockSearchMayMiss(PatternSyntax(pattern, options: [.lineFeedOnly])))
        for blockSize in [64, 4096] {
            let outcome = try Self.search(pattern, in: input, blockSize: blockSize, pieces: 1)
            #expect(outcome.output == expected.map { $0 + "\n" }.joined(), "block size \(blockSize)")
        }
    }

    @Test(
        "patterns the block search serves (no edge, atomic or possessive part) are not sent line by line",
        arguments: [
            #"x\s+$"#, #"(?i)^b"#, #"(?m)a$"#, #"[+*]+x"#, #"(?<n>a)\k<n>"#, #"a{2,3}?$"#, "[+]+", #"\\+"#, #"\++"#,
        ])
    func blockSearchKept(pattern: String) {
        #expect(!LineSearch.blockSearchMayMiss(PatternSyntax(pattern, options: [.lineFeedOnly])))
    }

    /// The check once read the text, and sent these line by line for a `\A`, `(?=`, `?+` or
    /// `(?…-` that is no such item (an escaped backslash, quoted text, a class, an option that
    /// leaves multiline on); read from the items, they are block searched and select what each
    /// line alone selects.
    @Test(
        "a backslash escaped, quoted text, a + in a class or an option that keeps multiline: block searched, same lines",
        arguments: [#"\\A"#, #"a\++$"#, #"[?+]x"#, #"\Q(?=\E"#, #"(?-i)^b"#, #"(?^m)^b"#, #"(?s-i:x.)"#])
    func blockSearchNoLongerRefused(pattern: String) throws {
        #expect(!LineSearch.blockSearchMayMiss(PatternSyntax(pattern, options: [.lineFeedOnly])))
        let lines = ["\\A", "a++", "a+", "?x", "+x", "(?=", "b", "ab", "x", "xy", "x\r", "B"]
        let input = Array(lines.map { $0 + "\n" }.joined().utf8)
        let alone = try Pattern(pattern, options: [.lineFeedOnly])
        let expected = try lines.filter { try alone.hasMatch(in: $0) }
        #expect(!expected.isEmpty)
        for blockSize in [64, 4096] {
            let outcome = try Self.search(pattern, in: input, blockSize: blockSize, pieces: 1)
            #expect(outcome.output == expected.map { $0 + "\n" }.joined(), "block size \(blockSize)")
        }
    }

    /// `(?*…)`, PCRE2's non-atomic lookahead, sees past a line's LF in a block as every
    /// lookaround does; the text check missed it, and `x(?*\n)` selected the line `x`, which
    /// neither the pattern on the line alone nor `grep -P` selects.
    @Test("a non-atomic lookahead is judged line by line")
    func nonAtomicLookahead() throws {
        #expect(LineSearch.blockSearchMayMiss(PatternSyntax(#"x(?*\n)"#, options: [.lineFeedOnly])))
        let outcome = try Self.search(#"x(?*\n)"#, in: Array("x\ny\nx\n".utf8), blockSize: 4096, pieces: 1)
        #expect(outcome.output == "")
    }

    @Test("a last line with no LF that ends in an invalid byte: the answer does not depend on the buffer's old bytes")
    func invalidLastByteIsStable() throws {
        for _ in 0..<20 {
            for (pattern, input, count) in [(#"\B"#, "a\u{FF}", 1), (#"\b"#, "a\u{FF}", 1)] {
                let search = try LineSearch(
                    source: pattern, options: [.lineFeedOnly, .matchInvalidUTF8], wholeLine: false, invert: false,
                    countOnly: true, lineNumbers: false)
                // The buffer's bytes after the input are garbage first: the reader's LF must win.
                let bytes = Array(input.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
                var offset = 0
                let reader = LineBlockReader(blockSize: 64) { into, room in
                    into.initializeMemory(as: UInt8.self, repeating: 0x41, count: room)
                    let taken = min(room, bytes.count - offset)
                    bytes.withUnsafeBytes { into.copyMemory(from: $0.baseAddress! + offset, byteCount: taken) }
                    offset += taken
                    return taken
                }
                #expect(try reader.start())
                let block = reader.block
                #expect(block.count == 2)
                let result = search.search(
                    block, range: 0..<block.count, firstLine: nil, blockOffset: 0, into: LineSearch.OutputBuffer())
                #expect(result.selected == count, "\(pattern)")
            }
        }
    }

    @Test("a byte order mark at the start is skipped; a line over the limit is a clear error")
    func byteOrderMarkAndLimit() throws {
        #expect(try Self.search("^a", in: [0xEF, 0xBB, 0xBF] + Array("a\nb\n".utf8)).output == "a\n")
        var offset = 0
        let reader = LineBlockReader(blockSize: 8, maxLineBytes: 32) { into, count in
            let taken = min(count, 100 - offset)
            into.initializeMemory(as: UInt8.self, repeating: UInt8(ascii: "z"), count: taken)
            offset += taken
            return taken
        }
        let error = #expect(throws: LineBlockReader.LineTooLong.self) { try reader.start() }
        #expect(error?.description == "a line is longer than 0 MiB: is this text?")
    }

    /// A line search reads no group, so its patterns capture nothing and a repeated group of
    /// one-character alternatives, capturing as written, is searched as their class: a line of
    /// 20,000 blanks before an `x` is answered (as a group, the search ran out of its budget).
    @Test("a repeated (\\s|,) on a long run of blanks is answered, and back references still work")
    func capturingGroupsAsClasses() throws {
        let line = "word" + String(repeating: " ", count: 20_000) + "x"
        let text = Array("\(line)\nend ,\naa\nab\n".utf8)
        let blanks = try Self.search(#"(\s|,)+$"#, in: text, blockSize: 4096)
        #expect(blanks.output == "end ,\n")
        #expect(blanks.problems.isEmpty)
        let repeated = try Self.search(#"(a)\1"#, in: text, blockSize: 4096)
        #expect(repeated.output == "aa\n")
        #expect(try Self.search(#"(?<x>a)\k<x>|(b)\g{-1}"#, in: Array("ab\nbb\n".utf8)).output == "bb\n")
    }

    @Test(
        "a pattern that may name a group by number keeps its groups",
        arguments: [
            (#"(a)\1"#, true), (#"\g{1}"#, true), (#"(a)(?1)"#, true), (#"(a)(?-1)"#, true), (#"(?R)?"#, true),
            (#"(a)?(?(1)b|c)"#, true), (#"(\s|,)+$"#, false), (#"(?-i:a)(?+"#, false), (#"(?i)(a|b)\0"#, false),
            (#"(?<x>a)\k<x>"#, false),
        ])
    func numberedGroups(pattern: String, numbers: Bool) {
        #expect(PatternSyntax(pattern, options: []).mayNumberGroups == numbers)
    }

    static let nonASCIICases: [(pattern: String, options: Pattern.Options, requires: Bool)] = [
        (#"\p{Cyrillic}{5,}"#, [], true), (#"[^\x00-\x7F]"#, [], true), (#"\d\p{Han}"#, [], true),
        (#"[\x{212A}]"#, [], true), (#"\p{Greek}+(?#c)x"#, [], true),
        // PCRE2 folds U+212A (Kelvin) to k; \p{L} and \P{Latin} hold ASCII letters or digits.
        (#"[\x{212A}]"#, [.caseInsensitive], false), (#"\p{L}+"#, [], false), (#"\P{Latin}"#, [], false),
        // Optional, in an alternation or a group, after an option setting: not read.
        (#"\p{Cyrillic}?x"#, [], false), (#"\p{Cyrillic}*"#, [], false), (#"\p{Greek}{0,3}"#, [], false),
        (#"\p{Greek}(?#c)*"#, [], false), (#"a|\p{Greek}"#, [], false), (#"(\p{Greek})"#, [], false),
        (#"(?i)\p{Greek}"#, [], false), (#"(*ACCEPT)\p{Greek}"#, [], false),
    ]

    @Test("a pattern every match of which holds a character outside ASCII skips ASCII lines, with PCRE2's answers")
    func nonASCIILines() throws {
        let lines = [
            "plain ascii line", "Привет, мир", "Ωmega and ωmega", "日本語のテキスト", "abc Привет x", "kelvin K",
            "\u{212A} kelvin sign", "ascii again 123", "x Ω x",
        ]
        let input = Array(lines.map { $0 + "\n" }.joined().utf8)
        for (pattern, options, requires) in Self.nonASCIICases {
            let search = try LineSearch(
                source: pattern, options: options.union(.lineFeedOnly), wholeLine: false, invert: false,
                countOnly: false, lineNumbers: false)
            #expect(search.requiresNonASCII == requires, "\(pattern)")
            guard options.isEmpty else { continue }
            let single = try Pattern(pattern, options: options)
            let expected = try lines.filter { try single.hasMatch(in: $0) }.map { $0 + "\n" }.joined()
            for blockSize in [16, 4096] {
                #expect(try Self.search(pattern, in: input, blockSize: blockSize).output == expected, "\(pattern)")
            }
        }
    }

    @Test("the next byte outside ASCII is found at every offset")
    func nextNonASCII() {
        for offset in 0..<200 {
            var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 200)
            bytes[offset] = 0xD0
            bytes.withUnsafeBufferPointer { buffer in
                #expect(ByteScan.nextNonASCII(buffer, in: 0..<200) == offset)
                #expect(ByteScan.nextNonASCII(buffer, in: 0..<offset) == nil)
                #expect(ByteScan.nextNonASCII(buffer, in: (offset + 1)..<200) == nil)
            }
        }
    }
}
