/// What keeps a pattern from being put, unchanged in meaning, in a group of a joined pattern
/// `(?:P1)|(?:P2)|…` (``PatternSyntax/joinHazard``): the tool's `match` joins its patterns so
/// and refuses these with a clear error.
package enum JoinHazard: Equatable, Sendable {
    /// A setting only valid at a pattern's very start: `(*UCP)`, `(*LIMIT_MATCH=9)`.
    case leadingSetting
    /// A `#` comment in extended mode (`(?x)`): it would run past the group's `)`.
    case lineComment
    /// A reference to a group by its absolute number (``PatternSyntax/refersByAbsoluteNumber(_:)``),
    /// whose number shifts when the patterns before have groups: its text and its kind.
    case numbered(construct: String, NumberedKind)
    /// `(*COMMIT)`, `(*PRUNE)` or `(*SKIP)`, with its text: it ends the search at a starting
    /// position before the later patterns are tried there.
    case stoppingVerb(construct: String)

    /// The forms of a numbered reference.
    package enum NumberedKind: Equatable, Sendable {
        /// `\1`…`\9…`: a back reference, or an octal character PCRE2 may read as one.
        case digitEscape
        /// `\g1`, `\g{1}`, `\g<1>`, `\g'1'`.
        case gEscape
        /// `(?1)`, `(?R)`.
        case call
        /// `(?(1)…)`, `(?(R1)…)`.
        case condition
    }
}

/// What the tool's `match` needs to know of a pattern it puts in a group of a joined pattern,
/// read once (``PatternSyntax/joinReading``).
package struct JoinReading: Equatable, Sendable {
    /// What keeps it from being joined, or nil.
    package let hazard: JoinHazard?
    /// Whether it ends inside a `\Q` quote: a `\E` must then end the quote before the group's `)`.
    package let endsQuoted: Bool
}

extension PatternSyntax {
    /// What joining the pattern with others needs to know of it (``JoinReading``).
    var joinReading: JoinReading { JoinReading(hazard: joinHazard, endsQuoted: endsQuoted) }

    /// Whether the pattern ends inside `\Q…`, with no `\E` after it (a `\Q` in quoted text or
    /// in a class that the pattern ends inside is read as PCRE2 reads it).
    var endsQuoted: Bool {
        guard let last = items.last else { return false }
        if last.kind == .literal(quoted: true) { return true }
        // A `\Q` with nothing after it; a `\E` ends a quote or is ignored.
        if last.kind == .quote { return escapedByte(of: last) == PatternByte.upperQ }
        guard case .characterClass(_, let range) = last.kind, let member = classMembers[range].last else {
            return false
        }
        return member.kind == .literal(quoted: true)
            || (member.kind == .quote && escapedByte(of: member) == PatternByte.upperQ)
    }

    /// The first thing that keeps the pattern from being joined with others as
    /// `(?:P1)|(?:P2)|…` (``JoinHazard``), or nil. A leading setting is named first, then a
    /// `#` comment, then the first numbered reference or stopping verb in the pattern's order.
    /// Items inside classes, `\Q…\E` and `(?#…)` comments are none of these; relative numbers
    /// (`\g{-1}`, `(?+1)`) and names stay right inside the pattern's group.
    var joinHazard: JoinHazard? {
        if items.first?.kind == .leadingSetting { return .leadingSetting }
        if items.contains(where: isLineComment) { return .lineComment }
        for item in items {
            let construct = { String(decoding: self.text(of: item), as: UTF8.self) }
            switch item.kind {
            case .verb(.commit), .verb(.prune), .verb(.skip):
                return .stoppingVerb(construct: construct())
            case _ where refersByAbsoluteNumber(item):
                let kind: JoinHazard.NumberedKind =
                    switch item.kind {
                    case .call: .call
                    case .open(.condition): .condition
                    default: escapedByte(of: item) == PatternByte.lowerG ? .gEscape : .digitEscape
                    }
                return .numbered(construct: construct(), kind)
            default:
                continue
            }
        }
        return nil
    }
}
