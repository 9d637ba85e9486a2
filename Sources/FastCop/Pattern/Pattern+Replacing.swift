extension Pattern {
    /// Replaces every match in `string` with `template`, read as `NSRegularExpression`
    /// reads templates: `$0`…`$99` for groups, `${name}` for named groups, a backslash to
    /// escape the next character (`\$` is a dollar).
    ///
    /// ```swift
    /// try Pattern("([0-9]+)").replacing(in: "a12b", with: "<$1>")   // "a<12>b"
    /// try Pattern(#"\s+"#).replacing(in: "a  b\t c", with: " ")     // "a b c"
    /// ```
    ///
    /// Runs on `pcre2_substitute` with `PCRE2_SUBSTITUTE_GLOBAL`; groups that did not take
    /// part are empty.
    ///
    /// - Throws: ``PatternError`` of kind ``PatternError/Kind/replacement`` for a template
    ///   that names a missing group, or a limit error.
    /// - Complexity: O(*n*) in the length of `string` plus the output.
    public func replacing(in string: String, with template: String) throws -> String {
        let replacement = try replacement(for: template)
        return try substitute(in: string, replacement: replacement.text, literal: replacement.literal)
    }

    /// `template` as `pcre2_substitute` takes it, made once for any number of strings.
    ///
    /// A template without `$` or `\` is literal text in NSRegularExpression's syntax, and
    /// names no group: it is passed as it is (`PCRE2_SUBSTITUTE_LITERAL`), without translating
    /// it (which cost about as much as a short match). Any other is translated.
    ///
    /// - Throws: ``PatternError`` of kind ``PatternError/Kind/replacement`` for a template that
    ///   names a missing group.
    func replacement(for template: String) throws -> (text: String, literal: Bool) {
        if !template.utf8.contains(where: { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "\\") }) {
            return (template, true)
        }
        let code = try searchCode
        let prepared = try ReplacementTemplate(
            template, captureCount: code.captureCount, groupNames: code.groupNumbers, pattern: source)
        return (prepared.pcre2Syntax, false)
    }

    /// Replaces every match with the prepared template (translated once by the caller).
    func replacing(in string: String, prepared: ReplacementTemplate) throws -> String {
        try substitute(in: string, replacement: prepared.pcre2Syntax, literal: false)
    }

    /// Replaces every match in `string` with `replacement` exactly as written: nothing in it
    /// is expanded (`PCRE2_SUBSTITUTE_LITERAL`).
    public func replacing(in string: String, withLiteral replacement: String) throws -> String {
        try substitute(in: string, replacement: replacement, literal: true)
    }

    func substitute(in string: String, replacement: String, literal: Bool) throws -> String {
        // withCode borrows the compiled code: no retain and release of an object that every
        // thread replacing with this pattern shares (contended atomics, slow on many cores).
        try withCode(whole: false) { code in
            try translatingErrors {
                try UTF8Access.with(string) { subject in
                    try UTF8Access.with(replacement) { replacementBytes in
                        try code.substitute(
                            subject, replacement: replacementBytes, global: true, literal: literal,
                            validated: true)
                    }
                }
            }
        } ?? string
    }

    /// Replaces every match in `string` with what `transform` returns for it.
    ///
    /// ```swift
    /// try Pattern(#"\d+"#).replacing(in: "3 apples, 12 pears") { String(Int($0.substring)! * 2) }
    /// // "6 apples, 24 pears"
    /// ```
    public func replacing(in string: String, using transform: (Match) throws -> String) throws -> String {
        let code = try searchCode
        var output = ""
        var copied = string.utf8.startIndex
        let subject = string[...]
        try translatingErrors {
            try UTF8Access.with(string) { bytes in
                try code.forEachMatch(in: bytes, validated: true) { offsets in
                    let match = Match(subject: subject, offsets: offsets, groupNumbers: code.groupNumbers)
                    let range = match.range
                    output += string[copied..<range.lowerBound]
                    output += try transform(match)
                    copied = range.upperBound
                    return true
                }
            }
        }
        output += string[copied...]
        return output
    }
}
