import Foundation

/// A ``RegexReplaceFilter`` configuration made ready to run: the compiled pattern (from
/// ``PatternCache/shared``), the template translated to PCRE2's syntax, and for `.anchored`
/// the template split into parts.
final class PreparedReplacement: Sendable {
    let pattern: Pattern
    let template: ReplacementTemplate
    /// The template's parts when only contiguous matches at the start are replaced
    /// (`NSRegularExpression.MatchingOptions.anchored`); nil to replace every match.
    let anchoredParts: [TemplatePart]?

    init(
        pattern source: String, options: NSRegularExpression.Options,
        matchingOptions: NSRegularExpression.MatchingOptions, template: String
    ) throws {
        var patternOptions = Pattern.Options(options)
        var patternSource = source
        if patternOptions.contains(.literal) {
            // PCRE2 refuses PCRE2_LITERAL together with PCRE2_UCP, which FastCop always sets,
            // so the text is escaped instead; that also keeps it literal with `.extended`.
            patternOptions.remove(.literal)
            patternSource = PreparedReplacement.escaped(source)
        }
        pattern = try PatternCache.shared.pattern(patternSource, options: patternOptions)
        self.template = try ReplacementTemplate(
            template, captureCount: pattern.captureCount, groupNames: pattern.groupNames, pattern: source)
        anchoredParts =
            matchingOptions.contains(.anchored) ? TemplatePart.parts(of: self.template.pcre2Syntax) : nil
    }

    /// Replaces the matches in `string`.
    @inline(__always)
    func replace(in string: String) throws -> String {
        guard let anchoredParts else { return try pattern.replacing(in: string, prepared: template) }
        return try replaceAnchored(in: string, anchoredParts)
    }

    /// Appends `bytes` (valid UTF-8) with the matches replaced, through the `String` code.
    func append(replacingIn bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) throws {
        var replaced = try replace(in: String(decoding: bytes, as: UTF8.self))
        replaced.withUTF8 { output.append(contentsOf: $0) }
    }

    /// Replaces the matches that start the string and follow each other without a gap, as
    /// `NSRegularExpression` does with `.anchored`; later matches stay as they are.
    private func replaceAnchored(in string: String, _ parts: [TemplatePart]) throws -> String {
        var expectedStart = string.startIndex
        var contiguous = true
        return try pattern.replacing(in: string) { match in
            let range = match.range
            guard contiguous, range.lowerBound == expectedStart else {
                contiguous = false
                return String(match.substring)
            }
            expectedStart = range.upperBound
            var output = ""
            for part in parts {
                switch part {
                case .text(let text): output += text
                case .group(let number): output += match[number] ?? ""
                case .named(let name): output += match[name] ?? ""
                }
            }
            return output
        }
    }

    /// `source` as a pattern that matches it literally: ASCII letters and digits as they are,
    /// other printable ASCII behind a backslash, everything else as `\x{…}`.
    static func escaped(_ source: String) -> String {
        var output = ""
        for scalar in source.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                output.unicodeScalars.append(scalar)
            } else if (0x20...0x7E).contains(scalar.value) {
                output.append("\\")
                output.unicodeScalars.append(scalar)
            } else {
                output += "\\x{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return output
    }
}

/// A piece of a replacement template in PCRE2's syntax, as ``ReplacementTemplate`` writes it:
/// `$$` for a dollar, `${n}` and `${name}` for groups, everything else literal.
enum TemplatePart: Sendable, Hashable {
    case text(String)
    case group(Int)
    case named(String)

    static func parts(of pcre2Syntax: String) -> [TemplatePart] {
        var parts: [TemplatePart] = []
        var text = ""
        var scalars = pcre2Syntax.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "$", let next = scalars.first else {
                text.unicodeScalars.append(scalar)
                continue
            }
            if next == "{", let close = scalars.firstIndex(of: "}") {
                let name = String(scalars[scalars.index(after: scalars.startIndex)..<close])
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
                parts.append(Int(name).map(TemplatePart.group) ?? .named(name))
                scalars = scalars[scalars.index(after: close)...]
            } else {
                // "$$" is one dollar.
                text.unicodeScalars.append(scalars.removeFirst())
            }
        }
        if !text.isEmpty { parts.append(.text(text)) }
        return parts
    }
}
