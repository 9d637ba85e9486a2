public import Foundation

/// An error from compiling or running a pattern: a broken pattern, a runaway match stopped by
/// a limit, or bytes that are not valid UTF-8.
///
/// Compile errors carry PCRE2's error code, the offset in the pattern and a description that
/// points at it:
///
/// ```
/// (ab
///    ^
/// missing closing parenthesis at offset 3
/// ```
public struct PatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as an extensible set of kinds.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// A short name for the kind, such as "match limit exceeded".
        public let description: String
        init(_ description: String) { self.description = description }

        /// The pattern does not compile.
        public static let compile = Kind("compile error")
        /// The match needed more backtracking steps than ``Pattern/Limits/matchLimit`` at one
        /// start position, or a search more than ``Pattern/Limits/totalMatchLimit`` in all.
        public static let matchLimit = Kind("match limit exceeded")
        /// The match nested deeper than ``Pattern/Limits/depthLimit``.
        public static let depthLimit = Kind("depth limit exceeded")
        /// The match needed more heap than ``Pattern/Limits/heapLimit``.
        public static let heapLimit = Kind("heap limit exceeded")
        /// The JIT-compiled match ran out of JIT stack.
        public static let jitStackLimit = Kind("JIT stack limit exceeded")
        /// The subject (raw bytes) is not valid UTF-8.
        public static let invalidUTF8 = Kind("invalid UTF-8")
        /// ``Pattern/JITMode/required`` was asked for and JIT compilation is not possible.
        public static let jitUnavailable = Kind("JIT unavailable")
        /// A replacement template is malformed or names a group that does not exist.
        public static let replacement = Kind("replacement error")
        /// Any other error PCRE2 reported while matching.
        public static let match = Kind("match error")
    }

    /// What went wrong.
    public var kind: Kind
    /// PCRE2's error code (positive for compile errors, negative for match errors), or 0
    /// when the error was detected by FastCop itself.
    public var code: Int
    /// Byte offset: into the pattern for compile errors, into the subject for invalid UTF-8,
    /// into the template for replacement errors.
    public var offset: Int?
    /// The error message, PCRE2's own where PCRE2 found the error.
    public var message: String
    /// The pattern concerned.
    public var pattern: String

    /// True for the limit kinds: the input was too costly for the pattern, not wrong.
    public var isLimit: Bool {
        kind == .matchLimit || kind == .depthLimit || kind == .heapLimit || kind == .jitStackLimit
    }

    /// A readable account. For a compile error: the pattern, a caret under the offending
    /// character, and the message with its offset. A pattern longer than 120 bytes is shown as
    /// an excerpt of about 80 characters around the offset (``pattern`` keeps it whole).
    public var description: String {
        let (shown, shownOffset) = PatternError.excerpt(pattern, around: kind == .compile ? offset : nil)
        switch kind {
        case .compile:
            guard let offset, let shownOffset else { return "\(message) in pattern \(shown)" }
            return "\(shown)\n\(PatternError.caretLine(shown, byteOffset: shownOffset))\n"
                + "\(message) at offset \(offset)"
        case .invalidUTF8:
            return "invalid UTF-8 at byte offset \(offset ?? 0): \(message)"
        case .replacement:
            return "\(message)" + (offset.map { " at offset \($0) of the replacement" } ?? "")
        default:
            if isLimit {
                return "pattern \(shown) gave up on this input: \(message) (PCRE2 error \(code))"
            }
            return "pattern \(shown) failed: \(message) (PCRE2 error \(code))"
        }
    }

    /// Spaces up to the display column of `byteOffset` in `pattern`, then `^`.
    static func caretLine(_ pattern: String, byteOffset: Int) -> String {
        let utf8 = pattern.utf8
        let clamped = min(max(0, byteOffset), utf8.count)
        let end = utf8.index(utf8.startIndex, offsetBy: clamped)
        // One column per Character; tabs keep their width by being copied.
        var prefix = ""
        for character in pattern[..<end] { prefix.append(character == "\t" ? "\t" : " ") }
        return prefix + "^"
    }

    init(_ failure: EngineFailure, pattern: String) {
        self.code = Int(failure.code)
        self.offset = failure.offset
        self.message = failure.message
        self.pattern = pattern
        switch failure.stage {
        case .compile:
            kind = .compile
        case .jitCompile:
            kind = .jitUnavailable
            message = "JIT compilation is required but not available for this pattern"
        case .match:
            if failure.isInvalidUTF8 {
                kind = .invalidUTF8
            } else {
                switch failure.limit {
                case .match:
                    kind = .matchLimit
                    if let position = failure.exhaustedAt {
                        message =
                            "match limit exceeded over the whole search: its total step budget "
                            + "(Limits.totalMatchLimit) ran out at start position \(position)"
                    }
                case .depth: kind = .depthLimit
                case .heap: kind = .heapLimit
                case .jitStack: kind = .jitStackLimit
                case nil: kind = failure.isReplacementError ? .replacement : .match
                }
            }
        }
    }

    init(kind: Kind, code: Int = 0, offset: Int? = nil, message: String, pattern: String) {
        self.kind = kind
        self.code = code
        self.offset = offset
        self.message = message
        self.pattern = pattern
    }
}

extension PatternError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
