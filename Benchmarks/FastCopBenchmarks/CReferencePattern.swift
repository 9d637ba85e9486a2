import CReference

/// The C reference loops (Benchmarks/CReference), wrapped for the sections.
final class CReferencePattern {
    private let pattern: OpaquePointer

    /// Compiles `source` the way FastCop does: UTF, Unicode classes unless `unicodeClasses`
    /// is false, any-newline, FastCop's default match limit, and compile-time anchoring at both
    /// ends when `whole`.
    init(_ source: String, whole: Bool, unicodeClasses: Bool = true) throws {
        var message = [CChar](repeating: 0, count: 512)
        let limit = UInt32(1_000_000)
        let compiled = source.withCString { text in
            creference_compile(
                text, source.utf8.count, whole ? 1 : 0, unicodeClasses ? 1 : 0, limit, &message, message.count)
        }
        guard let compiled else {
            let length = message.firstIndex(of: 0) ?? message.count
            let text = String(decoding: message[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw Disagreement(description: "C reference: cannot compile \(source): \(text)")
        }
        pattern = compiled
    }

    deinit { creference_free(pattern) }

    var isJIT: Bool { creference_is_jit(pattern) != 0 }

    /// How many of the subjects in `range` match (`pcre2_jit_match_8` with one reused match
    /// data).
    func countMatches(_ arena: ByteArena, _ range: Range<Int>) throws -> Int {
        let result = arena.bytes.withUnsafeBufferPointer { bytes in
            arena.offsets.withUnsafeBufferPointer { offsets in
                creference_count_matches(
                    pattern, bytes.baseAddress, offsets.baseAddress.map { $0 + range.lowerBound }, range.count)
            }
        }
        guard result >= 0 else { throw Disagreement(description: "C reference: PCRE2 error \(result)") }
        return result
    }

    /// Replaces every match in the subjects in `range` with `replacement`
    /// (`pcre2_substitute_8`), into `output` from its start: output `i` is subject
    /// `range.lowerBound + i`.
    func substituteAll(
        _ arena: ByteArena, _ range: Range<Int>, replacement: String, into output: inout OutputArena
    ) throws {
        let replacementBytes = Array(replacement.utf8)
        let capacity = output.bytes.count
        let result = arena.bytes.withUnsafeBufferPointer { bytes in
            arena.offsets.withUnsafeBufferPointer { offsets in
                output.bytes.withUnsafeMutableBufferPointer { outputBytes in
                    output.offsets.withUnsafeMutableBufferPointer { outputOffsets in
                        creference_substitute_all(
                            pattern, replacementBytes, replacementBytes.count, bytes.baseAddress,
                            offsets.baseAddress.map { $0 + range.lowerBound }, range.count,
                            outputBytes.baseAddress, capacity, outputOffsets.baseAddress)
                    }
                }
            }
        }
        guard result >= 0 else { throw Disagreement(description: "C reference: PCRE2 error \(result)") }
    }
}
