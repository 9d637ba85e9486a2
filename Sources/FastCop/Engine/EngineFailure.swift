import CPCRE2

/// A failure reported by PCRE2, in engine terms: the PCRE2 error code, where it happened
/// (a byte offset into the pattern or the subject, when PCRE2 gives one) and PCRE2's own
/// message. The public `PatternError` is built from this one layer up.
struct EngineFailure: Error, Sendable {
    /// What failed: compiling a pattern, JIT-compiling it (when JIT is required), or matching.
    enum Stage: Sendable { case compile, jitCompile, match }

    var stage: Stage
    /// The PCRE2 error code (negative for match errors, positive for compile errors).
    var code: Int32
    /// A byte offset: into the pattern for compile errors, into the subject for UTF-8 errors.
    var offset: Int?
    /// For a match-limit failure: the start position (a byte offset into the subject) at
    /// which the search had spent its whole budget (``EngineLimits/total``); nil when one
    /// start position alone reached the match limit.
    var exhaustedAt: Int?

    /// PCRE2's text for `code`, from `pcre2_get_error_message`.
    var message: String { EngineFailure.message(for: code) }

    static func message(for code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = pcre2_get_error_message_8(Int32(code), &buffer, buffer.count)
        guard count > 0 else { return "PCRE2 error \(code)" }
        return String(decoding: buffer[..<Int(count)], as: UTF8.self)
    }

    /// True when `code` is one of PCRE2's invalid-UTF-8 errors (`PCRE2_ERROR_UTF8_ERR1`…`ERR21`).
    var isInvalidUTF8: Bool {
        stage == .match && code <= PCRE2_ERROR_UTF8_ERR1 && code >= PCRE2_ERROR_UTF8_ERR21
    }

    /// The resource limits that stop a runaway match.
    enum Limit: Sendable { case match, depth, heap, jitStack }

    var limit: Limit? {
        guard stage == .match else { return nil }
        switch code {
        case PCRE2_ERROR_MATCHLIMIT: return .match
        // The interpreter's guard against a group call that nests at the same subject
        // position (`(?1)as(|(?1))`): without it the nesting would reach any depth limit.
        case PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_RECURSELOOP: return .depth
        case PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_NOMEMORY: return .heap
        case PCRE2_ERROR_JIT_STACKLIMIT: return .jitStack
        default: return nil
        }
    }
}

extension EngineFailure {
    /// True for errors `pcre2_substitute` reports about the replacement string.
    var isReplacementError: Bool {
        stage == .match
            && (code == PCRE2_ERROR_BADREPLACEMENT || code == PCRE2_ERROR_BADREPESCAPE
                || code == PCRE2_ERROR_NOSUBSTRING
                || code == PCRE2_ERROR_REPMISSINGBRACE || code == PCRE2_ERROR_BADSUBSTITUTION)
    }
}
