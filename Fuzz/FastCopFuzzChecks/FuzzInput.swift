import FastCop

/// One fuzz input, decoded from raw bytes.
///
/// Layout: byte 0 and the low 3 bits of byte 1 are `Pattern.Options` bits (11 of them); bit 3
/// of byte 1 turns JIT off; bit 4 of byte 1 picks the tight limits; byte 2 is the pattern's
/// length *P* and byte 3 the template's length *T*; then come *P* bytes of pattern, *T* bytes
/// of template, and the rest is the subject. Missing bytes count as zero or empty. The pattern
/// and template are decoded as UTF-8 with replacement characters; the subject is kept as bytes
/// (it may be invalid UTF-8 or hold NULs) and also decoded into a `String`.
package struct FuzzInput {
    package var options: Pattern.Options
    package var jit: Pattern.JITMode
    package var limits: Pattern.Limits
    package var pattern: String
    package var subjectBytes: [UInt8]
    package var subject: String
    package var template: String

    /// Limits low enough that one input cannot run for long even on a long subject with a
    /// runaway pattern; reaching them is an expected outcome, not a finding.
    package static let fuzzLimits = Pattern.Limits(matchLimit: 100_000, depthLimit: 10_000, heapLimit: 8 << 20)
    /// A whole-search budget that makes searches of a few hundred bytes with costly start
    /// positions step through windows (each position's share is 1,000 steps).
    package static let steppingLimits = Pattern.Limits(
        matchLimit: 100_000, depthLimit: 10_000, heapLimit: 8 << 20, totalMatchLimit: 100_000)
    /// The per-position limits of ``fuzzLimits`` with no whole-search budget: PCRE2 alone.
    package static let unboundedLimits = Pattern.Limits(
        matchLimit: 100_000, depthLimit: 10_000, heapLimit: 8 << 20, totalMatchLimit: Int.max)
    /// Limits that trip at once, to exercise the error paths.
    package static let tightLimits = Pattern.Limits(matchLimit: 50, depthLimit: 20, heapLimit: 4 << 10)

    package init(_ data: UnsafeBufferPointer<UInt8>) {
        let head = Array(data.prefix(4)) + [0, 0, 0, 0]
        options = Pattern.Options(rawValue: UInt32(head[0]) | UInt32(head[1] & 0b111) << 8)
        jit = head[1] & 0b1000 != 0 ? .never : .ifAvailable
        limits = head[1] & 0b1_0000 != 0 ? FuzzInput.tightLimits : FuzzInput.fuzzLimits
        var rest = data.dropFirst(4)
        let patternBytes = rest.prefix(Int(head[2]))
        rest = rest.dropFirst(patternBytes.count)
        let templateBytes = rest.prefix(Int(head[3]))
        rest = rest.dropFirst(templateBytes.count)
        pattern = String(decoding: patternBytes, as: UTF8.self)
        template = String(decoding: templateBytes, as: UTF8.self)
        subjectBytes = Array(rest)
        subject = String(decoding: subjectBytes, as: UTF8.self)
    }

    /// Encodes an input in the layout above (used to write seed files).
    package static func encode(
        pattern: String, subject: [UInt8], template: String = "", options: Pattern.Options = [],
        noJIT: Bool = false, tight: Bool = false
    ) -> [UInt8] {
        let low = UInt8(options.rawValue & 0xFF)
        var high = UInt8((options.rawValue >> 8) & 0b111)
        if noJIT { high |= 0b1000 }
        if tight { high |= 0b1_0000 }
        let patternBytes = Array(pattern.utf8.prefix(255))
        let templateBytes = Array(template.utf8.prefix(255))
        return [low, high, UInt8(patternBytes.count), UInt8(templateBytes.count)] + patternBytes
            + templateBytes + subject
    }
}
