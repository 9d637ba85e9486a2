#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One worker's filtered values of the current row, as bytes: every value one after the other
/// in one buffer that is reused from row to row, so that judging a row allocates nothing once
/// the buffers have grown to fit.
package struct FieldValues {
    /// The values' bytes.
    var bytes: [UInt8] = []
    /// Each rule field's value in `bytes`; nil when the field was absent, unusable, or its
    /// filters failed.
    var ranges: [Range<Int>?]
    /// Each typed field's value as its type, when it was read (for uniqueness).
    var typed: [TypedValue?]
    /// How many fields of the row have no value (absent, or one of the missing values).
    var missing = 0
    /// Two buffers that a chain of filters passes its value between.
    var first: [UInt8] = []
    var second: [UInt8] = []

    /// Whether the typed values are kept (only keys need them: a run that checks uniqueness).
    let keepsTyped: Bool

    /// Room for `count` fields; `keepsTyped` when the run checks uniqueness.
    init(count: Int, keepsTyped: Bool = false) {
        ranges = Array(repeating: nil, count: count)
        typed = Array(repeating: nil, count: keepsTyped ? count : 0)
        self.keepsTyped = keepsTyped
    }

    /// Keeps what judging field `index` found.
    @inline(__always)
    mutating func apply(_ verdict: RowEvaluator.FieldVerdict, to index: Int, keyPart: Bool) {
        if verdict.missing { missing += 1 }
        if keepsTyped && keyPart {
            typed[index] = verdict.typed
            typedSet = true
        }
    }

    /// Records field `index`'s value in ``bytes``.
    @inline(__always)
    mutating func setRange(_ range: Range<Int>, of index: Int) {
        ranges[index] = range
        rangesSet = true
    }

    /// Whether a range or a typed value was set since the last reset (a row judged in place
    /// sets none: nothing to clear).
    private var rangesSet = false
    private var typedSet = false

    /// Forgets the previous row (keeping the memory).
    mutating func reset() {
        if !bytes.isEmpty { bytes.removeAll(keepingCapacity: true) }
        missing = 0
        if rangesSet {
            for index in ranges.indices { ranges[index] = nil }
            rangesSet = false
        }
        if typedSet {
            for index in typed.indices { typed[index] = nil }
            typedSet = false
        }
    }
}

extension FieldValues {
    /// Sets `changes` to the values the filters changed: the bytes of `record` that held each
    /// (its span) and where the new value is in ``bytes``, in the record's order. A JSON
    /// literal (a number or a bool) keeps its bytes.
    @inline(__always)
    func changes(
        from record: UnsafeBufferPointer<UInt8>, inputs: [FieldInput],
        into changes: inout [(span: Range<Int>, value: Range<Int>)]
    ) {
        changes.removeAll(keepingCapacity: true)
        bytes.withUnsafeBufferPointer { cleaned in
            for (index, input) in inputs.enumerated() {
                guard let value = ranges[index] else { continue }
                let new = UnsafeBufferPointer(rebasing: cleaned[value])
                switch input {
                case .bytes(let original, let span):
                    if !Self.sameBytes(new, UnsafeBufferPointer(rebasing: record[original])) {
                        changes.append((span, value))
                    }
                case .text(let original, let span):
                    var original = original
                    if !original.withUTF8({ Self.sameBytes(new, $0) }) {
                        changes.append((span, value))
                    }
                case .absent, .unusable, .literal:
                    continue
                }
            }
            if changes.count > 1 { changes.sort { $0.span.lowerBound < $1.span.lowerBound } }
        }
    }

    /// Whether two values have the same bytes (not Swift's `==` on strings, which compares
    /// canonical equivalence and would hide a normalization).
    @inline(__always)
    static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }
}
