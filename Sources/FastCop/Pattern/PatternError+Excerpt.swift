extension PatternError {
    /// Patterns longer than this many bytes are shown as an excerpt in descriptions.
    static let excerptThreshold = 120
    /// Characters kept on each side of the offset in an excerpt.
    static let excerptRadius = 40

    /// The pattern as descriptions show it, and `byteOffset` moved into that text.
    ///
    /// A short pattern is shown whole. A long one (a 64 KB pattern, say) is cut to about
    /// 80 characters around the offset (or its start), with "…" where text was left out, so
    /// that an error stays readable and cheap: batch reports keep one description per failing
    /// input.
    static func excerpt(_ pattern: String, around byteOffset: Int?) -> (text: String, offset: Int?) {
        let utf8 = pattern.utf8
        guard utf8.count > excerptThreshold else { return (pattern, byteOffset) }
        let clamped = min(max(0, byteOffset ?? 0), utf8.count)
        let center = utf8.index(utf8.startIndex, offsetBy: clamped)
        let lower = pattern.index(center, offsetBy: -excerptRadius, limitedBy: pattern.startIndex) ?? pattern.startIndex
        let upper = pattern.index(center, offsetBy: excerptRadius, limitedBy: pattern.endIndex) ?? pattern.endIndex
        let head = lower == pattern.startIndex ? "" : "…"
        let tail = upper == pattern.endIndex ? "" : "…"
        let text = head + pattern[lower..<upper] + tail
        let offset = byteOffset.map { _ in head.utf8.count + utf8.distance(from: lower, to: center) }
        return (text, offset)
    }
}
