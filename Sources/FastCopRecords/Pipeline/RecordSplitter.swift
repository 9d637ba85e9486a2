/// Finds where records end in a buffer of input bytes.
package protocol RecordSplitter {
    /// Appends the complete records found in `bytes[from...]` to `records`, stopping (at a
    /// record's start) when it is full.
    ///
    /// - Parameters:
    ///   - atEnd: no more input follows `bytes`; the tail is a record too.
    ///   - maxRecordBytes: the longest record to wait for.
    /// - Returns: the offset of the first byte not consumed (the start of an incomplete record,
    ///   or of the next record when `records` is full).
    /// - Throws: ``RecordsError`` when a record is longer than `maxRecordBytes` and cannot be cut.
    mutating func split(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, atEnd: Bool, maxRecordBytes: Int,
        into records: inout RecordSpanRoom
    ) throws -> Int

    /// Blank lines passed over so far, as no record (the summary counts them, so none goes
    /// unmentioned).
    var skippedBlankLines: Int { get }
}

/// Room for the records a splitter finds: a span is stored with no check of the array's
/// uniqueness per record (which `Array.append` makes: 3% of the 1M-row benchmark's CPU time,
/// on the reader thread that the workers wait for).
package struct RecordSpanRoom {
    private let storage: UnsafeMutableBufferPointer<RecordSpan>
    /// The spans stored so far: `storage[..<count]`.
    private(set) var count = 0

    /// Room in `storage` (uninitialized memory).
    init(_ storage: UnsafeMutableBufferPointer<RecordSpan>) {
        self.storage = storage
    }

    /// Whether no other span fits.
    var isFull: Bool { count == storage.count }

    /// Stores `span` (there must be room: see ``isFull``).
    @inline(__always)
    mutating func append(_ span: RecordSpan) {
        precondition(count < storage.count, "RecordSpanRoom: no room left")
        storage.initializeElement(at: count, to: span)
        count += 1
    }
}

package enum ASCII {
    package static let newline = UInt8(ascii: "\n")
    package static let carriageReturn = UInt8(ascii: "\r")
    static let quote = UInt8(ascii: "\"")
    static let comma = UInt8(ascii: ",")
    static let tab = UInt8(ascii: "\t")
    static let backslash = UInt8(ascii: "\\")
    static let space = UInt8(ascii: " ")
}
