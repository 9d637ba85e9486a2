import CPCRE2

extension EngineFlags {
    /// Compile option: the subject may hold invalid UTF-8, which is then never checked; an
    /// invalid byte matches nothing (not even `.` or `\C`), and the valid text around it
    /// matches as usual, so a search never fails on it. The JIT supports it too. This is what
    /// `grep -P` compiles with in a UTF-8 locale.
    ///
    /// The corresponding PCRE2 option is `PCRE2_MATCH_INVALID_UTF` (10.34 and later).
    static let matchInvalidUTF = UInt32(PCRE2_MATCH_INVALID_UTF)
}
