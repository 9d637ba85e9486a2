/// PCRE2's own rule for finding every match (pcre2demo's loop, pcre2test's `/g`,
/// `pcre2_substitute` with `PCRE2_SUBSTITUTE_GLOBAL`), written once for every loop over a
/// subject's matches: where the next search starts and with which options.
///
/// After a non-empty match the next search starts at its end. After an empty match it ends at
/// the subject's end; elsewhere the next search is anchored there with `PCRE2_NOTEMPTY_ATSTART`
/// (a non-empty match at the same place), and when that finds nothing the search goes on,
/// unanchored, one character further (over a CR LF pair at once where CR LF is a newline, over
/// a whole UTF-8 character). So `a*` on "baaa" gives "", "aaa", "" (Perl's answer too); `\G`
/// sees the position each search starts at; and a `(*COMMIT)` that fails the anchored retry
/// does not end the loop.
struct GlobalLoop {
    /// Where the next search starts.
    private(set) var start: Int
    /// Its options (besides the caller's).
    private(set) var options: UInt32 = 0
    /// Whether there is no next search.
    private(set) var isDone = false
    private let crlfIsNewline: Bool
    private let utf: Bool

    /// A loop over `code`'s matches from `start`.
    init(_ code: CompiledCode, from start: Int = 0) {
        self.start = start
        utf = code.isUTF
        crlfIsNewline = code.crlfIsNewline
    }

    /// Notes a match from `lower` to `upper` in a subject of `count` bytes.
    mutating func matched(_ lower: Int, _ upper: Int, count: Int) {
        if lower == upper {
            if lower >= count { isDone = true }
            options = EngineFlags.notEmptyAtStart | EngineFlags.anchored
        } else {
            options = 0
        }
        start = max(upper, start)
    }

    /// Notes that the search found nothing: after the anchored retry the loop goes on one
    /// character further; after any other search it is done.
    mutating func missed(in subject: UnsafeBufferPointer<UInt8>) {
        guard options & EngineFlags.anchored != 0, start < subject.count else {
            isDone = true
            return
        }
        options = 0
        if crlfIsNewline && subject[start] == UInt8(ascii: "\r") && start + 1 < subject.count
            && subject[start + 1] == UInt8(ascii: "\n")
        {
            start += 2
            return
        }
        start += 1
        if utf {
            while start < subject.count && subject[start] & 0xC0 == 0x80 { start += 1 }
        }
    }
}
