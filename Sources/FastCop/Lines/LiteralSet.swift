#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The literal texts of which every match of a pattern holds one, read from its source, and
/// the scan for them: each alternative of the pattern gives one, the alternative itself when it
/// is nothing but literal text (`apple|banana|cherry`, the joined `(?:foo)|(?:bar)` of several
/// `-e`, `-F` texts: an *exact* text), else its longest run of literal characters that every
/// match of it holds (`timeout` in `read timeout|ERROR \[svc-\d+\]`). A line holding an exact
/// text is selected without running PCRE2 (ripgrep does the same with its literal searchers);
/// a line holding another is a candidate that PCRE2 judges, and a line holding none is skipped.
///
/// Up to 12 texts are found by a fingerprint scan of their first bytes (``FingerprintScan``,
/// where the machine has a byte shuffle; else a SIMD probe on two rare bytes of each); larger
/// sets, and sets with a one-byte text, by a ``LiteralAutomaton``.
/// Case-insensitive texts fold ASCII letters; PCRE2 (UTF, caseless, with or without UCP) also
/// matches `k` with U+212A (KELVIN SIGN) and `s` with U+017F (LONG S), and nothing else outside
/// ASCII with an ASCII letter (checked over every code point), so those spellings of a text are
/// looked for too, or, for a text with many `k` and `s`, a line holding either sign is a
/// candidate. A non-ASCII letter that has other cases ends a run under `-i` (its other cases
/// are not looked for).
///
/// Read conservatively from the pattern's items (``PatternSyntax``, ``Parser``): a pattern with
/// an alternative whose required text cannot be shown (no literal run, a class, an escape by a
/// letter other than the few that match one character class, an inline option, `\Q`, a verb, a
/// condition, a comment, extended mode) gives no set.
package struct LiteralSet: Sendable {
    /// The texts: the exact ones, then those whose lines PCRE2 judges; under `-i` in lower case.
    package let texts: [[UInt8]]
    /// Whether every alternative is its text, so that a line holding one is selected as it is.
    package let isExact: Bool
    /// Whether an alternative is empty: every line matches.
    package let matchesEveryLine: Bool
    /// Whether ASCII letters match either case.
    package let caseInsensitive: Bool
    /// Whether a text is also looked for spelled with U+212A or U+017F (`-i`, a `k` or an `s`).
    package let spellsSigns: Bool
    /// Whether a line holding U+212A or U+017F is a candidate (`-i` and a text with more than
    /// ``maximumSpelledFolds`` `k` and `s`).
    package let foldsOutsideASCII: Bool
    /// The texts the probes look for: ``texts``, under `-i` also spelled with U+212A and U+017F
    /// (and those signs themselves when a text has too many `k` and `s`); the first
    /// ``exactProbes`` of them exact.
    private let probeTexts: [[UInt8]]
    private let exactProbes: Int
    /// For each text, its two rarest bytes' offsets, the bytes (lower case for letters when
    /// case-insensitive), and the case bit OR-ed into the input byte before comparing; empty when
    /// the set is searched by ``automaton``.
    private let probes: [Probe]
    /// The longest text's length (of those searched).
    private let longest: Int
    /// The one text of a case-sensitive set, searched 64 positions at a time.
    package private(set) var single: RequiredLiteral?
    /// The automaton of a set the probes do not take.
    private let automaton: LiteralAutomaton?
    /// The probe texts' fingerprint scan, which replaces the probes on a machine with a byte
    /// shuffle (SSSE3 or AVX2): its cost per 16 bytes does not grow with the texts.
    private let fingerprint: FingerprintScan?

    /// The bytes repeated in all 16 lanes, made once: a splat built inside the loop compiles to
    /// 16 stores through memory.
    private struct Probe: Sendable {
        var firstOffset: Int
        var first: SIMD16<UInt8>
        var firstFold: SIMD16<UInt8>
        var secondOffset: Int
        var second: SIMD16<UInt8>
        var secondFold: SIMD16<UInt8>
    }

    /// The most texts searched by probes; more go to the automaton (each text adds a compare
    /// per 16 bytes).
    static let maximumTexts = 12

    /// The shortest text looked for when it is not exact: a shorter one is on too many lines.
    static let minimumRequired = 3

    /// The set `source` gives, or nil when an alternative has no text known to be required.
    init?(source: String, options: Pattern.Options) {
        self.init(PatternSyntax(source, options: options), options: options)
    }

    /// The set the pattern read as `syntax` gives, or nil when an alternative has no text known
    /// to be required.
    init?(_ syntax: PatternSyntax, options: Pattern.Options) {
        guard !options.contains(.extended) else { return nil }
        let caseInsensitive = options.contains(.caseInsensitive)
        if options.contains(.literal) {
            self.init(branches: [Branch(literal: syntax.bytes, caseInsensitive: caseInsensitive)], caseInsensitive)
            return
        }
        guard var parser = Parser(syntax, caseInsensitive: caseInsensitive), let branches = parser.alternation(),
            parser.readAll
        else { return nil }
        self.init(branches: branches, caseInsensitive)
    }

    /// The set of the literal texts `texts` (`-F` patterns), whatever pattern is searched with
    /// them (an alternation, or a trie when that is too large for PCRE2).
    package init?(texts: [String], options: Pattern.Options) {
        let caseInsensitive = options.contains(.caseInsensitive)
        // (Any run will do: the alternative, PCRE2 on thousands of texts, is slower still.)
        self.init(
            branches: texts.map { Branch(literal: Array($0.utf8), caseInsensitive: caseInsensitive) }, caseInsensitive,
            minimumRequired: 1)
    }

    private init?(branches: [Branch], _ caseInsensitive: Bool, minimumRequired: Int = Self.minimumRequired) {
        self.caseInsensitive = caseInsensitive
        matchesEveryLine = branches.contains { $0.exact && $0.text.isEmpty }
        isExact = branches.allSatisfy(\.exact)
        if matchesEveryLine {
            // Every line matches: nothing is looked for.
            (texts, foldsOutsideASCII, longest, probes, probeTexts, exactProbes) = ([], false, 0, [], [], 0)
            spellsSigns = false
            (single, automaton, fingerprint) = (nil, nil, nil)
            return
        }
        var seen = Set<[UInt8]>()
        var exact: [[UInt8]] = []
        var others: [[UInt8]] = []
        for branch in branches where !branch.text.isEmpty && seen.insert(branch.text).inserted {
            guard branch.exact || branch.text.count >= minimumRequired else { return nil }
            if branch.exact { exact.append(branch.text) } else { others.append(branch.text) }
        }
        if branches.contains(where: { !$0.exact && $0.text.isEmpty }) { return nil }
        texts = exact + others
        guard !texts.isEmpty || matchesEveryLine else { return nil }
        let folding = caseInsensitive ? texts.map(Self.foldingLetters) : texts.map { _ in 0 }
        foldsOutsideASCII = folding.contains { $0 > Self.maximumSpelledFolds }
        var searched: [(bytes: [UInt8], exact: Bool)] = []
        for (index, text) in texts.enumerated() {
            let exactText = index < exact.count
            if !caseInsensitive || folding[index] > Self.maximumSpelledFolds {
                searched.append((text, exactText))
            } else {
                searched += Self.spellings(of: text[...]).map { ($0, exactText) }
            }
        }
        if foldsOutsideASCII {
            searched += ["\u{212A}", "\u{017F}"].map { (bytes: Array($0.utf8), exact: false) }
        }
        spellsSigns = searched.count > texts.count
        // Exact texts first, so that the probes' index says which a text is.
        searched = searched.filter(\.exact) + searched.filter { !$0.exact }
        longest = searched.map(\.bytes.count).max() ?? 0
        if searched.count <= Self.maximumTexts && searched.allSatisfy({ $0.bytes.count >= 2 }) {
            automaton = nil
            probeTexts = searched.map(\.bytes)
            exactProbes = searched.count { $0.exact }
            single =
                probeTexts.count == 1 && exactProbes == 1 && !caseInsensitive && !matchesEveryLine
                ? RequiredLiteral(bytes: probeTexts[0]) : nil
            fingerprint = single == nil ? FingerprintScan(texts: probeTexts, caseInsensitive: caseInsensitive) : nil
            probes = probeTexts.map { text in
                let ranked = text.indices.sorted { RequiredLiteral.rank(text[$0]) < RequiredLiteral.rank(text[$1]) }
                let (a, b) = (min(ranked[0], ranked[1]), max(ranked[0], ranked[1]))
                let fold = { (byte: UInt8) -> UInt8 in caseInsensitive && Self.isLetter(byte) ? 0x20 : 0 }
                return Probe(
                    firstOffset: a, first: SIMD16(repeating: text[a]), firstFold: SIMD16(repeating: fold(text[a])),
                    secondOffset: b, second: SIMD16(repeating: text[b]), secondFold: SIMD16(repeating: fold(text[b])))
            }
            return
        }
        guard let automaton = LiteralAutomaton(texts: searched, foldsASCII: caseInsensitive) else { return nil }
        self.automaton = automaton
        single = nil
        fingerprint = nil
        probes = []
        probeTexts = []
        exactProbes = 0
    }

    /// The most `k` and `s` in a case-insensitive text whose spellings with U+212A and U+017F
    /// are all looked for (2^n of them); a line holding a text with more, or either sign, is
    /// judged by PCRE2.
    static let maximumSpelledFolds = 6

    /// The number of `k` and `s` in `text` (in lower case).
    private static func foldingLetters(_ text: [UInt8]) -> Int {
        text.count { $0 == UInt8(ascii: "k") || $0 == UInt8(ascii: "s") }
    }

    /// `text` (in lower case) with each `k` and `s` spelled either as it is or as U+212A and
    /// U+017F: the texts PCRE2's caseless matching takes for it, ASCII case aside.
    private static func spellings(of text: ArraySlice<UInt8>) -> [[UInt8]] {
        guard let index = text.firstIndex(where: { $0 == UInt8(ascii: "k") || $0 == UInt8(ascii: "s") }) else {
            return [Array(text)]
        }
        let sign: [UInt8] = text[index] == UInt8(ascii: "k") ? [0xE2, 0x84, 0xAA] : [0xC5, 0xBF]
        let head = Array(text[..<index])
        var result: [[UInt8]] = []
        for rest in spellings(of: text[(index + 1)...]) {
            result.append(head + [text[index]] + rest)
            result.append(head + sign + rest)
        }
        return result
    }

    /// Whether a line holding the literal text `text` may be left for PCRE2 to judge: under
    /// `-i`, a text with a non-ASCII letter that has other cases, or with more than
    /// ``maximumSpelledFolds`` `k` and `s`.
    package static func needsConfirmation(_ text: String, options: Pattern.Options) -> Bool {
        let caseInsensitive = options.contains(.caseInsensitive)
        let branch = Branch(literal: Array(text.utf8), caseInsensitive: caseInsensitive)
        return !branch.exact || caseInsensitive && foldingLetters(branch.text) > maximumSpelledFolds
    }

    /// Whether an exact text ends in `range` of `bytes` (a line): the whole range is read.
    package func holdsExact(in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> Bool {
        if matchesEveryLine { return true }
        if let automaton { return automaton.endsExact(in: bytes, range: range) }
        var start = range.lowerBound
        while let (found, index) = nextProbe(in: bytes, range: start..<range.upperBound) {
            if index < exactProbes { return true }
            start = found + 1
        }
        return false
    }

    /// The first place in `range` of `bytes` where a text is found: an offset inside it, and
    /// whether the text is exact (else PCRE2 judges the line); nil when none is. `range` starts
    /// at a line's start.
    package func firstHit(in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> (offset: Int, exact: Bool)? {
        if matchesEveryLine { return range.isEmpty ? nil : (range.lowerBound, true) }
        if let automaton { return automaton.firstEnd(in: bytes, range: range) }
        return nextProbe(in: bytes, range: range).map { ($0.offset, $0.index < exactProbes) }
    }

    /// The same set, its one text (``single``) looking first for the bytes least frequent in
    /// `sample` (``RequiredLiteral/ranked(by:sample:)``).
    func ranked(by frequencies: ByteFrequencies, sample: UnsafeBufferPointer<UInt8>) -> LiteralSet {
        var set = self
        set.single = single?.ranked(by: frequencies, sample: sample)
        return set
    }

    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    static func lower(_ byte: UInt8) -> UInt8 { isLetter(byte) ? byte | 0x20 : byte }

    /// The offset of the first place in `range` of `bytes` where one of the texts starts (and
    /// ends inside the range), or nil.
    ///
    /// Sixteen start positions at a time: for each text, its two rarest bytes compared at their
    /// places (16-byte compares); where one text's both are there, the text is compared whole.
    package func next(in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> Int? {
        nextProbe(in: bytes, range: range)?.offset
    }

    /// ``next(in:range:)`` with the index of the text found there (of ``probeTexts``; the
    /// first of them when several start there).
    private func nextProbe(in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> (offset: Int, index: Int)? {
        if let single { return single.next(in: bytes, range: range).map { ($0, 0) } }
        precondition(automaton == nil && !probes.isEmpty, "LiteralSet.next: a set of probes")
        guard let base = bytes.baseAddress else { return nil }
        var start = range.lowerBound
        if let fingerprint {
            // Windows of 16 start positions where the longest text fits in the range (every
            // read of the scan and the comparisons stays inside it).
            let end = range.upperBound - longest - 16 + 1
            while start < end, let (window, lanes) = fingerprint.next(in: base, from: start, before: end) {
                if let found = verify(base, at: window, lanes: lanes, buckets: fingerprint.buckets) { return found }
                start = window + 16
            }
            start = max(start, end)
            return verifyEach(base, from: start, upTo: range.upperBound, end: range.upperBound)
        }
        // Every load of the wide loops stays inside the range. Thirty-two positions at a time:
        // each probe's splats are loaded once for two compares (five texts cost 70 instructions
        // per 16 bytes with one).
        while start + 32 + longest <= range.upperBound {
            var low = SIMD2<UInt64>(repeating: 0)
            var high = SIMD2<UInt64>(repeating: 0)
            for probe in probes {
                low |= Self.pairs(base + start, probe)
                high |= Self.pairs(base + start + 16, probe)
            }
            let any = low | high
            if any[0] | any[1] != 0 {
                if low[0] | low[1] != 0, let found = verify(base, at: start) { return found }
                if high[0] | high[1] != 0, let found = verify(base, at: start + 16) { return found }
            }
            start += 32
        }
        while start + 16 + longest <= range.upperBound {
            var any = SIMD2<UInt64>(repeating: 0)
            for probe in probes {
                any |= Self.pairs(base + start, probe)
            }
            if any[0] | any[1] != 0, let found = verify(base, at: start) { return found }
            start += 16
        }
        return verifyEach(base, from: start, upTo: range.upperBound, end: range.upperBound)
    }

    /// The first of the 16 start positions from `at` where a whole text is: for each text, the
    /// lanes where its two bytes are, in order (every text fits: the caller checked).
    private func verify(_ base: UnsafePointer<UInt8>, at: Int) -> (offset: Int, index: Int)? {
        var first = 16
        var firstIndex = 0
        for (index, probe) in probes.enumerated() {
            let found = Self.pairs(base + at, probe)
            for word in 0..<2 {
                var flags = found[word]
                while flags != 0 {
                    let lane = 8 * word + flags.trailingZeroBitCount / 8
                    if lane >= first { break }
                    if matches(probeTexts[index], at: base + at + lane) {
                        first = lane
                        firstIndex = index
                        break
                    }
                    flags &= ~(0xFF << UInt64(8 * (lane - 8 * word)))
                }
            }
        }
        return first < 16 ? (at + first, firstIndex) : nil
    }

    /// The first of the 16 start positions from `at` where a whole text is, of those whose
    /// `lanes` byte (a ``FingerprintScan`` window) names a bucket: the texts of the buckets
    /// named are compared there; the lowest index wins at one position.
    private func verify(
        _ base: UnsafePointer<UInt8>, at: Int, lanes: SIMD16<UInt8>, buckets: [[Int]]
    ) -> (offset: Int, index: Int)? {
        for lane in 0..<16 where lanes[lane] != 0 {
            var bits = lanes[lane]
            var best = Int.max
            while bits != 0 {
                for index in buckets[bits.trailingZeroBitCount]
                where index < best && matches(probeTexts[index], at: base + at + lane) {
                    best = index
                }
                bits &= bits &- 1
            }
            if best != Int.max { return (at + lane, best) }
        }
        return nil
    }

    /// The start positions `at..<at + 16` where the probe's two bytes are at their places: a
    /// byte of 0xFF for each, in two words.
    @inline(__always)
    private static func pairs(_ at: UnsafePointer<UInt8>, _ probe: Probe) -> SIMD2<UInt64> {
        let raw = UnsafeRawPointer(at)
        let first = raw.loadUnaligned(fromByteOffset: probe.firstOffset, as: SIMD16<UInt8>.self)
        let second = raw.loadUnaligned(fromByteOffset: probe.secondOffset, as: SIMD16<UInt8>.self)
        let found = ((first | probe.firstFold) .== probe.first) .& ((second | probe.secondFold) .== probe.second)
        return unsafeBitCast(found, to: SIMD2<UInt64>.self)
    }

    /// The first start position in `from..<to` where a whole text is and ends by `end`.
    private func verifyEach(
        _ base: UnsafePointer<UInt8>, from: Int, upTo to: Int, end: Int
    ) -> (offset: Int, index: Int)? {
        var position = from
        while position < to {
            for (index, text) in probeTexts.enumerated()
            where position + text.count <= end && matches(text, at: base + position) {
                return (position, index)
            }
            position += 1
        }
        return nil
    }

    @inline(__always)
    private func matches(_ text: [UInt8], at pointer: UnsafePointer<UInt8>) -> Bool {
        guard caseInsensitive else {
            return text.withUnsafeBufferPointer { memcmp(pointer, $0.baseAddress!, $0.count) == 0 }
        }
        for index in text.indices where Self.lower(pointer[index]) != text[index] { return false }
        return true
    }

}
