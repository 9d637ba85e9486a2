/// A replacement template in `NSRegularExpression`'s syntax, translated once into PCRE2's.
///
/// Template syntax (as `NSRegularExpression.stringByReplacingMatches(…withTemplate:)`):
/// - `$0` is the whole match, `$1`…`$99` the groups. As ICU does, the digits after `$` are
///   read while they still name an existing group: with 3 groups, `$12` is group 1 then "2".
/// - `${name}` is a named group (a FastCop addition, also PCRE2's syntax).
/// - A backslash makes the next character literal: `\$` is a dollar, `\\` a backslash.
/// - A `$` followed by anything else is literal.
///
/// PCRE2's own syntax differs (`$12` is group 12, `$$` is a dollar, a backslash is literal),
/// so FastCop translates into PCRE2's unambiguous `${n}` form and escapes literal dollars.
struct ReplacementTemplate: Sendable, Hashable {
    /// The template in PCRE2 `pcre2_substitute` syntax (without `PCRE2_SUBSTITUTE_EXTENDED`).
    let pcre2Syntax: String

    /// Translates `template` for a pattern with `captureCount` groups and `groupNames`.
    ///
    /// - Throws: ``PatternError`` of kind ``PatternError/Kind/replacement`` for a reference to
    ///   a group number that does not exist, a `${name}` that no group has, or an unclosed
    ///   `${`.
    init(_ template: String, captureCount: Int, groupNames: [String: Int], pattern: String) throws {
        var output = ""
        output.reserveCapacity(template.utf8.count + 8)
        let scalars = Array(template.unicodeScalars)
        var utf8Offset = 0
        var index = 0
        func fail(_ message: String) -> PatternError {
            PatternError(kind: .replacement, offset: utf8Offset, message: message, pattern: pattern)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            let here = utf8Offset
            utf8Offset += UTF8.width(scalar)
            index += 1
            switch scalar {
            case "\\":
                guard index < scalars.count else {
                    output.append("\\")
                    continue
                }
                let next = scalars[index]
                index += 1
                utf8Offset += UTF8.width(next)
                output.unicodeScalars.append(next)
                if next == "$" { output.append("$") }
            case "$":
                guard index < scalars.count else {
                    output.append("$$")
                    continue
                }
                let next = scalars[index]
                if next.isASCII, let digit = Int(String(next)) {
                    var group = digit
                    index += 1
                    utf8Offset += 1
                    // ICU: keep reading digits while the number names an existing group.
                    while index < scalars.count, scalars[index].isASCII,
                        let more = Int(String(scalars[index])), group * 10 + more <= captureCount
                    {
                        group = group * 10 + more
                        index += 1
                        utf8Offset += 1
                    }
                    guard group <= captureCount else {
                        utf8Offset = here
                        throw fail(
                            "the template refers to group $\(group) but the pattern has "
                                + "\(captureCount) group\(captureCount == 1 ? "" : "s")")
                    }
                    output.append("${\(group)}")
                } else if next == "{" {
                    guard let close = scalars[index...].firstIndex(of: "}") else {
                        utf8Offset = here
                        throw fail("missing closing brace after ${ in the template")
                    }
                    let name = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                    if let number = Int(name) {
                        guard number <= captureCount else {
                            utf8Offset = here
                            throw fail("the template refers to group ${\(number)} that does not exist")
                        }
                    } else if groupNames[name] == nil {
                        utf8Offset = here
                        throw fail("the template refers to a group named \"\(name)\" that does not exist")
                    }
                    output.append("${\(name)}")
                    for skipped in scalars[index...close] { utf8Offset += UTF8.width(skipped) }
                    index = close + 1
                } else {
                    output.append("$$")
                }
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        pcre2Syntax = output
    }
}
