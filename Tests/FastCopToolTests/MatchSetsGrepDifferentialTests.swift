import Foundation
import Testing

/// Sets of patterns in `fastcop match` against grep, as in ``MatchGrepDifferentialTests``: `-F -f`
/// lists of literals (up to 10,000, overlapping, prefixes of each other, non-ASCII, with empty
/// lines) against `grep -F -f`, regex lists and alternations against `grep -P` given their joined
/// form (grep 3.8 takes one `-P` pattern) and `grep -E -f`, each with `-v`, `-c`, `-o`, `-w`,
/// `-x`, `-n` and `-i`. The line search finds such lines by their literal texts (``LiteralSet``,
/// an Aho-Corasick automaton for large sets) and PCRE2 confirms only what the texts cannot
/// decide alone; these check that the answers are grep's all the same.
///
/// `-i` with `k` and `s` is compared with `grep -P -i`: PCRE2 matches `k` with U+212A (KELVIN
/// SIGN) and `s` with U+017F (LONG S), as fastcop does; GNU grep 3.8's `-F -i` matches U+017F
/// but not U+212A, and `i` with U+0131, by the locale's case mapping.
@Suite("fastcop match: sets of patterns against grep")
struct MatchSetsGrepDifferentialTests {
    /// A deterministic stream of numbers.
    struct Numbers {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
    }

    static let words = [
        "timeout", "Refused", "reset by peer", "RESET", "kelvin", "ſtatus", "\u{212A}elvin", "Kiosk", "status",
        "données", "Привет", "日本語", "naïve", "é", "10.0.0.", "10.0.0.1", "/api/v1/users", "id=", "took=",
        "ERROR", "error", "WARN", " ", "\t", "-", "x", "straße", "STRASSE", "Ωmega", "ab", "abc", "b",
    ]

    /// Lines of words, a few thousand, with the Latin-1 line and CRLF of the other corpus.
    static let corpus: [UInt8] = {
        var numbers = Numbers()
        var bytes: [UInt8] = []
        for index in 0..<3000 {
            for _ in 0..<(numbers.next(8)) {
                bytes += words[numbers.next(words.count)].utf8
                if numbers.next(3) == 0 { bytes += String(numbers.next(1000)).utf8 }
                if numbers.next(2) == 0 { bytes.append(0x20) }
            }
            if index % 97 == 0 { bytes += [0x63, 0x61, 0x66, 0xE9, 0x20, 0x31, 0x30, 0x2E] }  // "caf\xe9 10."
            if index % 89 == 0 { bytes.append(0x0D) }
            bytes.append(0x0A)
        }
        bytes += Array("last line without newline kelvin".utf8)
        return bytes
    }()

    /// A list of `count` literals: words and numbered words, prefixes of each other, non-ASCII.
    static func list(_ count: Int, seed: UInt64) -> [String] {
        var numbers = Numbers(state: seed)
        var texts: [String] = []
        while texts.count < count {
            let word = words[numbers.next(words.count)]
            switch numbers.next(4) {
            case 0: texts.append(word)
            case 1: texts.append(word + String(numbers.next(1000)))
            case 2: texts.append(String(word.prefix(1 + numbers.next(4))))
            default: texts.append("\(numbers.next(100_000))" + word)
            }
        }
        return texts
    }

    static let flagSets: [[String]] = [
        [], ["-c"], ["-v", "-c"], ["-v", "-n"], ["-o"], ["-w"], ["-x"], ["-n", "-i"], ["-c", "-i"], ["-o", "-i"],
    ]

    @Test("-F -f lists of 2, 40, 2,000 and 10,000 literals agree with grep -F -f", arguments: [2, 40, 2000, 10000])
    func literalLists(count: Int) throws {
        // grep -F -i folds by the locale, not as PCRE2: it takes U+212A for no letter (the -i
        // runs read a corpus without it; U+212A is compared with grep -P below). grep -F -o
        // prints the longest literal at a place, PCRE2's alternation the first listed (see
        // docs/tool.md): -o is compared for regex lists, and for a list too large for one
        // PCRE2 alternation, searched as tries (the longest literal at a place, as grep's), in
        // parts when one trie is too large as well. (Not -o -w: after a match, GNU grep -F -w
        // takes the next match's left edge for a line start: on "b-WARN " with WARN and a
        // space, it prints the space too, where grep -P -w and fastcop do not. Nor -o -i: the
        // list's texts spelled with U+212A match "Kelvin569" under PCRE2's -i, not grep -F's.)
        let texts = Self.list(count, seed: UInt64(count) &* 0x9E37_79B9)
        let withoutKelvin = Array(
            String(decoding: Self.corpus, as: UTF8.self).replacingOccurrences(of: "\u{212A}", with: "K").utf8)
        try MatchGrepDifferentialTests.withCorpus(Self.corpus) { tool, path in
            _ = try tool.write("list.txt", texts.joined(separator: "\n") + "\n")
            let caseless = try tool.write("caseless.txt", bytes: withoutKelvin)
            for flags in Self.flagSets + [["-n", "--color=always"]]
            where count > 5000 && flags != ["-o", "-i"] || !flags.contains("-o") && !flags.contains("--color=always") {
                let file = flags.contains("-i") ? caseless : path
                let ours = try tool.run(["match", "-F", "-f", tool.path("list.txt")] + flags + [file])
                let grep = try MatchGrepDifferentialTests.grep(
                    ["-a", "-F", "-f", tool.path("list.txt")] + flags + [file])
                #expect(ours.stdoutBytes.elementsEqual(grep.output), "\(count) literals \(flags)")
                #expect(ours.status == grep.status, "\(count) literals \(flags): status")
            }
        }
    }

