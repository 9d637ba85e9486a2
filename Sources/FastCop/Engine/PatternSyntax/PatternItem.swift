/// One item of a pattern's text, as ``PatternSyntax`` reads it: where it stands (its UTF-8
/// bytes) and what it is. A quantifier is an item of its own, after the item it repeats.
struct PatternItem: Equatable, Sendable {
    var kind: Kind
    /// The item's bytes in the pattern's text.
    var range: Range<Int>

    /// Whether the item calls a group: `(?1)`, `(?&name)`, `\g<1>`…
    var isCall: Bool { kind == .call || kind == .escape(.call) }

    /// What an item is.
    enum Kind: Equatable, Sendable {
        /// A character that stands for itself (a whole UTF-8 sequence in UTF mode), also one
        /// between `\Q` and `\E` (``quoted``) and, under `PCRE2_LITERAL`, every character.
        case literal(quoted: Bool)
        /// `\Q` or `\E`: they mark what is quoted and are no item of PCRE2's.
        case quote
        /// An escape: `\d`, `\x{41}`, `\1`, `\g<name>`…
        case escape(Escape)
        /// `.`
        case dot
        /// `[…]`, with its members (``PatternSyntax/members(of:)``).
        case characterClass(negated: Bool, members: Range<Int>)
        /// Inside a class: `[:alpha:]` or `[:^alpha:]` (POSIX `[.x.]` and `[=x=]` too, which
        /// PCRE2 refuses).
        case posixClass
        /// `^` or `$`.
        case circumflex, dollar
        /// `|`
        case alternation
        /// The head of a group: `(`, `(?:`, `(?<name>`, `(?=`, `(?i:`, `(*atomic:`, the whole
        /// condition `(?(1)`…
        case open(Group)
        /// `)` ending a group.
        case close
        /// `*`, `+`, `?` or `{n,m}`, with a possessive `+` or lazy `?` after it.
        case quantifier
        /// An option setting that applies to the rest of its group: `(?i)`, `(?^x)`; `changes`
        /// is false for one that changes no option in effect (`(?-i)` where `i` is not set,
        /// `(?)`), of which PCRE2 makes no item.
        case optionSetting(changes: Bool)
        /// A backtracking verb: `(*COMMIT)`, `(*MARK:name)`, `(*F)`…
        case verb(Verb)
        /// A setting at the pattern's start: `(*UTF)`, `(*CRLF)`, `(*LIMIT_MATCH=10)`…
        case leadingSetting
        /// A callout `(?C…)`.
        case callout
        /// A call of a group: `(?R)`, `(?1)`, `(?-1)`, `(?&name)`, `(?P>name)`.
        case call
        /// A back reference by name written as a group: `(?P=name)`.
        case namedReference
        /// A comment `(?#…)`, or in extended mode white space and a `#` comment.
        case comment
    }

    /// What an escape stands for.
    enum Escape: Equatable, Sendable {
        /// One character: `\t`, `\xhh`, `\x{…}`, `\o{…}`, `\0nn`, an octal `\123`, `\cX`,
        /// `\N{U+…}`, a backslash before a character that is not a letter or digit.
        case character
        /// A character type: `\d`, `\s`, `\w`, `\h`, `\v` and their negations, `\R`, `\X`,
        /// `\N`, `\C`.
        case type
        /// `\p{…}` or `\P{…}`.
        case property
        /// A zero-width assertion or `\K`: `\b`, `\B`, `\A`, `\z`, `\Z`, `\G`, `\K`.
        case assertion
        /// A back reference: `\1`…`\9`, `\12` with at least 12 groups before it, `\g1`,
        /// `\g{-1}`, `\g{name}`, `\k<name>`.
        case backReference
        /// A call of a group: `\g<1>`, `\g'name'`.
        case call
    }

    /// The kinds of group.
    enum Group: Equatable, Sendable {
        /// `(…)`: captures unless automatic capture is off (then `captures` is false).
        case plain(captures: Bool)
        /// `(?<name>…)`, `(?'name'…)`, `(?P<name>…)`.
        case named
        /// `(?:…)`
        case nonCapturing
        /// `(?i:…)`, `(?^x:…)`
        case scopedOptions
        /// `(?|…)`
        case branchReset
        /// `(?>…)`, `(*atomic:…)`
        case atomic
        /// `(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)`, `(?*…)`, `(?<*…)` and their `(*…:` names.
        case lookaround
        /// `(?(condition)…)`: the item is the whole condition, `(?(1)`, `(?(<name>)`,
        /// `(?(DEFINE)`, or `(?` when the condition is an assertion, which follows as a group.
        case condition
        /// `(*script_run:…)`, `(*atomic_script_run:…)` and their short names.
        case scriptRun
    }

    /// The backtracking verbs, by what they do.
    enum Verb: Equatable, Sendable {
        case accept, fail, mark, commit, prune, skip, then
        /// A name PCRE2 does not know (it refuses the pattern).
        case unknown
    }
}
