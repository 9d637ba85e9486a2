extension Pattern {
    /// One match: the matched range and the capture groups, as ranges of the searched string.
    ///
    /// Ranges are `String.Index` ranges of the string that was searched, mapped from PCRE2's
    /// byte offsets through the UTF-8 view (so they are right for é, ß, emoji and combining
    /// marks). Group 0 is the whole match.
    public struct Match: Sendable, CustomStringConvertible {
        /// The searched text.
        let subject: Substring
        /// Byte offsets relative to `subject`'s start, two per group, -1 when unset.
        let offsets: [Int]
        let groupNumbers: [String: Int]

        /// The range of the whole match.
        public var range: Range<String.Index> { range(at: 0)! }

        /// The matched text.
        public var substring: Substring { subject[range] }

        /// The byte offsets of the whole match in the searched text's UTF-8.
        public var utf8Range: Range<Int> { offsets[0]..<offsets[1] }

        /// The number of groups including group 0 (the whole match).
        public var count: Int { offsets.count / 2 }

        /// The range of group `group` (0 is the whole match), or nil if it did not take part.
        public func range(at group: Int) -> Range<String.Index>? {
            guard group >= 0, group < count else { return nil }
            let start = offsets[2 * group]
            let end = offsets[2 * group + 1]
            guard start >= 0, end >= start else { return nil }
            let utf8 = subject.utf8
            let lower = utf8.index(utf8.startIndex, offsetBy: start)
            let upper = utf8.index(lower, offsetBy: end - start)
            return lower..<upper
        }

        /// The range of the group named `name`, or nil if it did not take part.
        public func range(named name: String) -> Range<String.Index>? {
            groupNumbers[name].flatMap { range(at: $0) }
        }

        /// The text of group `group` (0 is the whole match), or nil if it did not take part.
        public subscript(group: Int) -> Substring? {
            range(at: group).map { subject[$0] }
        }

        /// The text of the group named `name`, or nil if it did not take part.
        public subscript(name: String) -> Substring? {
            range(named: name).map { subject[$0] }
        }

        /// The text of groups 1…n, nil for those that did not take part.
        public var captures: [Substring?] { (1..<count).map { self[$0] } }

        /// The matched text.
        public var description: String { String(substring) }
    }

    /// One match in raw bytes: byte ranges of the whole match and its groups.
    public struct ByteMatch: Sendable, Hashable {
        let offsets: [Int]
        let groupNumbers: [String: Int]

        /// The byte range of the whole match.
        public var range: Range<Int> { offsets[0]..<offsets[1] }

        /// The number of groups including group 0.
        public var count: Int { offsets.count / 2 }

        /// The byte range of group `group`, or nil if it did not take part.
        public func range(at group: Int) -> Range<Int>? {
            guard group >= 0, group < count, offsets[2 * group] >= 0 else { return nil }
            return offsets[2 * group]..<offsets[2 * group + 1]
        }

        /// The byte range of the group named `name`, or nil if it did not take part.
        public func range(named name: String) -> Range<Int>? {
            groupNumbers[name].flatMap { range(at: $0) }
        }
    }
}
