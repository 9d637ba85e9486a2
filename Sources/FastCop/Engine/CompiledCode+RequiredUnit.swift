import CPCRE2

extension CompiledCode {
    /// The rightmost literal code unit that every match contains, as PCRE2 records it
    /// (`PCRE2_INFO_LASTCODETYPE` 1 and `PCRE2_INFO_LASTCODEUNIT`), or nil when there is none.
    ///
    /// PCRE2 uses it to reject a subject early. When the unit comes from a case-insensitive part
    /// of the pattern, PCRE2 matches its other case too (only for ASCII letters here: letters
    /// with other cases outside ASCII, such as k and the Kelvin sign, get no required unit).
    var requiredCodeUnit: UInt8? {
        guard (try? Self.info(code, PCRE2_INFO_LASTCODETYPE, UInt32(0))) == 1,
            let unit = try? Self.info(code, PCRE2_INFO_LASTCODEUNIT, UInt32(0))
        else { return nil }
        return UInt8(exactly: unit)
    }
}
