#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension RequiredLiteral {
    /// Appends every start of the literal in `range` of `bytes` (each with the whole literal
    /// inside the range) to `starts`, in order, and checks on the way that the bytes are valid
    /// UTF-8: returns the offset of the first byte that is not (as
    /// ``UTF8TextScan/firstInvalidOffset(_:)`` finds it), or nil. It stops there; `starts` may
    /// then hold starts after it. `range` must start at a line start and end at a line end.
    ///
    /// One pass instead of two: the 16-byte loads that look for the literal's rare bytes tell
    /// whether a window of 64 bytes is all ASCII, and only the bytes of windows that are not
    /// (with the few the loads do not cover) go through ``UTF8TextScan``, while they are still
    /// in the cache. Before, the UTF-8 check read every byte of a block once more before the
    /// literal scan: 22% of the CPU of `fastcop match -c 'zebra[0-9]+'` on a 1 GB file.
    ///
    /// - Complexity: O(*n*); stops at the first invalid byte, so a file of invalid lines is not
    ///   scanned again for each.
    package func starts(in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, into starts: inout [Int]) -> Int? {
        guard let base = bytes.baseAddress, !range.isEmpty else { return nil }
        let last = range.upperBound - self.bytes.count  // the last start position that fits
        var start = range.lowerBound
        // Windows are checked as they are passed: `state.carry` says that the last byte checked
        // is a lead byte; the bytes from `state.unchecked` to the current window are not checked
        // yet (-1 when none). The window of start positions `start…` covers the bytes
        // `start + rareIndex…`: the few bytes before are unchecked at first.
        var state = WindowCheck(unchecked: rareIndex > 0 ? range.lowerBound : -1)
        let rareByte = self.bytes[rareIndex]
        let otherByte = self.bytes[otherIndex]
        let rare = SIMD16<UInt8>(repeating: rareByte)
        let other = SIMD16<UInt8>(repeating: otherByte)
        let highs = SIMD2<UInt64>(repeating: 0x8080_8080_8080_8080)
        // The hot loop only asks whether a window needs a closer look (``window(at:in:state:
        // starts:)`` takes it), so that it keeps its vectors in registers. With AVX2 the C loop
        // (``PairScan``) finds the next such window while no run is open.
        let wide = PairScan.available
        while start + 63 <= last {
            if wide && state.carry == 0 && state.unchecked < 0 {
                let found = PairScan.window(
                    in: base, from: start, last: last, rareIndex: rareIndex, otherIndex: otherIndex, rare: rareByte,
                    other: otherByte)
                guard let at = found.window else {
                    start = found.next
                    break
                }
                if let invalid = window(
                    at: at, in: base, hits: found.hits, high: found.high, state: &state, starts: &starts)
                {
                    return invalid
                }
                start = at + 64
                continue
            }
            let rareBytes = UnsafeRawPointer(base + start + rareIndex)
            let otherBytes = UnsafeRawPointer(base + start + otherIndex)
            let r0 = rareBytes.loadUnaligned(as: SIMD16<UInt8>.self)
            let r1 = rareBytes.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self)
            let r2 = rareBytes.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self)
            let r3 = rareBytes.loadUnaligned(fromByteOffset: 48, as: SIMD16<UInt8>.self)
            let hits =
                ((r0 .== rare) .& (otherBytes.loadUnaligned(as: SIMD16<UInt8>.self) .== other))
                .| ((r1 .== rare) .& (otherBytes.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self) .== other))
                .| ((r2 .== rare) .& (otherBytes.loadUnaligned(fromByteOffset: 32, as: SIMD16<UInt8>.self) .== other))
                .| ((r3 .== rare) .& (otherBytes.loadUnaligned(fromByteOffset: 48, as: SIMD16<UInt8>.self) .== other))
            let found = unsafeBitCast(hits, to: SIMD2<UInt64>.self)
            let high = unsafeBitCast(r0 | r1 | r2 | r3, to: SIMD2<UInt64>.self) & highs
            let any = found | high
            if any[0] | any[1] | state.carry != 0 || state.unchecked >= 0 {
                if let invalid = window(
                    at: start, in: base, hits: found[0] | found[1] != 0, high: high[0] | high[1] != 0, state: &state,
                    starts: &starts)
                {
                    return invalid
                }
            }
            start += 64
        }
        // The starts past the last window, then its bytes and any unchecked run before them.
        let rest = start + rareIndex
        let from = state.unchecked >= 0 ? state.unchecked : min(state.carry != 0 ? rest - 1 : rest, range.upperBound)
        while let found = next(in: bytes, range: start..<range.upperBound) {
            starts.append(found)
            start = found + 1
        }
        return Self.firstInvalid(base, from..<range.upperBound)
    }

    /// How far ``starts(in:range:into:)`` has checked.
    private struct WindowCheck {
        /// The first byte of a run not yet checked, or -1.
        var unchecked: Int
        /// 0xFF when the last byte checked is a lead byte, else 0 (``UTF8TextScan/plainChunk(_:carry:_:)``).
        var carry: UInt64 = 0
        let bounds = UTF8TextScan.ChunkBounds(allowsC2: true)
    }

    /// A closer look at the window of start positions `start..<start + 64` (its bytes from
    /// `start + rareIndex`): appends the literal's starts in it when it `hits`, and checks its
    /// bytes: ASCII and two-byte sequences (é, ß, Cyrillic…) lane-parallel as
    /// ``UTF8TextScan`` does; a window with anything else starts an unchecked run, which
    /// ``UTF8TextScan`` checks once an ASCII window ends it at a character boundary. Returns
    /// the first invalid byte found.
    @inline(never)
    private func window(
        at start: Int, in base: UnsafePointer<UInt8>, hits: Bool, high: Bool, state: inout WindowCheck,
        starts: inout [Int]
    ) -> Int? {
        if hits { collect(at: start, in: base, into: &starts) }
        let first = start + rareIndex
        if state.unchecked >= 0 {
            guard !high else { return nil }
            defer { state.unchecked = -1 }
            return Self.firstInvalid(base, state.unchecked..<first)
        }
        guard high || state.carry != 0 else { return nil }
        for chunk in stride(from: first, to: first + 64, by: 16) {
            guard let next = UTF8TextScan.plainChunk(UnsafeRawPointer(base + chunk), carry: state.carry, state.bounds)
            else {
                // A lead byte before the chunk starts the run.
                state.unchecked = state.carry != 0 ? chunk - 1 : chunk
                state.carry = 0
                return nil
            }
            state.carry = next
        }
        return nil
    }

    /// Appends the literal's starts among the positions `start..<start + 64`.
    private func collect(at start: Int, in base: UnsafePointer<UInt8>, into starts: inout [Int]) {
        let length = bytes.count
        let rare = SIMD16<UInt8>(repeating: bytes[rareIndex])
        let other = SIMD16<UInt8>(repeating: bytes[otherIndex])
        bytes.withUnsafeBufferPointer { literal in
            for lanes in stride(from: start, to: start + 64, by: 16) {
                let rareBytes = UnsafeRawPointer(base + lanes + rareIndex).loadUnaligned(as: SIMD16<UInt8>.self)
                let otherBytes = UnsafeRawPointer(base + lanes + otherIndex).loadUnaligned(as: SIMD16<UInt8>.self)
                let found = unsafeBitCast((rareBytes .== rare) .& (otherBytes .== other), to: SIMD2<UInt64>.self)
                for word in 0..<2 {
                    var flags = found[word]
                    while flags != 0 {
                        let lane = flags.trailingZeroBitCount / 8
                        let candidate = lanes + 8 * word + lane
                        if memcmp(base + candidate, literal.baseAddress!, length) == 0 { starts.append(candidate) }
                        flags &= ~(0xFF << UInt64(8 * lane))
                    }
                }
            }
        }
    }

    /// The first invalid UTF-8 byte in `range` (which starts and ends at character boundaries).
    private static func firstInvalid(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        let bytes = UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
        return UTF8TextScan.firstInvalidOffset(bytes).map { range.lowerBound + $0 }
    }
}
