/// A batch's way to match in its chunk loops: a pattern's compiled form and the thread's
/// scratch, found once per chunk instead of once per input, and borrowed (never retained).
///
/// `Pattern.hasWholeMatch(in:)` finds both on every call (an atomic load of the code's slot,
/// a thread-specific lookup for the scratch) and goes through two calls to reach PCRE2; a
/// batch's chunk loop does that once and then runs `pcre2_jit_match` on each string with
/// nothing in between but the string's UTF-8 access.
///
/// Both objects reach the loop as guaranteed (borrowed) references. Stored in a struct as
/// `unowned(unsafe)` instead, each use turned them back into strong references: a retain and
/// release of each per input (measured: 43% of the batch's samples, the code's count bouncing
/// between the cores).
enum ChunkMatcher {
    /// Runs `body` with `code` and the calling thread's scratch, both borrowed.
    ///
    /// Safe because the caller keeps the code alive for the whole batch call (it holds the
    /// pattern, which never drops a compiled form) and the thread's slot keeps the scratch
    /// alive until the thread ends.
    @inline(__always)
    static func with<R>(
        _ code: Unmanaged<CompiledCode>, _ body: (_ code: CompiledCode, _ scratch: MatchScratch) throws -> R
    ) rethrows -> R {
        try code.borrow { code in try MatchScratch.withCurrent { try body(code, $0) } }
    }

    /// Whether `code` matches `string` (a whole match when it is the anchored form).
    ///
    /// Out of line and `releasenone`, like `Pattern.hasWholeMatch(in:)`: the attribute tells
    /// the chunk loop that this call releases no object that existed before it, so the loop
    /// need not retain and release each string it reads from the input array around the call
    /// (measured: 14% of the batch's samples). It holds: the match borrows the string, the
    /// code and the scratch, and a limit error releases only what it made itself.
    ///
    /// - Throws: ``EngineFailure`` when the match reaches a limit.
    @inline(never)
    @_effects(releasenone)
    static func test(_ string: String, code: CompiledCode, scratch: MatchScratch) throws -> Bool {
        try UTF8Access.with(string) { try code.run($0, validated: true, scratch: scratch) }
    }
}
