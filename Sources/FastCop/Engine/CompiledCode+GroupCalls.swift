import CPCRE2

extension CompiledCode {
    /// Whether `pattern` (compiled with `flags` under `context`) calls a group: recursion or a
    /// subroutine call (`(?R)`, `(?1)`, `(?+1)`, `(?-1)`, `(?&name)`, `(?P>name)`, `\g<…>`,
    /// `\g'…'`). Such a pattern is matched by PCRE2's interpreter rather than its JIT.
    ///
    /// PCRE2's JIT charges its match limit when it enters a call, not while it backtracks
    /// through the calls already open; a call into a group that can match the empty string,
    /// as in `(?1)as(|(?1))`, nests one level deeper at each retry and backs out through every
    /// level before the next, so one start position does on the order of (match limit)²
    /// work: about 90 s for a limit of 100,000 on a one-character subject, in PCRE2 10.42 called
    /// directly from C. The interpreter charges every step and ends such a loop at once with
    /// `PCRE2_ERROR_RECURSELOOP`.
    ///
    /// The pattern's items (``PatternSyntax``) are read first for a call (most patterns have
    /// none); only then is the pattern compiled again with `PCRE2_AUTO_CALLOUT`, whose callouts
    /// sit before each item and give its offset (`pcre2_callout_enumerate`), so that PCRE2's own
    /// parser confirms that a call item stands there (not a `(?1` inside `\Q…\E`, a class or a
    /// comment). A form that does not compile with the callouts counts as calling, the safe side.
    static func callsGroups(
        _ pattern: UnsafeBufferPointer<UInt8>, syntax: PatternSyntax, flags: UInt32, context: OpaquePointer?
    ) -> Bool {
        guard flags & EngineFlags.literal == 0, syntax.callsGroups else { return false }
        var errorCode: Int32 = 0
        var errorOffset = 0
        guard
            let probe = pcre2_compile_8(
                pattern.baseAddress ?? EmptySubject.pointer, pattern.count,
                flags | EngineFlags.utf | UInt32(PCRE2_AUTO_CALLOUT), &errorCode, &errorOffset, context)
        else { return true }
        defer { pcre2_code_free_8(probe) }
        var found = (callStarts: Set(syntax.items.filter(\.isCall).map(\.range.lowerBound)), calls: false)
        withUnsafeMutablePointer(to: &found) { found in
            _ = pcre2_callout_enumerate_8(probe, visitItem, found)
        }
        return found.calls
    }
}

/// `pcre2_callout_enumerate` visitor for ``CompiledCode/callsGroups(_:syntax:flags:context:)``:
/// notes whether the item after an automatic callout is one of the pattern's call items.
private func visitItem(
    _ block: UnsafeMutablePointer<pcre2_callout_enumerate_block_8>?, _ data: UnsafeMutableRawPointer?
) -> Int32 {
    guard let block, let found = data?.assumingMemoryBound(to: (callStarts: Set<Int>, calls: Bool).self)
    else { return 0 }
    if found.pointee.callStarts.contains(block.pointee.pattern_position) {
        found.pointee.calls = true
        return 1
    }
    return 0
}
