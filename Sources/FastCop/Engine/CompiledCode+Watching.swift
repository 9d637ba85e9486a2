import CPCRE2

/// A pattern's watched form (``CompiledCode/watchedVariant``) and where its callout is, or no
/// code when the branch did not become a callout where expected (with `PCRE2_LITERAL`, for
/// example) or did not compile: then a search skips the watched stage.
final class WatchedCode: Sendable {
    let code: CompiledCode?
    /// The callout's `pattern_position` (the offset of the `(*F)` after it).
    let calloutPosition: Int

    init(_ code: CompiledCode?, calloutAt position: Int) {
        var found = (position: position, seen: false)
        if let code {
            withUnsafeMutablePointer(to: &found) { found in
                _ = pcre2_callout_enumerate_8(code.code, findCallout, found)
            }
        }
        self.code = found.seen ? code : nil
        self.calloutPosition = position
    }
}

/// `pcre2_callout_enumerate` visitor: notes whether callout 255 sits at the expected position.
private func findCallout(
    _ block: UnsafeMutablePointer<pcre2_callout_enumerate_block_8>?, _ data: UnsafeMutableRawPointer?
) -> Int32 {
    guard let block, let found = data?.assumingMemoryBound(to: (position: Int, seen: Bool).self) else { return 0 }
    if block.pointee.callout_number == 255 && block.pointee.pattern_position == found.pointee.position {
        found.pointee.seen = true
    }
    return 0
}

extension CompiledCode {
    /// Runs PCRE2's own search (every start position under the full ``EngineLimits/match``)
    /// on the watched form of this pattern, for at most half of `remaining` steps' worth of
    /// the thread's CPU time (``EngineLimits/nanosecondsPerStep`` each, or
    /// ``EngineLimits/nanosecondsPerInterpretedStep`` without JIT), and charges the CPU time it
    /// took (at most that half) to `remaining`. CPU time, not the clock on the wall: on a busy
    /// machine a search is not cut short because other work held its core.
    ///
    /// The form `pattern\E|(?C255)(*F)` matches exactly what `pattern` matches (its last branch
    /// always fails and adds no group), and PCRE2 keeps its optimizations for the first branch
    /// (the JIT's memory of where a leading repeat already failed, which makes `\s+$` linear);
    /// the callout in the last branch (`cpcre2_watch_callout`) runs once per failed start
    /// position and reads a coarse clock at every eighth (and the thread's CPU time once that clock
    /// says the allowance may be spent). So the search ends within its CPU time plus eight start
    /// positions' work (each at most ``EngineLimits/match`` steps) and the coarse clock's resolution.
    ///
    /// - Returns: PCRE2's status, and the start position at which the time ran out when the
    ///   status is `PCRE2_ERROR_CALLOUT`; nil when the pattern has no watched form.
    func watch(
        _ subject: UnsafeBufferPointer<UInt8>, from start: Int, options: UInt32, scratch: MatchScratch,
        remaining: inout UInt64
    ) throws -> (status: Int32, stoppedAt: Int)? {
        let watched = watchedVariant
        guard let code = watched.code else { return nil }
        let base = subject.baseAddress ?? EmptySubject.pointer
        let (status, stoppedAt) = watching(watched, scratch: scratch, remaining: &remaining) {
            scratch.retryingOnJITStack {
                if code.isJIT {
                    return pcre2_jit_match_8(
                        code.code, base, subject.count, start, options, scratch.matchData, scratch.context)
                }
                return pcre2_match_8(
                    code.code, base, subject.count, start, options | EngineFlags.noUTFCheck, scratch.matchData,
                    scratch.context)
            }
        }
        return (status, stoppedAt ?? start)
    }

    /// Runs `body` (PCRE2 calls on `watched`'s code with `scratch`'s context) under the clock
    /// that ``watch(_:from:options:scratch:remaining:)`` describes, and charges its time.
    ///
    /// - Returns: `body`'s status, and where the time ran out when it did.
    func watching(
        _ watched: WatchedCode, scratch: MatchScratch, remaining: inout UInt64, _ body: () -> Int32
    ) -> (status: Int32, stoppedAt: Int?) {
        // CPU time (see SearchWatch): the same work whether or not other threads or processes
        // hold the cores meanwhile. At most half of what is left, so that the search in
        // windows keeps the other half.
        let half = remaining / 2
        let perStep =
            watched.code?.isJIT ?? true ? EngineLimits.nanosecondsPerStep : EngineLimits.nanosecondsPerInterpretedStep
        let (allowance, overflow) = half.multipliedReportingOverflow(by: perStep)
        var watch = SearchWatch(allowance: overflow ? nil : allowance, calloutPosition: watched.calloutPosition)
        defer { remaining -= min(half, watch.cpuSpent / perStep) }
        scratch.apply(limits, matchLimit: limits.match)
        let status = withUnsafeMutablePointer(to: &watch.state) { watch in
            pcre2_set_callout_8(scratch.context, cpcre2_watch_callout, watch)
            defer { pcre2_set_callout_8(scratch.context, nil, nil) }
            return body()
        }
        return (status, watch.stoppedAt)
    }

    /// `pcre2_substitute` with `options` on the watched form, every start position under the
    /// full ``EngineLimits/match``, under the clock of ``watch(_:from:options:scratch:remaining:)``:
    /// for a substitution whose first pass reached its share, PCRE2's own substitution in one
    /// call (the watched form's matches are the pattern's).
    ///
    /// - Returns: the new text, or nil inside when nothing matched; nil when the pattern has no
    ///   watched form or the time ran out (then the caller substitutes match by match).
    func substituteWatched(
        _ subject: UnsafeBufferPointer<UInt8>, replacement: UnsafeBufferPointer<UInt8>, options: UInt32,
        scratch: MatchScratch, remaining: inout UInt64
    ) throws -> String?? {
        let watched = watchedVariant
        guard let code = watched.code else { return .none }
        let base = subject.baseAddress ?? EmptySubject.pointer
        let replacementBase = replacement.baseAddress ?? EmptySubject.pointer
        let (status, result) = SubstitutionOutput.run(
            capacity: subject.count + subject.count / 2 + 64,
            make: { String(unsafeUninitializedCapacity: $0, initializingUTF8With: $1) },
            substitute: { output, length in
                let size = length
                return watching(watched, scratch: scratch, remaining: &remaining) {
                    scratch.retryingOnJITStack {
                        length = size
                        return pcre2_substitute_8(
                            code.code, base, subject.count, 0, options, scratch.matchData, scratch.context,
                            replacementBase, replacement.count, output, &length)
                    }
                }.status
            })
        if status == PCRE2_ERROR_CALLOUT { return .none }
        if status >= 0 { return .some(status == 0 ? nil : result) }
        throw failure(status, scratch: scratch)
    }
}
