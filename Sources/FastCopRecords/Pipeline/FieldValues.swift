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
