/// An Aho-Corasick automaton over bytes for a set of literal texts of any size: one pass over a
/// range finds the first place where any of them ends, at a cost per byte that does not grow
/// with the set (a table lookup), where PCRE2 tries each alternative at each start or refuses a
/// set of a few thousand texts as too large.
///
/// A dense DFA: the texts' trie, each node a row of next states with the failure links folded
/// in, so the search is one load per byte. Bytes no text holds share a class (a column); with
/// `foldsASCII`, an ASCII letter and its other case do too. States are numbered so that those
/// where a text ends come last, and a search loop compares the state with one bound. Each text
/// is marked exact or not: a line holding an exact text is selected as it is, one holding
/// another is only a candidate for PCRE2 to judge (``LiteralSet``).
///
/// - Complexity: building is O(*states* × *classes*) in time and memory (a 10,000-literal
///   blocklist of addresses and paths: about 100,000 states); a search is O(*n*).
package struct LiteralAutomaton: Sendable {
    /// The class of each byte.
    private let classes: [UInt8]
    /// The next state for a state and a class, at `state + class`: states are premultiplied by
    /// the number of classes.
    private let table: [UInt32]
    /// The first state where a text ends, and the first where an exact one does.
    private let firstMatch: UInt32
    private let firstExact: UInt32

    /// The most table entries built (4 bytes each): a set larger than that gets no automaton.
    static let maximumEntries = 1 << 25

    /// An automaton for `texts` (each non-empty, none holding LF), or nil when its table would
    /// hold more than ``maximumEntries``.
    init?(texts: [(bytes: [UInt8], exact: Bool)], foldsASCII: Bool) {
        // Classes: one for the bytes no text holds, one per other byte (or letter pair).
        var classOf = [UInt8](repeating: 0, count: 256)
        var count = 1
        for text in texts {
            for byte in text.bytes where classOf[Int(Self.folded(byte, foldsASCII))] == 0 {
                guard count < 256 else { return nil }
                classOf[Int(Self.folded(byte, foldsASCII))] = UInt8(count)
                count += 1
            }
        }
        if foldsASCII {
            for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { classOf[Int(byte)] = classOf[Int(byte | 0x20)] }
        }
        let stride = count
        // The trie: rows of next states (0 where unset: the root is never a child), and for
        // each state what ends there (0: nothing, 1: a text to confirm, 2: an exact text).
        let unset = UInt32.max
        var rows = [UInt32](repeating: unset, count: stride)
        var ends: [UInt8] = [0]
        for text in texts {
            var state = 0
            for byte in text.bytes {
                let slot = state * stride + Int(classOf[Int(byte)])
                if rows[slot] == unset {
                    guard rows.count + stride <= Self.maximumEntries else { return nil }
                    rows[slot] = UInt32(ends.count)
                    ends.append(0)
                    rows += repeatElement(unset, count: stride)
                }
                state = Int(rows[slot])
            }
            ends[state] = max(ends[state], text.exact ? 2 : 1)
        }
        // Failure links in breadth-first order: a state's unset entries are its failure state's
        // (complete already, being shallower); what ends at the failure state ends here too.
        let states = ends.count
        var failure = [Int](repeating: 0, count: states)
        var queue = [0]
        queue.reserveCapacity(states)
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            for column in 0..<stride {
                let slot = state * stride + column
                let fallback = state == 0 ? 0 : rows[failure[state] * stride + column]
                if rows[slot] == unset {
                    rows[slot] = fallback
                } else {
                    let child = Int(rows[slot])
                    failure[child] = Int(fallback)
                    ends[child] = max(ends[child], ends[Int(fallback)])
                    queue.append(child)
                }
            }
        }
        // Renumber: states where nothing ends first (the root stays 0), then those to confirm,
        // then the exact ones, each kind in breadth-first order, so that the shallow states a
        // search spends most of its time in share cache lines and pages; premultiplied.
        var order = queue.filter { ends[$0] == 0 }
        let matchStart = order.count
        order += queue.filter { ends[$0] == 1 }
        let exactStart = order.count
        order += queue.filter { ends[$0] == 2 }
        var newNumber = [UInt32](repeating: 0, count: states)
        for (index, state) in order.enumerated() { newNumber[state] = UInt32(index * stride) }
        var table = [UInt32](repeating: 0, count: states * stride)
        for (index, state) in order.enumerated() {
            for column in 0..<stride {
                table[index * stride + column] = newNumber[Int(rows[state * stride + column])]
            }
        }
        classes = classOf
        self.table = table
        firstMatch = UInt32(matchStart * stride)
        firstExact = UInt32(exactStart * stride)
    }

    private static func folded(_ byte: UInt8, _ folds: Bool) -> UInt8 {
        folds && (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A ? byte | 0x20 : byte
    }

    /// Whether an exact text ends in `range` of `bytes` (a line), searched from its start past
    /// the texts to confirm found before.
    package func endsExact(in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> Bool {
        var state: UInt32 = 0
        var position = range.lowerBound
        while let end = run(bytes, position..<range.upperBound, &state) {
            if state >= firstExact { return true }
            position = end + 1
        }
        return false
    }

    /// The offset of the last byte of the first text found in `range` of `bytes` (the one that
    /// ends first), and whether it is exact; nil when none is. The search starts at the
    /// range's start as at a line's: with no LF in any text, every LF resets it anyway.
    package func firstEnd(in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> (offset: Int, exact: Bool)? {
        var state: UInt32 = 0
        return run(bytes, range, &state).map { ($0, state >= firstExact) }
    }

    /// Runs the automaton over `range` from `state` up to the first byte where a text ends:
    /// its offset (`state` is then the state there), or nil.
    @inline(__always)
    private func run(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ state: inout UInt32) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let match = firstMatch
        var current = state
        defer { state = current }
        return table.withUnsafeBufferPointer { table in
            classes.withUnsafeBufferPointer { classes in
                let next = table.baseAddress!
                let classOf = classes.baseAddress!
                var position = range.lowerBound
                let end = range.upperBound
                // Four bytes per round while no text ends (the common case), then one at a time.
                while position + 4 <= end {
                    current = next[Int(current) &+ Int(classOf[Int(base[position])])]
                    if current >= match { return position }
                    current = next[Int(current) &+ Int(classOf[Int(base[position &+ 1])])]
                    if current >= match { return position + 1 }
                    current = next[Int(current) &+ Int(classOf[Int(base[position &+ 2])])]
                    if current >= match { return position + 2 }
                    current = next[Int(current) &+ Int(classOf[Int(base[position &+ 3])])]
                    if current >= match { return position + 3 }
                    position += 4
                }
                while position < end {
                    current = next[Int(current) &+ Int(classOf[Int(base[position])])]
                    if current >= match { return position }
                    position += 1
                }
                return nil
            }
        }
    }
}
