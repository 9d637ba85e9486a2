import CPCRE2

/// The one grow-and-retry loop around `pcre2_substitute_8`, for every substitution the engine
/// makes (a whole substitution, its watched form, and one match's replacement when a
/// substitution goes match by match).
///
/// Each call passes `PCRE2_SUBSTITUTE_OVERFLOW_LENGTH`: when the output does not fit, PCRE2
/// answers `PCRE2_ERROR_NOMEMORY` and sets the length to the size the whole output needs, so a
/// second attempt with that capacity is the last one needed.
enum SubstitutionOutput {
    /// The number of attempts: the first at the caller's estimate, the second at the size
    /// PCRE2 asked for.
    static let attempts = 2
    /// PCRE2's answer when the output does not fit (`PCRE2_ERROR_NOMEMORY`).
    static let outputTooSmall = PCRE2_ERROR_NOMEMORY

    /// Runs `substitute` (one `pcre2_substitute_8` call given its output buffer and the
    /// buffer's length, which it sets as PCRE2 does) into output made by `make`, first with
    /// `capacity` bytes, then, when PCRE2 answers that the output needs more, with as many as
    /// it asked for.
    ///
    /// - Parameters:
    ///   - capacity: the first attempt's estimate.
    ///   - make: makes the output for a capacity, calling its `fill` argument once with the
    ///     buffer to write into; `fill` returns the bytes written (none for a call that failed
    ///     or substituted nothing).
    ///   - substitute: the call.
    /// - Returns: PCRE2's status (the number of substitutions when not negative) and the output,
    ///   which is nil for a negative status. ``outputTooSmall`` is returned only when the
    ///   second attempt did not fit either.
    @inline(__always)
    static func run<Output>(
        capacity: Int,
        make: (_ capacity: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) -> Int) -> Output,
        substitute: (_ output: UnsafeMutablePointer<UInt8>?, _ length: inout Int) -> Int32
    ) -> (status: Int32, output: Output?) {
        // `make` calls back into `substitute`, which only this call runs.
        withoutActuallyEscaping(substitute) { substitute in
            var capacity = capacity
            var status = outputTooSmall
            for _ in 0..<attempts {
                var length = 0
                let output = make(capacity) { buffer in
                    length = buffer.count
                    status = substitute(buffer.baseAddress, &length)
                    return status > 0 ? length : 0
                }
                if status >= 0 { return (status, output) }
                guard status == outputTooSmall else { break }
                capacity = length
            }
            return (status, nil)
        }
    }

    /// Output made as a `String` of exactly the bytes written: in `buffer` (the thread's
    /// reusable buffer, ``MatchScratch/outputBuffer``) when the capacity fits it, so that a
    /// short result allocates only its `String` and a call that substitutes nothing allocates
    /// nothing; else in the `String`'s own storage.
    @inline(__always)
    static func string(
        reusing buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> (Int, (UnsafeMutableBufferPointer<UInt8>) -> Int) -> String {
        { capacity, fill in
            guard capacity <= buffer.count else {
                return String(unsafeUninitializedCapacity: capacity, initializingUTF8With: fill)
            }
            let count = fill(buffer)
            return count == 0 ? "" : String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }
}
