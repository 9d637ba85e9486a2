/// The benchmark's data: deterministic, generated on the spot, the same on every run.
enum DataSets {
    /// Seeds, one per data set, so that sections do not share a stream.
    static let emailSeed: UInt64 = 0x00E4_A11
    static let textSeed: UInt64 = 0x7E_C5
    static let linesSeed: UInt64 = 0x11_4E5

    /// One more email-like string from `random` (as ``emails(count:)`` makes them), for data
    /// too large to hold as strings: the `lines` section streams them to a file.
    static func nextEmail(_ random: inout SplitMix64) -> String {
        email(&random)
    }

    /// `count` email-like strings, about half of them matching `Pattern.emailSource` as a
    /// whole, with non-ASCII letters, combining marks and emoji among the others.
    static func emails(count: Int) -> [String] {
        var random = SplitMix64(seed: emailSeed)
        return (0..<count).map { _ in email(&random) }
    }

    /// `count` lines of about 80 characters: words (some non-ASCII) separated by runs of
    /// spaces and tabs, now and then a no-break or ideographic space, sometimes leading or
    /// trailing blanks.
    static func spacedText(count: Int) -> [String] {
        var random = SplitMix64(seed: textSeed)
        return (0..<count).map { _ in spacedLine(&random) }
    }

    // MARK: - Emails

    private static let lower = Array("abcdefghijklmnopqrstuvwxyz")
    private static let upper = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    private static let digits = Array("0123456789")
    private static let localPunctuation = Array("._%+-")
    private static let domainWords = [
        "example", "mail", "post", "inbox", "fastcop", "swift", "lists", "corp", "uni-bonn", "x1",
    ]
    private static let topLevel = ["com", "org", "net", "de", "fr", "io", "info", "co", "uk", "ch"]
    private static let longTopLevel = ["museum", "travel", "photos", "company"]
    private static let nonASCIILocal = ["josé", "straße", "zoë", "ünal", "jose\u{301}", "😀", "李雷", "ñandú"]
    private static let nonASCIIDomain = ["exämple", "bücher", "münchen", "e\u{301}cole", "例え"]

    private static func localPart(_ random: inout SplitMix64) -> String {
        var text = ""
        for position in 0..<random.within(2...12) {
            switch random.below(20) {
            case 0..<12: text.append(random.pick(lower))
            case 12..<15: text.append(random.pick(upper))
            case 15..<18: text.append(random.pick(digits))
            default: text.append(position == 0 ? "a" : random.pick(localPunctuation))
            }
        }
        return text
    }

    private static func domain(_ random: inout SplitMix64) -> String {
        var labels = [random.pick(domainWords)]
        if random.chance(30) { labels.insert(random.pick(domainWords), at: 0) }
        return labels.joined(separator: ".")
    }

    private static func email(_ random: inout SplitMix64) -> String {
        let local = localPart(&random)
        let host = domain(&random)
        let tld = random.chance(15) ? random.pick(topLevel).uppercased() : random.pick(topLevel)
        // 0..<50: valid; the rest: one way of being invalid each.
        switch random.below(100) {
        case 0..<50: return "\(local)@\(host).\(tld)"
        case 50..<58: return "\(random.pick(nonASCIILocal))\(local)@\(host).\(tld)"
        case 58..<64: return "\(local)@\(random.pick(nonASCIIDomain)).\(tld)"
        case 64..<70: return "\(local)@\(host).\(random.pick(longTopLevel))"
        case 70..<76: return "\(local).\(host).\(tld)"
        case 76..<81: return "\(local)@\(host)"
        case 81..<85: return "\(local)@\(host).\(tld)\n"
        case 85..<89: return "\(local) \(local)@\(host).\(tld)"
        case 89..<93: return "\(local)@\(local)@\(host).\(tld)"
        case 93..<97: return "Ada <\(local)@\(host).\(tld)>"
        default: return "\(local)@\(host).\(tld) 👍"
        }
    }

    // MARK: - Spaced text

    private static let words = [
        "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "lorem", "ipsum", "dolor",
        "sit", "amet", "swift", "pattern", "filter", "value", "trim", "space", "42", "3.14",
        "café", "straße", "naïve", "Zürich", "e\u{301}lan", "日本語", "Ωμέγα", "🎉", "👍🏽", "façade",
    ]

    private static func blanks(_ random: inout SplitMix64) -> String {
        switch random.below(100) {
        case 0..<45: return " "
        case 45..<70: return String(repeating: " ", count: random.within(2...6))
        case 70..<80: return "\t"
        case 80..<98:
            var run = ""
            for _ in 0..<random.within(2...5) { run.append(random.chance(50) ? " " : "\t") }
            return run
        case 98: return "\u{00A0}"
        default: return " \u{3000} "
        }
    }

    private static func spacedLine(_ random: inout SplitMix64) -> String {
        var line = random.chance(10) ? blanks(&random) : ""
        // Characters so far, counted as pieces are added (String.count would rescan the line).
        var length = line.count
        let target = random.within(70...90)
        while length < target {
            let word = random.pick(words)
            let blank = blanks(&random)
            line += word
            line += blank
            length += word.count + blank.count
        }
        if random.chance(70) {
            // Most lines end on a word.
            while let last = line.last, last.isWhitespace { line.removeLast() }
        }
        return line
    }
}