    @Test("an empty line in a -F -f list matches every line, as in grep")
    func emptyLineInList() throws {
        try MatchGrepDifferentialTests.withCorpus(Self.corpus) { tool, path in
            for texts in [Self.list(10000, seed: 7) + [""], ["kelvin", "", "x"], [""]] {
                _ = try tool.write("list.txt", texts.joined(separator: "\n") + "\n")
                // (-w and -x need a pattern of all the texts, too large with 10,000; see above.)
                let flagSets =
                    [["-c"], ["-v", "-c"], [], ["-n", "-v"]] + (texts.count > 3 ? [] : [["-c", "-w"], ["-c", "-x"]])
                for flags in flagSets {
                    let ours = try tool.run(["match", "-F", "-f", tool.path("list.txt")] + flags + [path])
                    let grep = try MatchGrepDifferentialTests.grep(
                        ["-a", "-F", "-f", tool.path("list.txt")] + flags + [path])
                    #expect(ours.stdoutBytes.elementsEqual(grep.output), "\(texts.count) literals \(flags)")
                    #expect(ours.status == grep.status, "\(texts.count) literals \(flags): status")
                }
            }
        }
    }

    /// Alternations and lists whose every pattern requires a literal, and some that do not.
    static let regexSets: [[String]] = [
        ["timeout|refused|reset by peer"],
        ["timeout", "refused", "reset by peer"],
        ["kelvin|status", "KIOSK"],
        [#"ERROR \d+"#, "connection (refused|reset) by peer", #"took=\d{2,}"#, #"/api/v\d/users"#],
        ["colou?r|kelvin[0-9]", #"\bstra(ß|ss)e"#, "données|naïve"],
        ["straße|Ωmega", "Привет"],
        [#"\d+ERROR"#, "WARN"],  // the first requires no literal of 3 bytes
        ["abc|b", "x$"],
    ]

    @Test("regex lists and alternations agree with grep -P given the joined pattern", arguments: regexSets)
    func regexLists(patterns: [String]) throws {
        try MatchGrepDifferentialTests.withCorpus(Self.corpus) { tool, path in
            _ = try tool.write("patterns.txt", patterns.joined(separator: "\n") + "\n")
            let joined = patterns.count == 1 ? patterns[0] : patterns.map { "(?:\($0))" }.joined(separator: "|")
            for flags in Self.flagSets {
                var grepFlags = flags.filter { $0 != "-w" && $0 != "-x" }
                var pattern = joined
                if flags.contains("-x") { pattern = "^(?:\(pattern))$" }
                if flags.contains("-w") { pattern = #"(?<!\w)(?:"# + pattern + #")(?!\w)"# }
                grepFlags += ["-a", "-P", "(*UCP)" + pattern, path]
                let grep = try MatchGrepDifferentialTests.grep(grepFlags)
                let ours = try tool.run(["match", "-f", tool.path("patterns.txt")] + flags + [path])
                #expect(ours.stdoutBytes.elementsEqual(grep.output), "\(patterns) \(flags)")
                #expect(ours.status == grep.status, "\(patterns) \(flags): status")
                let repeated = try tool.run(["match"] + patterns.flatMap { ["-e", $0] } + flags + [path])
                #expect(repeated.stdoutBytes.elementsEqual(grep.output), "-e \(patterns) \(flags)")
            }
        }
    }

    @Test("-f lists of regexes written alike in ERE agree with grep -E -f")
    func extendedLists() throws {
        try MatchGrepDifferentialTests.withCorpus(Self.corpus) { tool, path in
            let patterns = ["timeout|refused", "ERROR [0-9]+", "reset by (peer|host)", "took=[0-9]{2}", "Привет|naïve"]
            _ = try tool.write("patterns.txt", patterns.joined(separator: "\n") + "\n")
            for flags in [[], ["-c"], ["-v", "-c"], ["-o"], ["-n"]] {
                let ours = try tool.run(["match", "-f", tool.path("patterns.txt")] + flags + [path])
                let grep = try MatchGrepDifferentialTests.grep(
                    ["-a", "-E", "-f", tool.path("patterns.txt")] + flags + [path])
                #expect(ours.stdoutBytes.elementsEqual(grep.output), "\(flags)")
            }
        }
    }

    @Test("-i with k and s: lines holding U+212A or U+017F are judged by PCRE2, as grep -P -i judges them")
    func caselessSigns() throws {
        let lines = [
            "\u{212A}elvin", "ſtatus", "KELVIN", "kelvın", "STATUS", "kiosk", "\u{212A}io\u{017F}\u{212A}", "none",
            "ſ", "\u{212A}", "x ſtatuſ y", "ki\u{017F}s\u{212A}ssk\u{017F}s",
        ]
        try MatchGrepDifferentialTests.withCorpus(Array((lines.joined(separator: "\n") + "\n").utf8)) { tool, path in
            for set in [["kelvin", "status"], ["kiosk"], ["kissksskss"], ["status|zzz"], ["kelvin", "日本語"]] {
                let joined = set.map { "(?:\($0))" }.joined(separator: "|")
                for flags in [["-i"], ["-i", "-c"], ["-i", "-v"], ["-i", "-o"]] {
                    let grep = try MatchGrepDifferentialTests.grep(flags + ["-a", "-P", joined, path])
                    let ours = try tool.run(["match"] + flags + set.flatMap { ["-e", $0] } + [path])
                    #expect(ours.stdoutBytes.elementsEqual(grep.output), "\(set) \(flags)")
                    if !set.contains(where: { $0.contains("|") }) {
                        let fixed = try tool.run(["match", "-F"] + flags + set.flatMap { ["-e", $0] } + [path])
                        #expect(fixed.stdoutBytes.elementsEqual(grep.output), "-F \(set) \(flags)")
                    }
                }
            }
        }
    }
}
